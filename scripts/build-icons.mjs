// Writes the web app's icons and link-preview picture into apps/web/public from favicon.svg:
// PWA icons (192, 512, maskable), the Apple touch icon, favicon.ico and og-urbana.png.
// Run after changing the logo: `node scripts/build-icons.mjs` (the files are committed).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const dir = path.resolve('apps/web/public');
const logo = readFileSync(path.join(dir, 'favicon.svg'));
const BRAND = '#0f766e';

const png = (svg, size) =>
  sharp(svg, { density: 384 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
// The maskable icon keeps the mark inside the central 80 % "safe zone" on a full-bleed background.
const glyph = logo
  .toString()
  .trim()
  .replace(/<rect[^>]*\/>/, '');
const maskable = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(9.6 9.6) scale(0.7)">${glyph.replace(/^<svg[^>]*>|<\/svg>$/g, '')}</g></svg>`,
);

writeFileSync(path.join(dir, 'icon-192.png'), await png(logo, 192));
writeFileSync(path.join(dir, 'icon-512.png'), await png(logo, 512));
writeFileSync(path.join(dir, 'icon-maskable-512.png'), await png(maskable, 512));
writeFileSync(path.join(dir, 'apple-touch-icon.png'), await png(maskable, 180));

// favicon.ico: one 32 × 32 PNG inside an ICO container (header, one directory entry, the image).
const ico32 = await png(logo, 32);
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
const entry = Buffer.alloc(16);
entry.writeUInt8(32, 0);
entry.writeUInt8(32, 1);
entry.writeUInt16LE(1, 4);
entry.writeUInt16LE(32, 6);
entry.writeUInt32LE(ico32.length, 8);
entry.writeUInt32LE(22, 12);
writeFileSync(path.join(dir, 'favicon.ico'), Buffer.concat([header, entry, ico32]));

// Link previews (Open Graph): 1200 × 630.
const og = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#134e4a"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <g transform="translate(96 120) scale(2.2)">${glyph.replace(/^<svg[^>]*>|<\/svg>$/g, '').replace('fill="#fff"', 'fill="#ccfbf1"')}</g>
  <text x="96" y="360" font-family="DejaVu Sans, Arial, sans-serif" font-size="84" font-weight="700" fill="#ffffff">Urbana</text>
  <text x="96" y="440" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#ccfbf1">Mídia exterior por semana, com pagamento por Pix</text>
  <text x="96" y="500" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#99f6e4">Painéis de LED · outdoors · empenas · telas em torres</text>
</svg>`);
writeFileSync(path.join(dir, 'og-urbana.png'), await sharp(og).png({ compressionLevel: 9 }).toBuffer());
console.log('ícones gravados em', dir);
