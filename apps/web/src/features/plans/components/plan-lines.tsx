import { Link } from 'react-router';
import {
  buildPath,
  formatBookingPeriod,
  formatInteger,
  formatMoney,
  paths,
  planChangeLabels,
  productTypeLabels,
  type PlanChangeKind,
  type PlanLineView,
  type ProductType,
  facesLine,
} from '@urbana/shared';
import { cn } from '../../../lib/cn.ts';

type Line = Omit<PlanLineView, 'saved_total' | 'changes'> & {
  saved_total?: number;
  changes?: PlanChangeKind[];
};

const changeTone: Record<PlanChangeKind, string> = {
  preco_subiu: 'bg-amber-100 text-amber-900',
  preco_caiu: 'bg-emerald-100 text-emerald-900',
  indisponivel: 'bg-red-100 text-red-900',
  desativado: 'bg-slate-200 text-slate-800',
};

function ChangeBadges({ line }: { line: Line }) {
  // The shared page has no "since saved": it only says what cannot be booked now.
  if (!line.changes && !line.available) {
    const kind: PlanChangeKind = line.active ? 'indisponivel' : 'desativado';
    return (
      <p className={cn('mt-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold', changeTone[kind])}>
        {planChangeLabels[kind]}
      </p>
    );
  }
  if (!line.changes || line.changes.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="O que mudou desde que o plano foi salvo">
      {line.changes.map((c) => (
        <li key={c} className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', changeTone[c])}>
          {planChangeLabels[c]}
          {(c === 'preco_subiu' || c === 'preco_caiu') && line.saved_total !== undefined
            ? `: era ${formatMoney(line.saved_total)}`
            : ''}
        </li>
      ))}
    </ul>
  );
}

/** The lines of a plan, numbered as on its map: photo, place, period, audience, CPM, total. */
export function PlanLines({ lines }: { lines: Line[] }) {
  return (
    <ol className="space-y-3" aria-label="Locais do plano">
      {lines.map((line, i) => (
        <li
          key={`${line.productId}-${line.start}`}
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:flex-row"
        >
          {line.photos[0] ? (
            <img
              src={line.photos[0].url}
              alt={line.photos[0].alt}
              loading="lazy"
              className="h-36 w-full rounded-lg object-cover sm:h-24 sm:w-36 sm:flex-none"
            />
          ) : null}
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold text-slate-900">
              <span className="mr-1 inline-flex h-6 w-6 items-center justify-center rounded-full bg-brand-700 text-xs text-white">
                {i + 1}
              </span>
              {line.active ? (
                <Link to={buildPath(paths.local, { slug: line.slug })} className="hover:underline">
                  {line.name}
                </Link>
              ) : (
                line.name
              )}
            </h3>
            <p className="text-sm text-slate-600">
              {productTypeLabels[line.type as ProductType] ?? line.type} · {line.city} – {line.state}
            </p>
            <p className="text-sm text-slate-700">
              {formatBookingPeriod(line.start, line.weeks)} · {line.weeks}{' '}
              {line.weeks === 1 ? 'semana' : 'semanas'}
            </p>
            {line.is_tower_based ? (
              <p className="text-sm text-slate-700">{facesLine(line.type, line.towers)}</p>
            ) : null}
            <ChangeBadges line={line} />
          </div>
          <dl className="grid grid-cols-3 gap-2 text-sm sm:w-64 sm:flex-none sm:grid-cols-1 sm:gap-0 sm:text-right">
            <div>
              <dt className="text-xs text-slate-500">Audiência</dt>
              <dd>{formatInteger(line.audience)} impactos</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">CPM</dt>
              <dd>{line.cpm === null ? '—' : formatMoney(line.cpm)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Total</dt>
              <dd className="font-semibold text-slate-900">{formatMoney(line.total)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}

/** Money, audience and CPM of the whole plan. */
export function PlanTotals({
  totals,
  unavailable = 0,
}: {
  totals: { total: number; audience: number; cpm: number | null; saved_total?: number };
  /** Lines without room now (or deactivated): still counted, as saved, but said. */
  unavailable?: number;
}) {
  return (
    <dl className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-slate-600">Audiência total estimada</dt>
        <dd className="text-lg font-semibold text-slate-900">{formatInteger(totals.audience)} impactos</dd>
      </div>
      <div>
        <dt className="text-slate-600">CPM do plano</dt>
        <dd className="text-lg font-semibold text-slate-900">
          {totals.cpm === null ? '—' : formatMoney(totals.cpm)}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Total</dt>
        <dd className="text-lg font-bold text-slate-900" data-testid="total-plano">
          {formatMoney(totals.total)}
        </dd>
        {totals.saved_total !== undefined && totals.saved_total !== totals.total ? (
          <dd className="text-xs text-slate-600">Ao salvar: {formatMoney(totals.saved_total)}</dd>
        ) : null}
        {unavailable > 0 ? (
          <dd className="text-xs text-slate-600">
            Inclui {unavailable} {unavailable === 1 ? 'local que não pode' : 'locais que não podem'} ser
            reservado{unavailable === 1 ? '' : 's'} agora.
          </dd>
        ) : null}
      </div>
    </dl>
  );
}
