import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { creditNotes, invoices } from '../../db/schema/index.ts';

/** The credit note on the invoice for the refunded amount: "NC-" and the invoice's number. */
export async function issueCreditNote(
  tx: Tx,
  input: {
    orderId: string;
    refund: { amount: number; reason: string | null };
    reason: string;
    actorId: string | null;
  },
) {
  const invoice = await tx.query.invoices.findFirst({ where: eq(invoices.order_id, input.orderId) });
  if (!invoice) return null;
  const [note] = await tx
    .insert(creditNotes)
    .values({
      invoice_id: invoice.id,
      order_id: input.orderId,
      number: `NC-${invoice.number}`,
      amount: input.refund.amount,
      reason: input.reason,
      refund_reason: input.refund.reason,
      created_by: input.actorId,
    })
    .returning();
  // Refunded in full, the invoice is void; otherwise it stays paid for what is kept.
  await tx
    .update(invoices)
    .set({ status: input.refund.amount >= invoice.total ? 'cancelada' : 'paga' })
    .where(eq(invoices.id, invoice.id));
  return note!;
}
