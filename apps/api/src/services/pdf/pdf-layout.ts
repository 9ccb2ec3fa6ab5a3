import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadPdfKit } from '../../lib/heavy-modules.ts';
import { dropUndrawableText } from './pdf-text.ts';

/**
 * What every PDF of Urbana shares (invoice, credit note, proposals, shared plan, campaign report, mídia
 * kit): the header (`startPdf`), the small print that closes it (`drawFootnote`), an embedded Unicode font (DejaVu Sans, from the pinned
 * `dejavu-fonts-ttf` package: accents, € and symbols print as typed, emoji it lacks are dropped (pdf-text.ts), which the built-in Latin-1
 * Helvetica cannot do — issue #16 item 13), the logo, a table that wraps its cells and breaks pages.
 * Text only: what a document says is its own module's (services/pdf/*, plans/plan-pdf.ts,
 * campaign-reports/report-pdf.ts).
 */
const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONT = 'Texto';
export const FONT_BOLD = 'Texto-Negrito';
export const BRAND = '#0f766e';
export const INK = '#0f172a';
export const MUTED = '#475569';
export const RULE = '#cbd5e1';

export const NOTE = '#64748b';

/**
 * `standard`: FONT and FONT_BOLD are the built-in Helvetica (Latin-1, not embedded) — the mídia kit's,
 * whose text is all Portuguese and which e2e/content.spec.ts reads as WinAnsi text.
 */
export type PdfFonts = 'embedded' | 'standard';

export async function newPdf(
  info: PDFKit.DocumentInfo & { Title: string },
  fonts: PdfFonts = 'embedded',
): Promise<PDFKit.PDFDocument> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: 'A4', margin: 48, info });
  doc.registerFont(FONT, fonts === 'standard' ? 'Helvetica' : join(fontDir, 'DejaVuSans.ttf'));
  doc.registerFont(FONT_BOLD, fonts === 'standard' ? 'Helvetica-Bold' : join(fontDir, 'DejaVuSans-Bold.ttf'));
  doc.font(FONT);
  dropUndrawableText(doc);
  return doc;
}

/** The document's bytes once `doc.end()` is called. */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The mark of apps/web/public/favicon.svg (a "U" on a teal square) and the name beside it. */
export function drawLogo(doc: PDFKit.PDFDocument, x: number, y: number) {
  const size = 32;
  doc.save();
  doc.translate(x, y).scale(size / 64);
  doc.roundedRect(0, 0, 64, 64, 14).fill(BRAND);
  doc.path('M18 16h8v20c0 5 2.5 8 6 8s6-3 6-8V16h8v20c0 10-5.5 16-14 16s-14-6-14-16z').fill('#ffffff');
  doc.restore();
  doc
    .font(FONT_BOLD)
    .fontSize(20)
    .fillColor(BRAND)
    .text('Urbana', x + size + 10, y + 5, { lineBreak: false });
  doc.x = x;
  doc.y = y + size + 12;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** A table: a header row, rows whose height is their tallest cell, a new page (and header) as needed. */
export function drawTable(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]) {
  const left = doc.page.margins.left;
  const pad = 4;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const rowHeight = (cells: string[], font: string) =>
    Math.max(
      ...cells.map((c, i) =>
        doc
          .font(font)
          .fontSize(9)
          .heightOfString(c, { width: columns[i]!.width - 2 * pad }),
      ),
    ) +
    2 * pad;
  const drawRow = (cells: string[], font: string, color: string, fill?: string) => {
    const h = rowHeight(cells, font);
    if (doc.y + h > bottom()) doc.addPage();
    const top = doc.y;
    const width = columns.reduce((s, c) => s + c.width, 0);
    if (fill) doc.rect(left, top, width, h).fill(fill);
    let x = left;
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      doc
        .font(font)
        .fontSize(9)
        .fillColor(color)
        .text(cell, x + pad, top + pad, { width: col.width - 2 * pad, align: col.align ?? 'left' });
      x += col.width;
    });
    doc
      .moveTo(left, top + h)
      .lineTo(left + width, top + h)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.x = left;
    doc.y = top + h;
  };
  drawRow(
    columns.map((c) => c.header),
    FONT_BOLD,
    INK,
    '#f1f5f9',
  );
  for (const row of rows) drawRow(row, FONT, '#334155');
}

/** Label and amount lines under a table, right-aligned (one line per discount, the total in bold). */
export function drawTotals(
  doc: PDFKit.PDFDocument,
  lines: Array<{ label: string; value: string; bold?: boolean }>,
) {
  const right = doc.page.width - doc.page.margins.right;
  doc.moveDown(0.6);
  for (const line of lines) {
    if (doc.y + 20 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    const size = line.bold ? 12 : 10;
    doc
      .font(line.bold ? FONT_BOLD : FONT)
      .fontSize(size)
      .fillColor(INK)
      .text(line.label, right - 330, y, { width: 200, align: 'right' });
    doc.text(line.value, right - 120, y, { width: 120, align: 'right' });
    doc.x = doc.page.margins.left;
    doc.y = y + size + 6;
  }
}

/** "−R$ 140,00": a discount, with a real minus sign. */
export const minus = (money: string) => `−${money}`;

export interface PdfHeader {
  /** The document's title, in bold: under the logo, or `beside` it on the right (invoice, credit note). */
  title: string;
  beside?: boolean;
  /** The lines under the title, in muted text, one paragraph each. */
  lines?: string[];
}

export interface StartedPdf {
  doc: PDFKit.PDFDocument;
  /** The left margin and the width between the margins. */
  left: number;
  width: number;
  /** Ends the document and gives its bytes. */
  end(): Promise<Buffer>;
}

/** A new A4 document of Urbana with its header drawn: the logo, the title and the lines under it. */
export async function startPdf(
  info: PDFKit.DocumentInfo & { Title: string },
  header: PdfHeader,
  fonts: PdfFonts = 'embedded',
): Promise<StartedPdf> {
  const doc = await newPdf({ Author: 'Urbana', ...info }, fonts);
  const done = pdfBuffer(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  drawLogo(doc, left, 40);
  doc.font(FONT_BOLD).fontSize(16).fillColor(INK);
  if (header.beside) {
    doc.text(header.title, left, 46, { width, align: 'right' });
    doc.x = left;
    doc.y = 92;
  } else {
    doc.text(header.title, { width, paragraphGap: 4 });
  }
  doc.font(FONT).fontSize(10).fillColor(MUTED);
  for (const line of header.lines ?? []) doc.text(line, { width });
  return {
    doc,
    left,
    width,
    end: () => {
      doc.end();
      return done;
    },
  };
}

/** The small print that closes a document, across the page: one paragraph per line. */
export function drawFootnote(
  doc: PDFKit.PDFDocument,
  lines: string[],
  style: { size?: number; color?: string } = {},
) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.moveDown();
  doc
    .font(FONT)
    .fontSize(style.size ?? 9)
    .fillColor(style.color ?? NOTE);
  for (const line of lines) doc.text(line, left, doc.y, { width });
}
