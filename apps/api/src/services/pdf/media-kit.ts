import {
  formatMoney,
  formatDate,
  productTypeLabels,
  todayInBrasilia,
  type MediaKit,
  formatInteger,
  paths,
} from '@urbana/shared';
import {
  BRAND,
  drawFootnote,
  drawTable,
  FONT,
  FONT_BOLD,
  INK,
  MUTED,
  RULE,
  startPdf,
  type Column,
} from './pdf-layout.ts';

/** Headline figures, five boxes in a row. */
function drawFigures(doc: PDFKit.PDFDocument, kit: MediaKit, left: number, width: number) {
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
    doc.roundedRect(x, boxTop, boxW, 58, 6).strokeColor(RULE).stroke();
    doc
      .fillColor(INK)
      .font(FONT_BOLD)
      .fontSize(15)
      .text(formatInteger(value), x + 8, boxTop + 10, { width: boxW - 16 });
    doc
      .fillColor(MUTED)
      .font(FONT)
      .fontSize(8.5)
      .text(label, x + 8, boxTop + 34, { width: boxW - 16 });
  });
  doc.x = left;
  doc.y = boxTop + 76;
}

/** Bar chart: weekly audience by type. */
function drawAudienceChart(doc: PDFKit.PDFDocument, kit: MediaKit, left: number, width: number) {
  doc.fillColor(INK).font(FONT_BOLD).fontSize(13).text('Audiência semanal por tipo de mídia', left);
  doc.moveDown(0.5);
  const max = Math.max(1, ...kit.by_type.map((t) => t.weekly_audience));
  const labelW = 120;
  const barMax = width - labelW - 90;
  for (const t of kit.by_type) {
    const y = doc.y;
    doc
      .fillColor(INK)
      .font(FONT)
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
}

/** A titled table: the first column is the name, the others are figures (right-aligned). */
function titledTable(
  doc: PDFKit.PDFDocument,
  title: string,
  headers: string[],
  widths: number[],
  rows: string[][],
) {
  const left = doc.page.margins.left;
  doc.x = left;
  doc.fillColor(INK).font(FONT_BOLD).fontSize(13).text(title, left);
  doc.moveDown(0.3);
  const columns: Column[] = headers.map((header, i) => ({
    header,
    width: widths[i]!,
    align: i === 0 ? 'left' : 'right',
  }));
  drawTable(doc, columns, rows);
  doc.moveDown(1);
}

/**
 * The media kit as a PDF: the same figures as /midia-kit (one computation, `mediaKit`), with a bar
 * chart of the weekly audience by type and tables by type, state and city.
 */
export async function mediaKitPdf(kit: MediaKit, publicUrl: string): Promise<Buffer> {
  const { doc, left, width, end } = await startPdf(
    { Title: 'Mídia kit — Urbana', Subject: 'A rede Urbana em números' },
    {
      title: 'Mídia kit — a rede em números',
      lines: [
        `Dados de ${formatDate(todayInBrasilia(new Date(kit.generated_at)))}, calculados do catálogo ativo da Urbana. ` +
          'Mídia exterior por semana: telas em torres, painéis de LED, outdoors, empenas e mobiliário urbano.',
      ],
    },
    'standard',
  );
  doc.moveDown(1);
  drawFigures(doc, kit, left, width);
  drawAudienceChart(doc, kit, left, width);
  titledTable(
    doc,
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
  titledTable(
    doc,
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
  titledTable(
    doc,
    'Cidades de maior audiência',
    ['Cidade', 'Locais', 'Impactos/semana'],
    [250, 100, 149],
    kit.top_cities.map((c) => [
      `${c.city} – ${c.state}`,
      formatInteger(c.locations),
      formatInteger(c.weekly_audience),
    ]),
  );
  drawFootnote(
    doc,
    [
      `Veja cada local no mapa, com preço, audiência e disponibilidade por semana: ${publicUrl}${paths.buscarLocais}`,
    ],
    { color: MUTED },
  );
  return end();
}
