import { formatDateTime, invoicedMessages, type OrderDetail } from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';

/**
 * An unpaid invoiced order's two dates, side by side: when its invoice is due and how long its slots
 * stay held (to the end of that day). The customer saw only the due date and lost the order before it
 * (issue #40 item 1); the words are the e-mail's. Nothing for a Pix order, a paid one, or one without
 * an invoice.
 */
export function InvoicedTerms({ order }: { order: OrderDetail }) {
  if (order.status !== 'aguardando_pagamento' || order.payment_method !== 'faturado' || !order.invoice)
    return null;
  return (
    <Alert tone="info">
      <span data-testid="prazos-faturado">
        {invoicedMessages.dueAndHold(order.invoice.due_date, order.expires_at)}
      </span>
    </Alert>
  );
}

/**
 * An unpaid Pix order's window, as a date and time: the order page said nothing of it and the
 * confirmation only counted down (issue #40 item 9), and how the payment is confirmed: by the PSP at
 * once, or by staff from the bank statement (issue #41 item 3). Nothing once paid, expired or cancelled.
 */
export function PixWindow({ order }: { order: OrderDetail }) {
  if (order.status !== 'aguardando_pagamento' || order.payment_method !== 'pix' || !order.expires_at)
    return null;
  return (
    <>
      <p className="text-sm text-slate-700" data-testid="prazo-pix">
        Pague o Pix até <strong>{formatDateTime(order.expires_at)}</strong>. Depois disso o pedido expira e as
        vagas são liberadas.
      </p>
      {order.pix_confirmation ? (
        <p className="text-sm text-slate-600" data-testid="confirmacao-pix">
          {order.pix_confirmation === 'automatica'
            ? 'O pagamento é confirmado automaticamente pelo banco, em instantes: esta página mostra quando.'
            : 'O pagamento é confirmado pela equipe da Urbana a partir do extrato bancário, em horário comercial; você recebe um e-mail quando for confirmado.'}
        </p>
      ) : null}
    </>
  );
}
