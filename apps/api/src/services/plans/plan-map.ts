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

/** A marker's radius, and the least distance between two markers' centres (their white rings apart). */
const R = 26;
const APART = 2 * R + 6;

/**
 * Markers closer than APART, grouped (one place's faces, or neighbours), stand on a ring around the
 * group's middle, first at the top and then clockwise: the place stays visible in the middle.
 */
function ring(real: Array<{ x: number; y: number }>) {
  const group = real.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i]!)));
  for (let i = 0; i < real.length; i++)
    for (let j = i + 1; j < real.length; j++)
      if (Math.hypot(real[i]!.x - real[j]!.x, real[i]!.y - real[j]!.y) < APART) group[root(j)] = root(i);
  const at = real.map((p) => ({ ...p }));
  const members = new Map<number, number[]>();
  real.forEach((_, i) => members.set(root(i), [...(members.get(root(i)) ?? []), i]));
  for (const list of members.values()) {
    if (list.length < 2) continue;
    const mx = list.reduce((sum, i) => sum + real[i]!.x, 0) / list.length;
    const my = list.reduce((sum, i) => sum + real[i]!.y, 0) / list.length;
    const radius = Math.max(APART / (2 * Math.sin(Math.PI / list.length)), APART * 0.75);
    list.forEach((i, k) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * k) / list.length;
      at[i] = { x: mx + radius * Math.cos(angle), y: my + radius * Math.sin(angle) };
    });
  }
  return at;
}

/**
 * Markers that would cover each other (faces of one place, or a few metres apart) pushed apart until
 * none does, inside the image (issue #40 item 10: plan map pins hid each other). Deterministic: the
 * same plan draws the same map. Markers already apart stay where they are.
 */
function spread(real: Array<{ x: number; y: number }>) {
  const at = ring(real);
  const clamp = (v: number, max: number) => Math.min(max - R - 4, Math.max(R + 4, v));
  for (let round = 0; round < 300; round++) {
    let moved = false;
    for (let i = 0; i < at.length; i++) {
      for (let j = i + 1; j < at.length; j++) {
        const a = at[i]!;
        const b = at[j]!;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let d = Math.hypot(dx, dy);
        if (d >= APART) continue;
        if (d < 0.01) {
          // The same spot: each pair leaves in its own direction (the golden angle).
          const angle = (i + j) * 2.39996;
          dx = Math.cos(angle);
          dy = Math.sin(angle);
          d = 1;
        }
        const push = (APART - Math.hypot(b.x - a.x, b.y - a.y)) / 2 + 0.5;
        a.x -= (dx / d) * push;
        a.y -= (dy / d) * push;
        b.x += (dx / d) * push;
        b.y += (dy / d) * push;
        moved = true;
      }
    }
    for (const p of at) {
      p.x = clamp(p.x, W);
      p.y = clamp(p.y, H);
    }
    if (!moved) break;
  }
  return at;
}

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
  const real = points.map((p) => ({ x: x(p.longitude), y: y(p.latitude) }));
  const at = spread(real);
  // A marker moved off its face keeps a line to a dot where the face really is.
  const guides = at
    .map((p, i) => {
      const r = real[i]!;
      if (Math.hypot(p.x - r.x, p.y - r.y) < 1) return '';
      return `<line class="guia" x1="${r.x.toFixed(1)}" y1="${r.y.toFixed(1)}" x2="${p.x.toFixed(1)}" y2="${p.y.toFixed(1)}" stroke="#0f766e" stroke-width="3"/><circle cx="${r.x.toFixed(1)}" cy="${r.y.toFixed(1)}" r="6" fill="#0f766e"/>`;
    })
    .join('');
  const marks = points
    .map(
      (p, i) => `<g class="marcador" transform="translate(${at[i]!.x.toFixed(1)} ${at[i]!.y.toFixed(1)})">
<circle r="${R}" fill="#0f766e" stroke="#ffffff" stroke-width="5"/>
<text y="9" text-anchor="middle" font-size="26" font-weight="700" fill="#ffffff">${p.label}</text></g>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, sans-serif">
<rect width="${W}" height="${H}" fill="#eef2f7"/>
<g stroke="#d5dde8" stroke-width="1">${grid}</g>
<g transform="translate(${W - 50} 50)"><path d="M0 -26 L10 8 L0 2 L-10 8 Z" fill="#334155"/><text y="26" text-anchor="middle" font-size="16" fill="#334155">N</text></g>
<g transform="translate(30 ${H - 30})"><rect width="${(scaleKm * km).toFixed(1)}" height="6" fill="#334155"/><text y="-8" font-size="15" fill="#334155">${scaleKm} km</text></g>
${guides}${marks}
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
