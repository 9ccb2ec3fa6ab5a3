import { invoicedMessages, type OrderDetail } from '@urbana/shared';
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
