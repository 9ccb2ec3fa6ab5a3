import PDFDocument from 'pdfkit';
import { formatBRL, formatDateBR, productTypeLabels, type ProductType } from '@urbana/shared';
import type { Quote } from './order-quote.ts';

/** The cart as a media plan (PDF) to share: items, periods, audience and prices, all from the server. */
export function proposalPdf(quote: Quote, audiences: Map<string, number>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 48,
      info: { Title: 'Proposta de mídia — Urbana', Author: 'Urbana' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fillColor('#0f766e').fontSize(22).font('Helvetica-Bold').text('Urbana');
    doc.fillColor('#0f172a').fontSize(16).text('Proposta de mídia exterior', { paragraphGap: 4 });
    doc
      .fillColor('#475569')
      .fontSize(10)
      .font('Helvetica')
      .text(
        `Gerada em ${formatDateBR(new Date().toISOString().slice(0, 10))}. Preços válidos na data, sujeitos à disponibilidade no fechamento.`,
      );
    doc.moveDown();

    let totalAudience = 0;
    quote.items.forEach((item, i) => {
      const audience = (audiences.get(item.product_id) ?? 0) * item.weeks;
      totalAudience += audience;
      doc
        .fillColor('#0f172a')
        .font('Helvetica-Bold')
        .fontSize(12)
        .text(`${i + 1}. ${item.name}`);
      doc.font('Helvetica').fontSize(10).fillColor('#334155');
      doc.text(`${productTypeLabels[item.type as ProductType] ?? item.type} · ${item.city} – ${item.state}`);
      doc.text(
        `Período: ${formatDateBR(item.start)} a ${formatDateBR(item.end)} (${item.weeks} ${item.weeks === 1 ? 'semana' : 'semanas'})`,
      );
      if (item.is_tower_based)
        doc.text(`Torres (${item.towers.length}): ${item.towers.map((t) => t.name).join(', ')}`);
      doc.text(`Audiência estimada no período: ${audience.toLocaleString('pt-BR')} impactos`);
      doc.text(
        `${formatBRL(item.daily_price)}/dia × 7 × ${item.weeks} semanas${item.is_tower_based ? ` × ${item.towers.length} torres` : ''} = ${formatBRL(item.subtotal)}` +
          (item.discount ? ` — desconto de longa duração ${formatBRL(item.discount)}` : ''),
      );
      doc.font('Helvetica-Bold').text(`Total do item: ${formatBRL(item.total)}`);
      doc.moveDown(0.8);
    });

    doc.moveTo(48, doc.y).lineTo(547, doc.y).strokeColor('#cbd5e1').stroke();
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(11).fillColor('#0f172a');
    doc.text(`Subtotal: ${formatBRL(quote.subtotal)}`);
    if (quote.discount) doc.text(`Descontos de longa duração: -${formatBRL(quote.discount)}`);
    if (quote.coupon) doc.text(`Cupom ${quote.coupon.code}: -${formatBRL(quote.coupon.discount)}`);
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .text(`Total: ${formatBRL(quote.total)}`);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#475569')
      .text(`Audiência total estimada: ${totalAudience.toLocaleString('pt-BR')} impactos.`);
    doc.moveDown();
    doc.text('Para reservar, entre em urbana.com.br, adicione os itens ao carrinho e pague por Pix.');
    doc.end();
  });
}
