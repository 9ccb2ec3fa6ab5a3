import { sql } from 'drizzle-orm';
import {
  invoiceDueDate,
  invoicedHoldEnd,
  invoicedMessages,
  todayInBrasilia,
  type IsoDate,
  paymentMethodRules,
  type PaymentMethod,
} from '@urbana/shared';
import type { Tx } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** An unpaid order's dates: its invoice's due date and when its hold ends. */
export interface PaymentTerms {
  dueDate: IsoDate;
  expiresAt: Date;
}

/**
 * The due date and the hold of a new order (checkout or accepted proposal). Pix: due today, held for
 * the payment window. Invoiced: due at the latest the day before the first booked day, and held to
 * the end of that day, so the order never expires before its invoice is due (issue #40 item 1,
 * docs/decisions/075-invoiced-hold-until-due-date.md); a campaign starting today cannot be invoiced.
 */
export function paymentTerms(
  method: PaymentMethod,
  now: Date,
  starts: readonly IsoDate[],
  paymentWindowMs: number,
): PaymentTerms {
  const today = todayInBrasilia(now);
  const firstStart = [...starts].sort()[0] ?? today;
  const dueDate = invoiceDueDate(method, today, firstStart);
  if (dueDate === null) throw new AppError(409, invoicedMessages.tooClose(today));
  const expiresAt =
    paymentMethodRules[method].terms === 'janela'
      ? new Date(now.getTime() + paymentWindowMs)
      : invoicedHoldEnd(dueDate);
  return { dueDate, expiresAt };
}

/**
 * The order's invoice, written with the order (docs/spec/product.md §4) but not yet numbered: the
 * number is given when it is paid (`payInvoice`), so a checkout never waits on the year's counter
 * row (docs/decisions/039).
 */
export async function issueInvoice(
  tx: Tx,
  input: {
    orderId: string;
    userId: string;
    amount: number;
    discount: number;
    total: number;
    method: PaymentMethod;
    dueDate: IsoDate;
    /** An agency's desconto-padrão (decision 098): total = amount − discount − agencyCommission. */
    agencyCommission?: number;
  },
) {
  await tx.insert(invoices).values({
    agency_commission: input.agencyCommission ?? 0,
    order_id: input.orderId,
    user_id: input.userId,
    amount: input.amount,
    discount: input.discount,
    total: input.total,
    due_date: input.dueDate,
    payment_method: input.method,
  });
}

/**
 * Money received: the order's invoice takes the next gap-free number of the Brasília year,
 * `AAAA-NNNNNN` (docs/decisions/015), and becomes `paga` — or `cancelada` for a payment that came
 * after the window (it is refunded, decision 026, and its credit note needs the number). One
 * statement, run last in the payment's transaction so the counter row is held only until its commit;
 * a rolled-back payment gives its number back. An invoice numbered before (at checkout, before
 * decision 039) keeps its number and takes none.
 */
export async function payInvoice(
  tx: Tx,
  orderId: string,
  now: Date,
  status: 'paga' | 'cancelada' = 'paga',
): Promise<void> {
  const year = Number(todayInBrasilia(now).slice(0, 4));
  await tx.execute(sql`
    with inv as (
      select id, number from invoices where order_id = ${orderId} for update),
    counter as (
      insert into invoice_counters (year, last)
      select ${year}::int, 1 from inv where inv.number is null
      on conflict (year) do update set last = invoice_counters.last + 1
      returning last)
    update invoices i set
      status = ${status},
      paid_at = ${status === 'paga' ? now.toISOString() : null}::timestamptz,
      year = coalesce(i.year, (select ${year}::int from counter)),
      seq = coalesce(i.seq, (select last from counter)),
      number = coalesce(i.number, (select ${String(year)} || '-' || lpad(last::text, 6, '0') from counter))
    from inv where i.id = inv.id`);
}
