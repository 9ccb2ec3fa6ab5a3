import { MapPin } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import type { Place } from '@urbana/shared';
import { inputClass } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePlaces } from '../api.ts';

/**
 * City autocomplete (ARIA combobox): type, pick with the arrows and Enter, or click. A text with no
 * city says so under the box; Enter on it goes to `onEnter` (the search asks the server, which names
 * the place or says it does not know it).
 */
export function PlaceCombobox({
  value,
  onChange,
  onPick,
  onEnter,
  label = 'Cidade',
  className,
  inputClassName,
  hideLabel,
}: {
  value: string;
  onChange: (text: string) => void;
  onPick: (place: Place) => void;
  onEnter?: (text: string) => void;
  label?: string;
  className?: string;
  inputClassName?: string;
  hideLabel?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const places = usePlaces(value, open);
  const items = open ? (places.data ?? []) : [];
  const noPlace = open && places.isSuccess && places.data.length === 0;

  const pick = (place: Place) => {
    onPick(place);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(items.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter' && open && items[active]) {
      e.preventDefault();
      pick(items[active]);
    } else if (e.key === 'Enter' && onEnter) {
      e.preventDefault();
      setOpen(false);
      onEnter(value);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className={cn('relative', className)}>
      <label
        htmlFor={id}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-slate-800'}
      >
        {label}
      </label>
      <div className="relative">
        <MapPin
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={id}
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={`${id}-lista`}
          aria-autocomplete="list"
          aria-activedescendant={items.length > 0 ? `${id}-opcao-${active}` : undefined}
          aria-describedby={noPlace ? `${id}-nenhuma` : undefined}
          autoComplete="off"
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={(e) => {
            e.target.select();
            setOpen(true);
          }}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
          placeholder="Digite uma cidade"
          className={cn(inputClass, 'pl-9', inputClassName)}
        />
      </div>
      {noPlace ? <NoPlace id={`${id}-nenhuma`} text={value} /> : null}
      {items.length > 0 ? (
        <PlaceOptions id={id} items={items} active={active} onActive={setActive} onPick={pick} />
      ) : null}
    </div>
  );
}

/** Under the box when the typed text names no city. */
function NoPlace({ id, text }: { id: string; text: string }) {
  return (
    <p
      id={id}
      role="status"
      className="absolute z-40 mt-1 w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700 shadow-lg"
    >
      Nenhuma cidade encontrada para “{text.trim()}”. Confira o nome ou escolha uma cidade da lista.
    </p>
  );
}

/** The cities found: the active one highlighted, a press picks one (before the box loses focus). */
function PlaceOptions({
  id,
  items,
  active,
  onActive,
  onPick,
}: {
  id: string;
  items: Place[];
  active: number;
  onActive: (index: number) => void;
  onPick: (place: Place) => void;
}) {
  return (
    <ul
      id={`${id}-lista`}
      role="listbox"
      aria-label="Cidades"
      className="absolute z-40 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
    >
      {items.map((place, i) => (
        <li
          key={`${place.name}-${place.uf}`}
          id={`${id}-opcao-${i}`}
          role="option"
          aria-selected={i === active}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(place);
          }}
          onMouseEnter={() => onActive(i)}
          className={cn(
            'cursor-pointer px-3 py-2 text-sm text-slate-800',
            i === active && 'bg-brand-50 text-brand-900',
          )}
        >
          <span className="font-medium">{place.name}</span>
          <span className="text-slate-600"> — {place.label.split(', ').slice(1).join(', ')}</span>
        </li>
      ))}
    </ul>
  );
}
