import { useId } from 'react';
import { inputClass } from './field.tsx';
import { cn } from '../../lib/cn.ts';

/** One thing a picker offers: a name and the line that tells it from others of the same name. */
export interface PickerOption {
  id: string;
  title: string;
  detail: string;
}

/**
 * Finds one thing by typing (two letters or more) and picks it from the list below the box; once
 * picked, it shows as a card with "Trocar". The staff's pickers of a customer and of a product.
 */
export function SearchPicker({
  label,
  placeholder,
  listLabel,
  emptyText,
  selected,
  onClear,
  q,
  onSearch,
  options,
  fetching,
  onPick,
  error,
}: {
  label: string;
  placeholder: string;
  /** The accessible name of the list of matches ("Clientes encontrados"). */
  listLabel: string;
  emptyText: string;
  selected: PickerOption | null;
  onClear: () => void;
  /** What is typed in the box, and the matches of it (while `fetching`, the last ones). */
  q: string;
  onSearch: (q: string) => void;
  options: PickerOption[];
  fetching: boolean;
  onPick: (id: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  if (selected) {
    return (
      <div role="group" aria-label={label} className="flex flex-col gap-1">
        <span className="text-sm font-medium text-slate-800" aria-hidden="true">
          {label}
        </span>
        <div className="flex items-center justify-between gap-2 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm">
          <span className="min-w-0">
            <span className="block truncate font-medium">{selected.title}</span>
            <span className="block truncate text-xs text-slate-600">{selected.detail}</span>
          </span>
          <button
            type="button"
            className="shrink-0 text-sm font-medium text-brand-700 underline"
            onClick={onClear}
          >
            Trocar
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={cn(inputClass, error && 'border-red-500')}
        placeholder={placeholder}
        value={q}
        onChange={(e) => onSearch(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
      />
      {error ? (
        <p id={`${id}-erro`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {q.trim().length >= 2 ? (
        <ul aria-label={listLabel} className="max-h-48 overflow-y-auto rounded-lg border border-slate-200">
          {options.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-600">{fetching ? 'Buscando…' : emptyText}</li>
          ) : (
            options.map((option) => (
              <li key={option.id}>
                <button
                  type="button"
                  className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-50 focus:bg-slate-100 focus:outline-none"
                  onClick={() => onPick(option.id)}
                >
                  <span className="block font-medium">{option.title}</span>
                  <span className="block text-xs text-slate-600">{option.detail}</span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
