import { FileText } from 'lucide-react';
import { formatDate, formatMoney, type OrderDetail } from '@urbana/shared';
import { Card } from '../../components/ui/card.tsx';
import { creditNotePdfUrl } from './api.ts';

/** Where the devolução by Pix through the PSP stands (decision 102). */
const pixRefundText = {
  pendente: 'Devolução por Pix em andamento: o valor volta para a conta que pagou o pedido.',
  processando: 'Devolução por Pix em andamento: o valor volta para a conta que pagou o pedido.',
  devolvido: 'Devolução por Pix concluída: o valor voltou para a conta que pagou o pedido.',
  nao_realizado:
    'A devolução por Pix não pôde ser feita pelo banco. A equipe da Urbana entra em contato para devolver o valor por outro meio.',
} as const;

/**
 * A cancelled order's reason and refund, as the customer reads them (issue #40 item 3): why staff
 * cancelled, the amount, why it differs from the policy when it does, and the credit note in PDF. An
 * order paid through the PSP gets its money back by Pix and says where that stands (decision 102);
 * otherwise the team arranges the return of the amount.
 */
export function RefundCard({ order }: { order: Pick<OrderDetail, 'id' | 'cancellation'> }) {
  const c = order.cancellation;
  if (!c || (!c.reason && !c.refund)) return null;
  const refund = c.refund;
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Cancelamento e reembolso</h2>
      <dl className="mt-2 space-y-2 text-sm">
        {c.reason ? (
          <div>
            <dt className="text-slate-600">Motivo do cancelamento</dt>
            <dd className="text-slate-900">{c.reason}</dd>
          </div>
        ) : null}
        {refund ? (
          <>
            <div className="flex justify-between gap-2 font-semibold">
              <dt>Reembolso</dt>
              <dd>{formatMoney(refund.amount)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Sobre o valor</dt>
              <dd className="text-slate-900">
                {refund.reason ??
                  (refund.amount > 0
                    ? 'Segue a política de cancelamento mostrada na compra.'
                    : 'Pela política de cancelamento mostrada na compra, não há reembolso a menos de 5 dias úteis do início da veiculação.')}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      {refund?.credit_note ? (
        <div className="mt-3 space-y-1 text-sm">
          <p className="text-slate-600">
            Nota de crédito {refund.credit_note.number} · emitida em{' '}
            {formatDate(refund.credit_note.created_at)}
          </p>
          <a
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
            href={creditNotePdfUrl(order.id)}
            download
          >
            <FileText className="h-4 w-4" aria-hidden="true" /> Nota de crédito em PDF
          </a>
        </div>
      ) : null}
      {refund && refund.amount > 0 ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="devolucao">
          {refund.pix_refund
            ? pixRefundText[refund.pix_refund]
            : 'A equipe da Urbana entra em contato para combinar a devolução do valor.'}
        </p>
      ) : null}
    </Card>
  );
}
