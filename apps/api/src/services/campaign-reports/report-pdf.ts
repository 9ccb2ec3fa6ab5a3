import { buffer } from 'node:stream/consumers';
import { loadSharp } from '../../lib/heavy-modules.ts';
import { inArray } from 'drizzle-orm';
import {
  deliverySummary,
  formatDate,
  formatDocument,
  makeGoodLine,
  underDeliveryLabel,
  formatDateTime,
  formatInteger,
  productTypeLabels,
  type CampaignReport,
  type ProductType,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { proofPhotos } from '../../db/schema/index.ts';
import { drawTable, FONT, FONT_BOLD, INK, MUTED, startPdf } from '../pdf/pdf-layout.ts';
import type { Storage } from '../storage.ts';

const THUMB_W = 150;
const THUMB_H = 100;

/** The proof thumbnails as JPEG (PDFKit reads JPEG and PNG, the store keeps WebP); a missing one is skipped. */
async function proofImages(db: Db, storage: Storage, report: CampaignReport) {
  const ids = report.faces.flatMap((f) => f.proofs.map((p) => p.id));
  if (ids.length === 0) return new Map<string, Buffer>();
  const rows = await db.select().from(proofPhotos).where(inArray(proofPhotos.id, ids));
  const images = new Map<string, Buffer>();
  for (const row of rows) {
    const object = await storage.get(row.thumb_key);
    if (!object) continue;
    const jpeg = await (
      await loadSharp()
    )(await buffer(object.body))
      .resize({ width: THUMB_W * 2, height: THUMB_H * 2, fit: 'cover' })
      .jpeg({ quality: 80 })
      .toBuffer();
    images.set(row.id, jpeg);
  }
  return images;
}

const ran = (f: CampaignReport['faces'][number]) =>
  f.ran_from && f.ran_to ? `de ${formatDate(f.ran_from)} até ${formatDate(f.ran_to)}` : 'não veiculou';

/** Each face's proof photos in date order, three to a row, each with its day under it. */
function drawTimeline(
  doc: PDFKit.PDFDocument,
  face: CampaignReport['faces'][number],
  images: Map<string, Buffer>,
) {
  const left = doc.page.margins.left;
  doc.font(FONT_BOLD).fontSize(11).fillColor(INK).text(`${face.product} — fotos de comprovação`, left);
  if (face.proofs.length === 0) {
    doc.font(FONT).fontSize(10).fillColor(MUTED).text('Nenhuma foto de comprovação enviada.', left);
    doc.moveDown(0.5);
    return;
  }
  doc.moveDown(0.3);
  face.proofs.forEach((proof, i) => {
    const col = i % 3;
    if (col === 0 && doc.y + THUMB_H + 30 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = col === 0 ? doc.y : doc.y - THUMB_H - 28;
    const x = left + col * (THUMB_W + 16);
    const image = images.get(proof.id);
    if (image) doc.image(image, x, top, { width: THUMB_W, height: THUMB_H });
    else doc.rect(x, top, THUMB_W, THUMB_H).stroke();
    const label = proof.caption
      ? `${formatDate(proof.taken_on)} · ${proof.caption}`
      : formatDate(proof.taken_on);
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(label, x, top + THUMB_H + 4, { width: THUMB_W, height: 22, ellipsis: true });
    doc.y = top + THUMB_H + 28;
  });
  doc.x = left;
  doc.moveDown(0.5);
}

/** A screen face's plays booked × delivered, day by day, its flag and its make-good (issue #43 item 5). */
function drawDelivery(doc: PDFKit.PDFDocument, face: CampaignReport['faces'][number], width: number) {
  const left = doc.page.margins.left;
  const d = face.delivery;
  if (!d) return;
  doc
    .font(FONT_BOLD)
    .fontSize(11)
    .fillColor(INK)
    .text(`${face.product} — exibições: ${deliverySummary(d)}`, left);
  if (d.under_delivered)
    doc.font(FONT_BOLD).fontSize(10).fillColor(INK).text(underDeliveryLabel(d.threshold_percent), left);
  if (face.make_good) doc.font(FONT).fontSize(10).fillColor(INK).text(makeGoodLine(face.make_good), left);
  doc.moveDown(0.3);
  drawTable(
    doc,
    [
      { header: 'Face e dia', width: width - 240 },
      { header: 'Contratadas', width: 80, align: 'right' },
      { header: 'Entregues', width: 80, align: 'right' },
      { header: '%', width: 80, align: 'right' },
    ],
    d.faces.flatMap((f) =>
      f.days.map((day) => [
        `${f.name} · ${formatDate(day.day)}`,
        formatInteger(day.booked),
        formatInteger(day.delivered),
        day.percent === null ? '—' : `${day.percent}%`,
      ]),
    ),
  );
  doc.x = left;
  doc.moveDown(0.5);
}

/** The report as a PDF: the same figures as the page, then the photo timeline of every face. */
export async function campaignReportPdf(db: Db, storage: Storage, report: CampaignReport): Promise<Buffer> {
  const images = await proofImages(db, storage, report);
  const who = report.order.company
    ? `${report.order.customer} — ${report.order.company}`
    : report.order.customer;
  const { doc, left, width, end } = await startPdf(
    { Title: `Relatório da campanha ${report.order.code} — Urbana` },
    {
      title: `Relatório da campanha ${report.order.code}`,
      lines: [
        `Cliente: ${who}`,
        ...(report.order.advertiser
          ? [
              `Anunciante: ${report.order.advertiser.name} · CNPJ ${formatDocument(report.order.advertiser.document)}`,
            ]
          : []),
        ...(report.finished_at ? [`Campanha encerrada em ${formatDateTime(report.finished_at)}.`] : []),
        `Audiência reservada: ${formatInteger(report.totals.booked_audience)} · Impressões estimadas nos dias no ar: ` +
          `${formatInteger(report.totals.estimated_impressions)} · Fotos de comprovação: ${report.totals.proofs}`,
      ],
    },
  );
  doc.moveDown();
  drawTable(
    doc,
    [
      { header: 'Local e faces', width: width - 300 },
      { header: 'Período no ar', width: 120 },
      { header: 'Audiência reservada', width: 90, align: 'right' },
      { header: 'Impressões estimadas', width: 90, align: 'right' },
    ],
    report.faces.map((f) => [
      `${f.product}\n${productTypeLabels[f.type as ProductType] ?? f.type} · ${f.city} – ${f.state}` +
        (f.towers.length ? `\nFaces: ${f.towers.map((t) => t.name).join(', ')}` : ''),
      `${ran(f)}\n${f.days_on_air} ${f.days_on_air === 1 ? 'dia' : 'dias'}` +
        (f.early_end_reason ? `\nEncerrada antes: ${f.early_end_reason}` : ''),
      formatInteger(f.booked_audience),
      formatInteger(f.estimated_impressions),
    ]),
  );
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'Impressões estimadas = audiência semanal das faces ÷ 7 × dias no ar; numa tela com player, as exibições ' +
        'relatadas pela tela × as impressões de uma exibição (audiência semanal ÷ exibições por semana do loop). ' +
        'A audiência é a estimativa do catálogo Urbana.',
      left,
      doc.y + 8,
      { width },
    )
    .moveDown();
  if (report.faces.some((f) => f.delivery)) {
    doc
      .font(FONT_BOLD)
      .fontSize(12)
      .fillColor(INK)
      .text('Exibições contratadas × entregues', left)
      .moveDown(0.3);
    for (const face of report.faces) drawDelivery(doc, face, width);
  }
  for (const face of report.faces) drawTimeline(doc, face, images);
  return end();
}
