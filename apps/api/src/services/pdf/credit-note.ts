import { and, eq } from 'drizzle-orm';
import {
  formatMoney,
  formatDate,
  formatDocument,
  formatBookingPeriod,
  todayInBrasilia,
  invoiceHolder,
  CREDIT_NOTE_NOT_FOUND,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { creditNotes, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { invoiceForPdf, URBANA_COMPANY } from '../invoices.ts';
import { drawTable, drawTotals, FONT, FONT_BOLD, INK, startPdf, drawFootnote } from './pdf-layout.ts';

/** The note of an order; with `ownerId`, only if the order is that customer's (another's answers 404 alike). */
async function noteOf(db: Db, orderId: string, ownerId: string | null) {
  const [row] = await db
    .select({ note: creditNotes })
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.order_id))
    .where(
      and(eq(creditNotes.order_id, orderId), ownerId === null ? undefined : eq(orders.user_id, ownerId)),
    );
  if (!row) throw new AppError(404, CREDIT_NOTE_NOT_FOUND);
  return row.note;
}

/**
 * The credit note of a cancelled paid order, as a PDF: it names the invoice it credits, the items
 * of the order and the amount credited back: the refund under the cancellation policy (decision 029)
 * or the one staff chose, with their reason (decision 076).
 */
export async function creditNotePdf(db: Db, orderId: string, ownerId: string | null = null) {
  const note = await noteOf(db, orderId, ownerId);
  const { invoice, order, items, billing } = await invoiceForPdf(db, ownerId, note.invoice_id);
  const { doc, width, end } = await startPdf(
    { Title: `Nota de crédito ${note.number} — Urbana`, Author: URBANA_COMPANY.name },
    {
      title: `Nota de crédito ${note.number}`,
      beside: true,
      lines: [
        `Emitida em ${formatDate(todayInBrasilia(note.created_at))} · Referente à fatura ${invoice.number} (${formatMoney(invoice.total)}) · Pedido ${order.code}`,
      ],
    },
  );
  doc.moveDown();
  doc.font(FONT_BOLD).fontSize(11).fillColor(INK).text('Emitente');
  doc.font(FONT).fontSize(10).fillColor('#334155');
  doc.text(`${URBANA_COMPANY.name} · CNPJ ${formatDocument(URBANA_COMPANY.document)}`);
  doc.moveDown(0.5);
  doc.font(FONT_BOLD).fontSize(11).fillColor(INK).text('Cliente');
  doc.font(FONT).fontSize(10).fillColor('#334155');
  const holder = invoiceHolder(billing);
  doc.text(
    holder.document
      ? `${holder.name} · ${billing.person_type === 'pj' ? 'CNPJ' : 'CPF'} ${formatDocument(holder.document)}`
      : holder.name,
  );
  doc.moveDown();
  drawTable(
    doc,
    [
      { header: 'Item cancelado', width: 230 },
      { header: 'Período', width: 170 },
      { header: 'Valor', width: width - 400, align: 'right' },
    ],
    items.map((item, i) => [
      `${i + 1}. ${item.product_name} · ${item.city} – ${item.state}`,
      formatBookingPeriod(item.starts_on, item.weeks),
      formatMoney(item.total),
    ]),
  );
  drawTotals(doc, [
    { label: 'Total da fatura', value: formatMoney(invoice.total) },
    { label: 'Crédito ao cliente (reembolso)', value: formatMoney(note.amount), bold: true },
  ]);
  drawFootnote(doc, [
    `Motivo do cancelamento: ${note.reason}`,
    note.refund_reason
      ? `Crédito definido pela equipe da Urbana, diferente do previsto na política de cancelamento. Motivo: ${note.refund_reason}`
      : 'Crédito calculado pela política de cancelamento exibida na finalização do pedido: reembolso integral dos itens cancelados até 5 dias úteis antes do início da veiculação.',
  ]);
  return { number: note.number, pdf: await end() };
}
