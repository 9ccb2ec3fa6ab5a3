import { eq } from 'drizzle-orm';
import {
  formatMoney,
  formatDate,
  formatDocument,
  formatBookingPeriod,
  todayInBrasilia,
  invoiceHolder,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { creditNotes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { invoiceForPdf, URBANA_COMPANY } from '../invoices.ts';
import { drawTable, drawTotals, FONT, FONT_BOLD, INK, startPdf, drawFootnote } from './pdf-layout.ts';

export const CREDIT_NOTE_NOT_FOUND = 'Este pedido não tem nota de crédito.';

/**
 * The credit note of a cancelled paid order, as a PDF: it names the invoice it credits, the items
 * of the order and the amount credited back (the refund under the cancellation policy, decision 029).
 */
export async function creditNotePdf(db: Db, orderId: string, ownerId: string | null = null) {
  const note = await db.query.creditNotes.findFirst({ where: eq(creditNotes.order_id, orderId) });
  if (!note) throw new AppError(404, CREDIT_NOTE_NOT_FOUND);
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
    'Crédito calculado pela política de cancelamento exibida na finalização do pedido: reembolso integral dos itens cancelados até 5 dias úteis antes do início da veiculação.',
  ]);
  return { number: note.number, pdf: await end() };
}
