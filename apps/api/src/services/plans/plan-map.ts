import { loadSharp } from '../../lib/heavy-modules.ts';

export interface MapPoint {
  latitude: number;
  longitude: number;
  label: string;
}

const W = 1000;
const H = 560;
// Room for a marker and the scale bar at the edges.
const PAD = 90;

/**
 * Where the faces are, drawn on the server as SVG then PNG (issue #23 item 3): no map tiles from the
 * internet (the PDF is built offline), just a grid, a north arrow, a scale and numbered points placed
 * by an equirectangular projection, which is true to within a few metres at city scale.
 */
export function planMapSvg(points: MapPoint[]): string {
  const lats = points.map((p) => p.latitude);
  const lngs = points.map((p) => p.longitude);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const kx = Math.cos((midLat * Math.PI) / 180);
  // At least ~2 km across, so one point (or two close ones) sits in a readable neighbourhood.
  const spanX = Math.max((Math.max(...lngs) - Math.min(...lngs)) * kx, 0.02);
  const spanY = Math.max(Math.max(...lats) - Math.min(...lats), 0.02);
  const scale = Math.min((W - 2 * PAD) / spanX, (H - 2 * PAD) / spanY);
  const cx = (Math.min(...lngs) + Math.max(...lngs)) / 2;
  const cy = midLat;
  const x = (lng: number) => W / 2 + (lng - cx) * kx * scale;
  const y = (lat: number) => H / 2 - (lat - cy) * scale;
  const grid = Array.from({ length: 9 }, (_, i) => {
    const gx = (i * W) / 8;
    const gy = (i * H) / 8;
    return `<line x1="${gx}" y1="0" x2="${gx}" y2="${H}"/><line x1="0" y1="${gy}" x2="${W}" y2="${gy}"/>`;
  }).join('');
  // One kilometre is 1/111.32 of a degree of latitude.
  const km = scale / 111.32;
  const scaleKm = km > 150 ? 1 : km > 30 ? 5 : 20;
  const marks = points
    .map(
      (p) => `<g transform="translate(${x(p.longitude).toFixed(1)} ${y(p.latitude).toFixed(1)})">
<circle r="26" fill="#0f766e" stroke="#ffffff" stroke-width="5"/>
<text y="9" text-anchor="middle" font-size="26" font-weight="700" fill="#ffffff">${p.label}</text></g>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, sans-serif">
<rect width="${W}" height="${H}" fill="#eef2f7"/>
<g stroke="#d5dde8" stroke-width="1">${grid}</g>
<g transform="translate(${W - 50} 50)"><path d="M0 -26 L10 8 L0 2 L-10 8 Z" fill="#334155"/><text y="26" text-anchor="middle" font-size="16" fill="#334155">N</text></g>
<g transform="translate(30 ${H - 30})"><rect width="${(scaleKm * km).toFixed(1)}" height="6" fill="#334155"/><text y="-8" font-size="15" fill="#334155">${scaleKm} km</text></g>
${marks}
</svg>`;
}

export async function planMapPng(points: MapPoint[]): Promise<Buffer | null> {
  if (points.length === 0) return null;
  // No alpha channel: pdfkit would add a second image (a soft mask) for it.
  return (await loadSharp())(Buffer.from(planMapSvg(points)))
    .flatten({ background: '#eef2f7' })
    .png()
    .toBuffer();
}
