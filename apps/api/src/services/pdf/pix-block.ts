/**
 * "Pague com Pix" on a document (issue #41): the QR code of a charge at the PSP beside what it is and its
 * "copia e cola", so an invoice printed or forwarded to a company's finance team can be paid as it is.
 */
import { FONT, FONT_BOLD } from './pdf-layout.ts';

const QR_SIZE = 112;

export function drawPixBlock(
  doc: PDFKit.PDFDocument,
  block: { qrPng: Buffer; copyPaste: string; lines: string[] },
) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.moveDown();
  if (doc.y + QR_SIZE + 24 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y;
  doc.image(block.qrPng, left, top, { width: QR_SIZE, height: QR_SIZE });
  const textLeft = left + QR_SIZE + 16;
  const textWidth = width - QR_SIZE - 16;
  doc
    .font(FONT_BOLD)
    .fontSize(11)
    .fillColor('#0f172a')
    .text('Pague com Pix', textLeft, top, { width: textWidth });
  doc.font(FONT).fontSize(9).fillColor('#334155');
  for (const line of block.lines) doc.text(line, textLeft, doc.y, { width: textWidth });
  doc.moveDown(0.4);
  doc.font(FONT_BOLD).text('Pix copia e cola:', textLeft, doc.y, { width: textWidth });
  doc.font(FONT).fontSize(7).text(block.copyPaste, textLeft, doc.y, { width: textWidth });
  doc.x = left;
  doc.y = Math.max(doc.y, top + QR_SIZE) + 8;
}
