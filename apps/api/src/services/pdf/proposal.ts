import {
  formatBookingPeriod,
  formatMoney,
  formatDate,
  productTypeLabels,
  type Proposal,
} from '@urbana/shared';
import {
  drawLogo,
  drawTable,
  drawTotals,
  FONT,
  FONT_BOLD,
  INK,
  minus,
  MUTED,
  newPdf,
  pdfBuffer,
} from './pdf-layout.ts';

/** The proposal as staff send it: customer, lines at the negotiated prices, discount, validity, link. */
export async function staffProposalPdf(proposal: Proposal, publicUrl: string): Promise<Buffer> {
  const doc = await newPdf({ Title: `Proposta ${proposal.code} — Urbana`, Author: 'Urbana' });
  const done = pdfBuffer(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  drawLogo(doc, left, 40);
  doc
    .font(FONT_BOLD)
    .fillColor(INK)
    .fontSize(16)
    .text(`Proposta comercial ${proposal.code}`, { paragraphGap: 4 });
  const who = proposal.customer.empresa
    ? `${proposal.customer.nome_completo} — ${proposal.customer.empresa}`
    : proposal.customer.nome_completo || proposal.customer.email;
  doc
    .font(FONT)
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Para: ${who} (${proposal.customer.email})`)
    .text(`Válida até ${formatDate(proposal.valid_until)}. Vagas garantidas a partir do aceite.`);
  doc.moveDown();
  drawTable(
    doc,
    [
      { header: 'Local e faces', width: width - 250 },
      { header: 'Período', width: 130 },
      { header: 'Valor', width: 120, align: 'right' },
    ],
    proposal.items.map((item) => [
      `${item.product_name}\n${productTypeLabels[item.product_type]} · ${item.city} – ${item.state}` +
        (item.is_tower_based ? `\nTorres: ${item.towers.map((t) => t.name).join(', ')}` : ''),
      `${formatBookingPeriod(item.start, item.weeks)}\n${item.weeks} ${item.weeks === 1 ? 'semana' : 'semanas'}`,
      item.price < item.list_price
        ? `${formatMoney(item.price)}\n(tabela ${formatMoney(item.list_price)})`
        : formatMoney(item.price),
    ]),
  );
  const linesTotal = proposal.items.reduce((s, i) => s + i.price, 0);
  drawTotals(doc, [
    { label: 'Preço de tabela', value: formatMoney(proposal.subtotal) },
    ...(proposal.subtotal > linesTotal
      ? [{ label: 'Condição negociada', value: minus(formatMoney(proposal.subtotal - linesTotal)) }]
      : []),
    ...(proposal.discount ? [{ label: 'Desconto', value: minus(formatMoney(proposal.discount)) }] : []),
    { label: 'Total', value: formatMoney(proposal.total), bold: true },
  ]);
  doc.font(FONT).fontSize(10).fillColor(MUTED);
  if (proposal.note) doc.text(proposal.note, left, doc.y + 12, { width });
  doc.text(
    `Para aceitar, entre na sua conta e abra ${publicUrl}/proposta/${proposal.id}. O pedido é criado no aceite.`,
    left,
    doc.y + 12,
    { width },
  );
  doc.end();
  return done;
}
