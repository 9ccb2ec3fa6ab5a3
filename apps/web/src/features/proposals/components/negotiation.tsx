import {
  formatDate,
  formatDateTime,
  formatDocument,
  formatMoney,
  parseReais,
  proposalRoundLabels,
} from '@urbana/shared';
import type { ProposalData } from '../api/use-proposals.ts';

/** Reais as typed ("1.234,56", "850") to centavos; null when blank or not money. */
export function reaisToCents(text: string): number | null {
  const value = parseReais(text);
  return value === null || !Number.isFinite(value) ? null : Math.round(value);
}

/** Centavos as a reais field's starting text ("1234,56"). */
export function centsToReais(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** What the customer asked for: the advertiser, the message and the target budget (issue #44 item 4). */
export function ProposalRequestSummary({ proposal: p }: { proposal: ProposalData }) {
  if (!p.request_message && !p.advertiser) return null;
  return (
    <dl className="space-y-1 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      {p.advertiser ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-600">Anunciante:</dt>
          <dd className="font-medium text-slate-900" data-testid="proposta-anunciante">
            {p.advertiser.name} · CNPJ {formatDocument(p.advertiser.document)}
          </dd>
        </div>
      ) : null}
      {p.request_message ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-600">Pedido:</dt>
          <dd className="whitespace-pre-line text-slate-900">{p.request_message}</dd>
        </div>
      ) : null}
      {p.target_budget !== null ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-600">Orçamento-alvo:</dt>
          <dd className="text-slate-900">{formatMoney(p.target_budget)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Every round of the negotiation, oldest first: who, when, the prices and the words. */
export function NegotiationHistory({ proposal: p }: { proposal: ProposalData }) {
  if (p.rounds.length === 0) return null;
  return (
    <section aria-labelledby="negociacao" className="space-y-2">
      <h2 id="negociacao" className="font-semibold text-slate-900">
        Negociação
      </h2>
      <ol className="space-y-2" aria-label="Rodadas da negociação">
        {p.rounds.map((r) => (
          <li
            key={r.position}
            data-round-kind={r.kind}
            className={
              r.side === 'equipe'
                ? 'rounded-xl border border-brand-100 bg-brand-50 p-3 text-sm'
                : 'rounded-xl border border-slate-200 bg-white p-3 text-sm'
            }
          >
            <p className="flex flex-wrap justify-between gap-x-3 gap-y-1">
              <span className="font-semibold text-slate-900">
                {proposalRoundLabels[r.kind]} ·{' '}
                {r.side === 'equipe' ? `${r.actor_name} (Urbana)` : r.actor_name}
              </span>
              <time className="text-slate-600" dateTime={r.created_at}>
                {formatDateTime(r.created_at)}
              </time>
            </p>
            {r.total !== null ? (
              <p className="text-slate-800">
                {r.kind === 'pedido' ? 'Orçamento-alvo' : 'Total'}: <strong>{formatMoney(r.total)}</strong>
                {r.valid_until ? ` · válida até ${formatDate(r.valid_until)}` : ''}
              </p>
            ) : null}
            {r.prices ? (
              <ul className="mt-1 text-slate-700">
                {r.prices.map((price, i) => (
                  <li key={i}>
                    {p.items[i]?.product_name ?? `Local ${i + 1}`}: {formatMoney(price)}
                  </li>
                ))}
              </ul>
            ) : null}
            {r.message ? <p className="mt-1 whitespace-pre-line text-slate-700">{r.message}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
