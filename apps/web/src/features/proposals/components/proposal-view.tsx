import type { ReactNode } from 'react';
import {
  formatBookingPeriod,
  productTypeLabels,
  proposalPaymentLabels,
  proposalStateLabels,
  type ProposalState,
  facesLine,
} from '@urbana/shared';
import { formatDate, formatMoney } from '@urbana/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import type { ProposalData } from '../api/use-proposals.ts';

const stateTones: Record<ProposalState, BadgeTone> = {
  rascunho: 'muted',
  solicitada: 'amber',
  enviada: 'blue',
  contraproposta: 'amber',
  aceita: 'green',
  recusada: 'red',
  cancelada: 'red',
  vencida: 'amber',
  reaberta: 'amber',
  impedida: 'red',
};

export function ProposalStateBadge({ state }: { state: ProposalState }) {
  return (
    <Badge tone={stateTones[state]} data-proposal-state={state}>
      {proposalStateLabels[state]}
    </Badge>
  );
}

type ProposalLine = ProposalData['items'][number];

/**
 * The proposal's lines and totals, the same for staff and the customer; `lineFigures` and `figures`
 * add the audience and CPM where the customer decides (the orders feature draws them).
 */
export function ProposalView({
  proposal,
  lineFigures,
  figures,
}: {
  proposal: ProposalData;
  lineFigures?: (line: ProposalLine) => ReactNode;
  figures?: ReactNode;
}) {
  const linesTotal = proposal.items.reduce((s, i) => s + i.price, 0);
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {proposal.items.map((item, i) => (
          <li key={i} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{item.product_name}</p>
              <p className="text-sm text-slate-600">
                {productTypeLabels[item.product_type]} · {item.city} – {item.state}
              </p>
              <p className="text-sm text-slate-700">
                {formatBookingPeriod(item.start, item.weeks)} ({item.weeks}{' '}
                {item.weeks === 1 ? 'semana' : 'semanas'})
              </p>
              {item.is_tower_based ? (
                <p className="text-sm text-slate-700">{facesLine(item.product_type, item.towers)}</p>
              ) : null}
              {lineFigures?.(item)}
            </div>
            <div className="shrink-0 text-left sm:text-right">
              <p className="font-semibold text-slate-900">{formatMoney(item.price)}</p>
              {item.price < item.list_price ? (
                <p className="text-xs text-slate-600">
                  tabela <s>{formatMoney(item.list_price)}</s>
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <dl className="ml-auto max-w-sm space-y-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Preço de tabela</dt>
          <dd>{formatMoney(proposal.subtotal)}</dd>
        </div>
        {proposal.subtotal > linesTotal ? (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Condição negociada</dt>
            <dd>−{formatMoney(proposal.subtotal - linesTotal)}</dd>
          </div>
        ) : null}
        {proposal.discount ? (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Desconto</dt>
            <dd>−{formatMoney(proposal.discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 text-base font-bold">
          <dt>Total</dt>
          <dd data-proposal-total>{formatMoney(proposal.total)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-slate-600">
          <dt>Válida até</dt>
          <dd>{formatDate(proposal.valid_until)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-slate-600">
          <dt>Pagamento</dt>
          <dd className="text-right">{proposalPaymentLabels[proposal.payment_method]}</dd>
        </div>
      </dl>
      {figures ? <div className="ml-auto max-w-sm">{figures}</div> : null}
      {proposal.note ? (
        <p className="whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {proposal.note}
        </p>
      ) : null}
    </div>
  );
}
