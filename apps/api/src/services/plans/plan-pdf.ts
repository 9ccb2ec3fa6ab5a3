import {
  formatBookingPeriod,
  formatDate,
  formatInteger,
  formatMoney,
  productTypeLabels,
  type ProductType,
  type SharedPlan,
} from '@urbana/shared';
import { loadSharp } from '../../lib/heavy-modules.ts';
import type { Storage } from '../storage.ts';
import { drawTable, drawTotals, FONT, FONT_BOLD, INK, MUTED, startPdf } from '../pdf/pdf-layout.ts';
import { planMapPng } from './plan-map.ts';

const impacts = (n: number) => `${formatInteger(n)} impactos`;
const FILE_PREFIX = '/api/arquivos/';

/** A line's first photo as JPEG (pdfkit reads JPEG and PNG only), or null when it cannot be read. */
async function photoJpeg(storage: Storage, url: string | undefined): Promise<Buffer | null> {
  if (!url?.startsWith(FILE_PREFIX)) return null;
  try {
    const object = await storage.get(url.slice(FILE_PREFIX.length));
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return await (
      await loadSharp()
    )(Buffer.concat(chunks))
      .resize(240, 160, { fit: 'cover' })
      .jpeg()
      .toBuffer();
  } catch {
    // A photo missing from storage must not cost the advertiser the whole document.
    return null;
  }
}

/**
 * The shared plan as a PDF (issue #23 item 3): the proposal PDF of services/pdf/cart-proposal.ts grown with
 * a map drawn on the server, a photo per face, audience and CPM (decision 022) and Urbana's contact.
 */
export async function sharedPlanPdf(plan: SharedPlan, storage: Storage, shareUrl: string): Promise<Buffer> {
  const { doc, left, width, end } = await startPdf(
    { Title: `${plan.name} — Urbana` },
    {
      title: plan.name,
      lines: [
        `Plano de mídia preparado por ${plan.prepared_by}. Preços de ${formatDate(new Date())}, sujeitos à disponibilidade no fechamento.`,
      ],
    },
  );
  doc.moveDown(0.6);

  const map = await planMapPng(
    plan.lines.map((l, i) => ({ latitude: l.latitude, longitude: l.longitude, label: String(i + 1) })),
  );
  if (map) {
    const h = (width * 560) / 1000;
    doc.image(map, left, doc.y, { width, height: h });
    doc.y += h + 12;
  }
  const photos = await Promise.all(plan.lines.map((l) => photoJpeg(storage, l.photos[0]?.url)));
  plan.lines.forEach((line, i) => {
    if (doc.y + 100 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    const photo = photos[i];
    const textLeft = photo ? left + 130 : left;
    if (photo) doc.image(photo, left, top, { width: 120, height: 80 });
    doc
      .font(FONT_BOLD)
      .fontSize(11)
      .fillColor(INK)
      .text(`${i + 1}. ${line.name}`, textLeft, top, { width: width - (textLeft - left) });
    doc.font(FONT).fontSize(9).fillColor('#334155');
    const typeLabel = productTypeLabels[line.type as ProductType] ?? line.type;
    doc.text(`${typeLabel} · ${line.address ? `${line.address}, ` : ''}${line.city} – ${line.state}`);
    doc.text(
      `Período: ${formatBookingPeriod(line.start, line.weeks)} (${line.weeks} ${line.weeks === 1 ? 'semana' : 'semanas'})`,
    );
    if (line.is_tower_based) doc.text(`Torres: ${line.towers.map((t) => t.name).join(', ')}`);
    doc.text(
      `Audiência: ${impacts(line.audience)} · CPM: ${line.cpm === null ? '—' : formatMoney(line.cpm)} · Total: ${formatMoney(line.total)}`,
    );
    if (!line.available)
      doc.fillColor('#b91c1c').text(line.active ? 'Sem vaga neste período.' : 'Local desativado.');
    doc.x = left;
    doc.y = Math.max(doc.y, photo ? top + 86 : doc.y) + 8;
  });
  drawTable(
    doc,
    [
      { header: 'Resumo do plano', width: width - 160 },
      { header: 'Valor', width: 160, align: 'right' },
    ],
    [
      ['Audiência total estimada', impacts(plan.totals.audience)],
      ['CPM do plano', plan.totals.cpm === null ? '—' : formatMoney(plan.totals.cpm)],
    ],
  );
  drawTotals(doc, [{ label: 'Total', value: formatMoney(plan.totals.total), bold: true }]);
  doc.moveDown();
  if (doc.y + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.font(FONT_BOLD).fontSize(10).fillColor(INK).text('Fale com a Urbana', left, doc.y, { width });
  doc
    .font(FONT)
    .fillColor(MUTED)
    .text(`${plan.contact.name} · ${plan.contact.email}`, { width })
    .text(plan.contact.address, { width })
    .text(`Veja o plano on-line e reserve: ${shareUrl}`, { width });
  return end();
}
