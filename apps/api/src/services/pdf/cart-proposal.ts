import {
  bookingCpm,
  formatBookingPeriod,
  formatMoney,
  formatDate,
  formatInteger,
  productTypeLabels,
  type ProductType,
} from '@urbana/shared';
import type { Quote } from '../orders/quote.ts';
import {
  drawTable,
  drawTotals,
  FONT,
  FONT_BOLD,
  INK,
  minus,
  MUTED,
  startPdf,
  drawFootnote,
} from './pdf-layout.ts';

const impacts = (n: number) => `${formatInteger(n)} impactos`;

/**
 * The cart as a media plan (PDF) to share: items, periods (decision 021), the audience of the chosen
 * towers and its CPM (decision 022), prices, all from the server's quote.
 */
export async function proposalPdf(quote: Quote): Promise<Buffer> {
  const { doc, left, width, end } = await startPdf(
    { Title: 'Proposta de mídia — Urbana' },
    {
      title: 'Proposta de mídia exterior',
      lines: [
        `Gerada em ${formatDate(new Date())}. Preços válidos na data, sujeitos à disponibilidade no fechamento.`,
      ],
    },
  );
  doc.moveDown();

  quote.items.forEach((item, i) => {
    if (doc.y + 110 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc
      .fillColor(INK)
      .font(FONT_BOLD)
      .fontSize(12)
      .text(`${i + 1}. ${item.name}`, left, doc.y, { width });
    doc.font(FONT).fontSize(10).fillColor('#334155');
    doc.text(`${productTypeLabels[item.type as ProductType] ?? item.type} · ${item.city} – ${item.state}`);
    doc.text(
      `Período: ${formatBookingPeriod(item.start, item.weeks)} (${item.weeks} ${item.weeks === 1 ? 'semana' : 'semanas'})`,
    );
    if (item.is_tower_based)
      doc.text(`Torres (${item.towers.length}): ${item.towers.map((t) => t.name).join(', ')}`);
    doc.text(`Audiência estimada no período: ${impacts(item.audience)}`);
    doc.text(`CPM: ${item.cpm === null ? '—' : formatMoney(item.cpm)}`);
    doc.text(
      `${formatMoney(item.daily_price)}/dia × 7 × ${item.weeks} ${item.weeks === 1 ? 'semana' : 'semanas'}${item.is_tower_based ? ` × ${item.towers.length} ${item.towers.length === 1 ? 'torre' : 'torres'}` : ''} = ${formatMoney(item.subtotal)}` +
        (item.discount ? ` — desconto de longa duração ${minus(formatMoney(item.discount))}` : ''),
    );
    doc.font(FONT_BOLD).text(`Total do item: ${formatMoney(item.total)}`);
    doc.moveDown(0.8);
  });

  const totalAudience = quote.items.reduce((s, i) => s + i.audience, 0);
  const planCpm = bookingCpm(quote.total, totalAudience);
  drawTable(
    doc,
    [
      { header: 'Resumo do plano', width: width - 140 },
      { header: 'Valor', width: 140, align: 'right' },
    ],
    [
      ['Audiência total estimada', impacts(totalAudience)],
      ['CPM do plano', planCpm === null ? '—' : formatMoney(planCpm)],
    ],
  );
  drawTotals(doc, [
    { label: 'Subtotal', value: formatMoney(quote.subtotal) },
    ...(quote.discount
      ? [{ label: 'Descontos de longa duração', value: minus(formatMoney(quote.discount)) }]
      : []),
    ...(quote.coupon
      ? [{ label: `Cupom ${quote.coupon.code}`, value: minus(formatMoney(quote.coupon.discount)) }]
      : []),
    { label: 'Total', value: formatMoney(quote.total), bold: true },
  ]);
  drawFootnote(
    doc,
    [
      `Audiência total estimada: ${impacts(totalAudience)}.`,
      'Para reservar, entre em urbana.com.br, adicione os itens ao carrinho e pague por Pix.',
    ],
    { size: 10, color: MUTED },
  );
  return end();
}
