import {
  formatBookingPeriod,
  formatMoney,
  formatDate,
  productTypeLabels,
  type Proposal,
  buildPath,
  paths,
} from '@urbana/shared';
import { drawTable, drawTotals, minus, MUTED, startPdf, drawFootnote } from './pdf-layout.ts';

/** The proposal as staff send it: customer, lines at the negotiated prices, discount, validity, link. */
export async function staffProposalPdf(proposal: Proposal, publicUrl: string): Promise<Buffer> {
  const who = proposal.customer.empresa
    ? `${proposal.customer.nome_completo} — ${proposal.customer.empresa}`
    : proposal.customer.nome_completo || proposal.customer.email;
  const { doc, width, end } = await startPdf(
    { Title: `Proposta ${proposal.code} — Urbana` },
    {
      title: `Proposta comercial ${proposal.code}`,
      lines: [
        `Para: ${who} (${proposal.customer.email})`,
        `Válida até ${formatDate(proposal.valid_until)}. Vagas garantidas a partir do aceite.`,
      ],
    },
  );
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
  drawFootnote(
    doc,
    [
      ...(proposal.note ? [proposal.note] : []),
      `Para aceitar, entre na sua conta e abra ${publicUrl}${buildPath(paths.proposta, { id: proposal.id })}. O pedido é criado no aceite.`,
    ],
    { size: 10, color: MUTED },
  );
  return end();
}
