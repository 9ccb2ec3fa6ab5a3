import { RotateCcw } from 'lucide-react';
import {
  productTypeLabels,
  productTypes,
  searchOrderLabels,
  searchOrders,
  bookingWeekChoices,
} from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { PlaceCombobox } from '../../catalog/index.ts';

const weekLabel = (w: number) => `${w} ${w === 1 ? 'semana' : 'semanas'}`;
const typeOptions = [
  ['todos', 'Todos os tipos'] as const,
  ...productTypes.map((t) => [t, productTypeLabels[t]] as const),
];
const orderOptions = searchOrders.map((o) => [o, searchOrderLabels[o]] as const);

const NO_AREA = { norte: null, sul: null, leste: null, oeste: null };

/** Changes the search's URL; `keepPage` keeps the page (otherwise a new filter starts at page 1). */
export type ChangeSearch = (changes: Record<string, string | null>, keepPage?: boolean) => void;

/** The id of the message of a refused filter, which the control it names points to. */
export const PROBLEM_ID = 'problema-busca';

/**
 * The search's filters (place, start, duration, type, order, prices, flexible dates, only available):
 * each one changes the URL at once, the one source of truth of the search page.
 */
export function FilterBar({
  params,
  weeks,
  change,
  problemKey,
  start,
  earliestStart,
  placeText,
  onPlaceText,
  open,
  onClear,
}: {
  params: URLSearchParams;
  /** The duration in weeks the search asks for. */
  weeks: number;
  change: ChangeSearch;
  /** The filter the server would refuse, if any. */
  problemKey: string | undefined;
  /** The start the last search used, shown when the URL names none. */
  start: string | undefined;
  earliestStart: string | undefined;
  placeText: string;
  onPlaceText: (text: string) => void;
  /** Shown on a phone (always shown from md up). */
  open: boolean;
  onClear: () => void;
}) {
  const weekOptions = [
    ...(bookingWeekChoices.includes(weeks) ? [] : [[String(weeks), params.get('semanas') ?? ''] as const]),
    ...bookingWeekChoices.map((w) => [String(w), weekLabel(w)] as const),
  ];
  const problemOf: ProblemOf = (key, alsoWhen) => ({
    'aria-invalid': problemKey === key || (alsoWhen !== undefined && problemKey === alsoWhen) || undefined,
    'aria-describedby': problemKey === key ? PROBLEM_ID : undefined,
  });

  return (
    <form
      id="filtros"
      role="search"
      aria-label="Filtros da busca"
      onSubmit={(e) => e.preventDefault()}
      className={`${open ? 'grid' : 'hidden'} gap-3 rounded-xl border border-slate-200 bg-white p-4 md:grid md:grid-cols-6`}
    >
      <PlaceFilter text={placeText} onText={onPlaceText} change={change} />
      <Field
        id="filtro-inicio"
        label="Início"
        type="date"
        min={earliestStart}
        value={params.get('inicio') ?? start ?? ''}
        onChange={(e) => change({ inicio: e.target.value || null })}
      />
      <SelectField
        id="filtro-semanas"
        label="Duração"
        options={weekOptions}
        value={String(weeks)}
        onChange={(e) => change({ semanas: e.target.value })}
        {...problemOf('semanas')}
      />
      <ChoiceFilter name="tipo" label="Tipo de mídia" options={typeOptions} params={params} change={change} />
      <ChoiceFilter name="ordem" label="Ordenar por" options={orderOptions} params={params} change={change} />
      <PriceInput
        name="preco_min"
        label="Diária mínima (R$)"
        params={params}
        change={change}
        problemOf={problemOf}
      />
      <PriceInput
        name="preco_max"
        label="Diária máxima (R$)"
        params={params}
        change={change}
        problemOf={problemOf}
      />
      <CheckFilter
        label="Datas flexíveis"
        checked={params.get('flexivel') !== 'false'}
        onChange={(checked) => change({ flexivel: checked ? null : 'false' })}
      />
      <CheckFilter
        label="Só disponíveis"
        checked={params.get('disponivel') === 'true'}
        onChange={(checked) => change({ disponivel: checked ? 'true' : null })}
      />
      <div className="flex items-end md:col-span-2 md:justify-end">
        <Button variant="ghost" onClick={onClear}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          Limpar filtros
        </Button>
      </div>
    </form>
  );
}

type ProblemOf = (key: string, alsoWhen?: string) => Record<string, string | boolean | undefined>;

/** A daily price bound, typed in reais and kept in the URL in centavos; applied when the field is left. */
function PriceInput({
  name,
  label,
  params,
  change,
  problemOf,
}: {
  name: 'preco_min' | 'preco_max';
  label: string;
  params: URLSearchParams;
  change: ChangeSearch;
  problemOf: ProblemOf;
}) {
  return (
    <Field
      id={`filtro-${name}`}
      label={label}
      type="number"
      min={0}
      step={10}
      inputMode="numeric"
      placeholder="R$"
      defaultValue={params.get(name) ? Number(params.get(name)) / 100 : ''}
      key={params.get(name) ?? ''}
      {...problemOf(name, name === 'preco_max' ? 'preco_min' : undefined)}
      onBlur={(e) => {
        const reais = e.target.value.trim();
        const centavos = reais === '' ? null : String(Math.round(Number(reais) * 100));
        if (centavos !== params.get(name)) change({ [name]: centavos });
      }}
      onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
    />
  );
}

function CheckFilter({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 self-end pb-3 text-sm text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 accent-brand-700"
      />
      {label}
    </label>
  );
}

/** The place box: a picked place replaces the map's area. */
function PlaceFilter({
  text,
  onText,
  change,
}: {
  text: string;
  onText: (text: string) => void;
  change: ChangeSearch;
}) {
  return (
    <PlaceCombobox
      className="md:col-span-2"
      label="Cidade"
      value={text}
      onChange={onText}
      onPick={(place) => {
        onText(place.label);
        change({ local: place.label, lat: String(place.lat), lng: String(place.lng), ...NO_AREA });
      }}
      // A typed name is searched as written: the server finds the city or says it does not know it.
      onEnter={(typed) => {
        const local = typed.trim();
        if (local) change({ local, lat: null, lng: null, ...NO_AREA });
      }}
    />
  );
}

/** A choice kept in the URL; its first option (the default) leaves the URL without it. */
function ChoiceFilter({
  name,
  label,
  options,
  params,
  change,
}: {
  name: string;
  label: string;
  options: ReadonlyArray<readonly [string, string]>;
  params: URLSearchParams;
  change: ChangeSearch;
}) {
  const fallback = options[0]![0];
  return (
    <SelectField
      id={`filtro-${name}`}
      label={label}
      options={options}
      value={params.get(name) ?? fallback}
      onChange={(e) => change({ [name]: e.target.value === fallback ? null : e.target.value })}
    />
  );
}
