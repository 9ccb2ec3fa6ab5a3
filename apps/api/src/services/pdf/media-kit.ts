import { loadPdfKit } from '../../lib/heavy-modules.ts';
import {
  formatMoney,
  formatDate,
  productTypeLabels,
  todayInBrasilia,
  type MediaKit,
  formatInteger,
} from '@urbana/shared';

const BRAND = '#0f766e';
const INK = '#0f172a';
const MUTED = '#475569';
const LINE = '#cbd5e1';

/**
 * The media kit as a PDF: the same figures as /midia-kit (one computation, `mediaKit`), with a bar
 * chart of the weekly audience by type and tables by type, state and city.
 */
export async function mediaKitPdf(kit: MediaKit, publicUrl: string): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 48,
      info: { Title: 'Mídia kit — Urbana', Author: 'Urbana', Subject: 'A rede Urbana em números' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = 48;
    const width = 595 - 96;

    doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(24).text('Urbana');
    doc.fillColor(INK).fontSize(18).text('Mídia kit — a rede em números');
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(10)
      .text(
        `Dados de ${formatDate(todayInBrasilia(new Date(kit.generated_at)))}, calculados do catálogo ativo da Urbana. ` +
          'Mídia exterior por semana: telas em torres, painéis de LED, outdoors, empenas e mobiliário urbano.',
      );
    doc.moveDown(1);

    // Headline figures, five boxes in a row.
    const figures: Array<[string, number]> = [
      ['Locais', kit.locations],
      ['Cidades', kit.cities],
      ['Estados', kit.states],
      ['Telas e faces', kit.screens],
      ['Impactos por semana', kit.weekly_audience],
    ];
    const boxW = (width - 4 * 8) / 5;
    const boxTop = doc.y;
    figures.forEach(([label, value], i) => {
      const x = left + i * (boxW + 8);
      doc.roundedRect(x, boxTop, boxW, 58, 6).strokeColor(LINE).stroke();
      doc
        .fillColor(INK)
        .font('Helvetica-Bold')
        .fontSize(15)
        .text(formatInteger(value), x + 8, boxTop + 10, { width: boxW - 16 });
      doc
        .fillColor(MUTED)
        .font('Helvetica')
        .fontSize(8.5)
        .text(label, x + 8, boxTop + 34, { width: boxW - 16 });
    });
    doc.x = left;
    doc.y = boxTop + 76;

    // Bar chart: weekly audience by type.
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text('Audiência semanal por tipo de mídia', left);
    doc.moveDown(0.5);
    const max = Math.max(1, ...kit.by_type.map((t) => t.weekly_audience));
    const labelW = 120;
    const barMax = width - labelW - 90;
    for (const t of kit.by_type) {
      const y = doc.y;
      doc
        .fillColor(INK)
        .font('Helvetica')
        .fontSize(9.5)
        .text(productTypeLabels[t.type], left, y + 2, { width: labelW - 8 });
      const w = Math.max(1, (t.weekly_audience / max) * barMax);
      doc
        .rect(left + labelW, y, w, 14)
        .fillColor(BRAND)
        .fill();
      doc
        .fillColor(MUTED)
        .fontSize(9)
        .text(formatInteger(t.weekly_audience), left + labelW + w + 6, y + 2, { width: 84 });
      doc.x = left;
      doc.y = y + 20;
    }
    doc.moveDown(1);

    const table = (title: string, headers: string[], widths: number[], rows: string[][]) => {
      doc.x = left;
      doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(title, left);
      doc.moveDown(0.3);
      const row = (cells: string[], bold: boolean) => {
        if (doc.y > 842 - 90) doc.addPage();
        const y = doc.y;
        let x = left;
        cells.forEach((cell, i) => {
          doc
            .fillColor(bold ? INK : MUTED)
            .font(bold ? 'Helvetica-Bold' : 'Helvetica')
            .fontSize(9)
            .text(cell, x, y, { width: widths[i]! - 6, align: i === 0 ? 'left' : 'right' });
          x += widths[i]!;
        });
        doc.x = left;
        doc.y = y + 15;
        doc
          .moveTo(left, doc.y - 2)
          .lineTo(left + width, doc.y - 2)
          .strokeColor(LINE)
          .lineWidth(0.5)
          .stroke();
      };
      row(headers, true);
      for (const cells of rows) row(cells, false);
      doc.moveDown(1);
    };

    table(
      'Por tipo de mídia',
      ['Tipo', 'Locais', 'Telas e faces', 'Impactos/semana', 'A partir de (dia)'],
      [150, 60, 80, 104, 105],
      kit.by_type.map((t) => [
        productTypeLabels[t.type],
        formatInteger(t.locations),
        formatInteger(t.screens),
        formatInteger(t.weekly_audience),
        t.locations > 0 ? formatMoney(t.min_daily_price) : '—',
      ]),
    );
    table(
      'Por estado',
      ['Estado', 'Locais', 'Cidades', 'Telas e faces', 'Impactos/semana'],
      [170, 60, 60, 95, 114],
      kit.by_state.map((s) => [
        `${s.name} (${s.state})`,
        formatInteger(s.locations),
        formatInteger(s.cities),
        formatInteger(s.screens),
        formatInteger(s.weekly_audience),
      ]),
    );
    table(
      'Cidades de maior audiência',
      ['Cidade', 'Locais', 'Impactos/semana'],
      [250, 100, 149],
      kit.top_cities.map((c) => [
        `${c.city} – ${c.state}`,
        formatInteger(c.locations),
        formatInteger(c.weekly_audience),
      ]),
    );

    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(
        `Veja cada local no mapa, com preço, audiência e disponibilidade por semana: ${publicUrl}/buscar-locais`,
        left,
      );
    doc.end();
  });
}
