import { createHash } from 'node:crypto';
import { loadSharp } from '../lib/heavy-modules.ts';
import type { ProductType } from '@urbana/shared';
import type { Storage } from './storage.ts';

export interface StoredPhoto {
  storage_key: string;
  thumb_key: string;
  width: number;
  height: number;
}

const W = 1200;
const H = 800;

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const skies = [
  ['#0ea5e9', '#bae6fd'],
  ['#f97316', '#fde68a'],
  ['#1e3a8a', '#60a5fa'],
  ['#7c3aed', '#f0abfc'],
];
const ads = ['#0f766e', '#dc2626', '#2563eb', '#ca8a04', '#db2777', '#16a34a'];

/** An illustrative scene of the medium (no text, so no fonts needed), drawn as SVG. */
function sceneSvg(type: ProductType, variant: number): string {
  const r = rng(variant * 7919 + type.length * 104729);
  const [top, bottom] = skies[variant % skies.length]!;
  const ad = ads[Math.floor(r() * ads.length)]!;
  const ad2 = ads[Math.floor(r() * ads.length)]!;
  const buildings = Array.from({ length: 9 }, (_, i) => {
    const bw = 90 + r() * 80;
    const bh = 200 + r() * 330;
    const x = i * 140 - 40 + r() * 30;
    const windows = Array.from(
      { length: Math.floor(bh / 40) },
      (_, j) =>
        `<rect x="${x + 12}" y="${H - 120 - bh + 20 + j * 40}" width="${bw - 24}" height="14" fill="#fde68a" opacity="${0.15 + r() * 0.5}"/>`,
    ).join('');
    return `<rect x="${x}" y="${H - 120 - bh}" width="${bw}" height="${bh}" fill="#1f2937" opacity="${0.55 + r() * 0.35}"/>${windows}`;
  }).join('');
  const street = `<rect x="0" y="${H - 120}" width="${W}" height="120" fill="#374151"/><rect x="0" y="${H - 64}" width="${W}" height="8" fill="#e5e7eb" opacity="0.7"/>`;
  const creative = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${ad}"/><circle cx="${x + w * 0.25}" cy="${y + h * 0.5}" r="${Math.min(w, h) * 0.28}" fill="${ad2}" opacity="0.9"/><rect x="${x + w * 0.5}" y="${y + h * 0.3}" width="${w * 0.4}" height="${h * 0.12}" rx="4" fill="#fff"/><rect x="${x + w * 0.5}" y="${y + h * 0.52}" width="${w * 0.3}" height="${h * 0.1}" rx="4" fill="#fff" opacity="0.8"/>`;
  let medium = '';
  switch (type) {
    case 'outdoor':
      medium = `<rect x="560" y="430" width="16" height="250" fill="#111827"/>${creative(330, 250, 480, 180)}<rect x="320" y="240" width="500" height="200" fill="none" stroke="#111827" stroke-width="10"/>`;
      break;
    case 'painel_led':
      medium = `<rect x="590" y="470" width="24" height="210" fill="#111827"/><rect x="360" y="210" width="480" height="280" rx="8" fill="#0b0f19"/>${creative(375, 225, 450, 250)}`;
      break;
    case 'empena':
      medium = `<rect x="420" y="90" width="360" height="590" fill="#475569"/>${creative(450, 130, 300, 500)}`;
      break;
    case 'mobiliario_urbano':
      medium = `<rect x="380" y="420" width="460" height="14" fill="#94a3b8"/><rect x="390" y="434" width="10" height="246" fill="#94a3b8"/><rect x="820" y="434" width="10" height="246" fill="#94a3b8"/><rect x="700" y="450" width="110" height="200" rx="4" fill="#0b0f19"/>${creative(706, 456, 98, 188)}`;
      break;
    case 'torre':
      medium = `<rect x="300" y="60" width="600" height="620" fill="#e2e8f0"/><rect x="300" y="60" width="600" height="40" fill="#cbd5e1"/><rect x="460" y="200" width="280" height="420" rx="10" fill="#94a3b8"/><rect x="500" y="240" width="200" height="330" rx="6" fill="#0b0f19"/>${creative(510, 250, 180, 310)}`;
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs><linearGradient id="c" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#c)"/>${type === 'torre' ? '' : buildings}${street}${medium}</svg>`;
}

/** Renders a photo and its thumbnail (WebP) and stores both under content-addressed keys. */
export async function generateProductPhoto(
  storage: Storage,
  type: ProductType,
  variant: number,
): Promise<StoredPhoto> {
  const svg = Buffer.from(sceneSvg(type, variant));
  const full = await (await loadSharp())(svg).webp({ quality: 78 }).toBuffer();
  const thumb = await (await loadSharp())(svg).resize(480, 320).webp({ quality: 70 }).toBuffer();
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 16);
  const storage_key = `catalogo/${type}-${hash}.webp`;
  const thumb_key = `catalogo/${type}-${hash}-miniatura.webp`;
  await storage.put(storage_key, full, 'image/webp');
  await storage.put(thumb_key, thumb, 'image/webp');
  return { storage_key, thumb_key, width: W, height: H };
}
