import { bookingsSummary, formatInteger, formatMoney, knowledgeArticles } from '@urbana/shared';
import { HelpLink } from '../knowledge/index.ts';

/** One line's CPM beside its audience (decision 022), with the article that explains both. */
export function LineCpm({ cpm }: { cpm: number | null | undefined }) {
  return (
    <p className="text-sm text-slate-600" data-testid="cpm-item">
      CPM: {cpm === null || cpm === undefined ? '—' : formatMoney(cpm)}{' '}
      <HelpLink article={knowledgeArticles.audienciaECpm} className="align-middle">
        como calculamos
      </HelpLink>
    </p>
  );
}

/**
 * The audience and CPM of all the lines together (cart, checkout, order; issue #23 item 1): the
 * shared `bookingsSummary`, so every screen prints the same figure.
 */
/** The period's impressions and the CPM of what is paid (`paid`: after coupon and proposal conditions). */
export function AudienceSummary({
  items,
  paid,
}: {
  items: ReadonlyArray<{ total: number; audience: number }>;
  paid?: number;
}) {
  const { audience, cpm } = bookingsSummary(items, paid);
  return (
    <div className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
      <div className="flex justify-between gap-3">
        <span className="text-slate-600">Impactos no período</span>
        <span className="font-semibold text-slate-900" data-testid="audiencia-total">
          {formatInteger(audience)}
        </span>
      </div>
      <div className="flex justify-between gap-3">
        <span className="text-slate-600">CPM do total</span>
        <span className="font-semibold text-slate-900" data-testid="cpm-total">
          {cpm === null ? '—' : formatMoney(cpm)}
        </span>
      </div>
      <HelpLink article={knowledgeArticles.audienciaECpm}>Como calculamos audiência e CPM</HelpLink>
    </div>
  );
}
