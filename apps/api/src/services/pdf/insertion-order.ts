import {
  agencyFigureLabels,
  formatBookingPeriod,
  formatDate,
  formatDateTime,
  formatDocument,
  formatMoney,
  insertionOrderStatusLabels,
  insertionOrderTerms,
  todayInBrasilia,
  type InsertionOrder,
} from '@urbana/shared';
import { URBANA_COMPANY } from '../invoices.ts';
import { drawFootnote, drawTable, drawTotals, FONT, FONT_BOLD, INK, minus, startPdf } from './pdf-layout.ts';

/** One side of the PI: a bold heading, then the party's lines. */
function drawParty(doc: PDFKit.PDFDocument, heading: string, lines: string[]) {
  doc.font(FONT_BOLD).fontSize(11).fillColor(INK).text(heading);
  doc.font(FONT).fontSize(10).fillColor('#334155');
  for (const line of lines) doc.text(line);
  doc.moveDown(0.5);
}

/**
 * The PI as a PDF (issue #44 item 3, decision 103), in the invoice's style: the vehicle (Urbana), the
 * agency and the advertiser, the faces and periods booked, the gross media value, the desconto-padrão
 * and the net — the order's and the invoice's figures, to the centavo — the terms and its approval.
 */
export async function insertionOrderPdf(pi: InsertionOrder) {
  const { doc, width, end } = await startPdf(
    { Title: `Pedido de inserção ${pi.number} — Urbana`, Author: URBANA_COMPANY.name },
    {
      title: `Pedido de inserção ${pi.number}`,
      beside: true,
      lines: [
        `Emitido em ${formatDate(todayInBrasilia(new Date(pi.created_at)))} · Pedido ${pi.order_code} · Situação: ${insertionOrderStatusLabels[pi.status]}`,
      ],
    },
  );
  doc.moveDown();
  drawParty(doc, 'Veículo', [`${URBANA_COMPANY.name} · CNPJ ${formatDocument(URBANA_COMPANY.document)}`]);
  drawParty(doc, 'Agência', [`${pi.agency.name} · CNPJ ${formatDocument(pi.agency.document)}`]);
  if (pi.advertiser)
    drawParty(doc, 'Anunciante', [`${pi.advertiser.name} · CNPJ ${formatDocument(pi.advertiser.document)}`]);
  doc.moveDown(0.5);
  drawTable(
    doc,
    [
      { header: 'Face', width: 220 },
      { header: 'Período', width: 180 },
      { header: 'Valor', width: width - 400, align: 'right' },
    ],
    pi.items.map((item, i) => [
      `${i + 1}. ${item.product_name} · ${item.city} – ${item.state}` +
        (item.towers.length ? `\nTorres: ${item.towers.join(', ')}` : ''),
      `${formatBookingPeriod(item.starts_on, item.weeks)}\n${item.weeks} ${item.weeks === 1 ? 'semana' : 'semanas'}`,
      formatMoney(item.total),
    ]),
  );
  const f = pi.figures;
  drawTotals(doc, [
    ...(pi.coupon_discount ? [{ label: 'Cupom', value: minus(formatMoney(pi.coupon_discount)) }] : []),
    { label: agencyFigureLabels.gross, value: formatMoney(f.gross) },
    {
      label: f.percent ? agencyFigureLabels.commissionWithPercent(f.percent) : agencyFigureLabels.commission,
      value: minus(formatMoney(f.commission)),
    },
    { label: agencyFigureLabels.net, value: formatMoney(f.net), bold: true },
  ]);
  drawFootnote(doc, [
    'Condições',
    ...insertionOrderTerms.map((term, i) => `${i + 1}. ${term}`),
    pi.approved_at
      ? `Aprovado pela agência em ${formatDateTime(pi.approved_at)} por ${pi.approved_by_name ?? 'pessoa da agência'}` +
        (pi.approved_ip ? ` (endereço IP ${pi.approved_ip}).` : '.')
      : 'Aguardando a aprovação da agência na Urbana; as campanhas só entram no ar depois dela.',
  ]);
  return { number: pi.number, pdf: await end() };
}
