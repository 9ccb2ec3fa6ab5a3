import { addDays, type IsoDate } from '../catalog.ts';
import { formatDate, formatDateTime } from '../lib/dates.ts';
import { paymentMethodRules, type PaymentMethod } from './rules.ts';

/**
 * The invoiced payment (boleto/transferência faturada) and its dates, written once for the checkout,
 * the accepted proposal, the pages and the e-mail (issue #40 item 1,
 * docs/decisions/075-invoiced-hold-until-due-date.md).
 */

/** Days after the order that an invoice falls due when the campaign starts later than that. */
export const INVOICE_DUE_DAYS = 5;

/**
 * The due date of an order's invoice. Pix: the day of the order. Invoiced: five calendar days after
 * the order, but never later than the day before the campaign's first day — the slots must be paid
 * or free when it goes on air. Null: the campaign starts too soon for an invoiced payment (the day
 * before the start is already past), which is refused with `INVOICED_TOO_CLOSE`.
 */
export function invoiceDueDate(method: PaymentMethod, today: IsoDate, firstStart: IsoDate): IsoDate | null {
  if (paymentMethodRules[method].terms === 'janela') return today;
  const byStart = addDays(firstStart, -1);
  const due = addDays(today, INVOICE_DUE_DAYS) < byStart ? addDays(today, INVOICE_DUE_DAYS) : byStart;
  return due < today ? null : due;
}

/**
 * The hold of an invoiced order ends with its due date: the first instant of the next day in Brasília
 * (UTC−3 all year since 2019, as `holdCeiling` reads it). Until then the order cannot expire, so an
 * invoice is never cancelled before it is due.
 */
export function invoicedHoldEnd(dueDate: IsoDate): Date {
  return new Date(`${addDays(dueDate, 1)}T00:00:00-03:00`);
}

/**
 * The last minute a hold covers, as people read it: an invoiced hold ending at 00:00 of the next day
 * reads "03/12/2026 às 23:59", the due date's own day.
 */
export function formatHoldEnd(expiresAt: Date | string): string {
  return formatDateTime(new Date(new Date(expiresAt).getTime() - 1));
}

/** The first day an invoiced order may start from today: one day to pay before it goes on air. */
export function earliestInvoicedStart(today: IsoDate): IsoDate {
  return addDays(today, 1);
}

export const invoicedMessages = {
  tooClose: (today: IsoDate) =>
    `O pagamento faturado precisa vencer até a véspera do início da campanha. Pague com Pix ou escolha um início a partir de ${formatDate(earliestInvoicedStart(today))}.`,
  /** One line for the customer: the due date and how long the slots stay held. */
  dueAndHold: (dueDate: IsoDate, expiresAt: Date | string) =>
    `A fatura vence em ${formatDate(dueDate)}; as vagas ficam reservadas até ${formatHoldEnd(expiresAt)}, o fim do dia do vencimento.`,
};
