import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { orderItems, products, proofPhotos, towers } from '../src/db/schema/index.ts';
import {
  billingPf,
  createTestApp,
  createUser,
  inject,
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';
import { exifBlock, withExif } from './exif-files.ts';
import { png } from './media-files.ts';

/**
 * Issue #43 item 4 (decision 107): a static face's proof photo keeps its original privately, with its
 * SHA-256 and the EXIF position and time read before the public copy is stripped; the photo says
 * "tirada em … a … m da face", and staff are warned when it was taken far away or outside the period.
 */
let ctx: TestContext;
let dataDir: string;
let ana = '';
let operador = '';
let item = '';
const TODAY = todayInBrasilia();
// The face: SCS, Brasília.
const FACE = { lat: -15.79, lon: -47.88 };

const post = (url: string, payload?: object) =>
  inject(ctx, { method: 'POST', url, cookie: operador, ...(payload ? { payload } : {}) });

const sendProof = (payload: Buffer, date = TODAY) =>
  inject(ctx, {
    method: 'POST',
    url: `/api/admin/campanhas/${item}/comprovacoes?data=${date}`,
    cookie: operador,
    headers: { 'content-type': 'application/octet-stream' },
    payload,
  });

/** "AAAA:MM:DD HH:MM:SS" of a day, as a camera writes it. */
const exifTime = (day: string, time = '14:30:00') => `${day.replaceAll('-', ':')} ${time}`;

let jpeg: Buffer;
const photo = (over: Partial<Parameters<typeof exifBlock>[0]> = {}) =>
  withExif(jpeg, exifBlock({ lat: FACE.lat - 0.0009, lon: FACE.lon, takenAt: exifTime(TODAY), ...over }));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-exif-'));
  ctx = await createTestApp({ config: testConfig({ DATA_DIR: dataDir }) });
  jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const a = await createUser(ctx, { nome: 'Ana Souza' });
  ana = await signIn(ctx, a.email, a.password);
  const o = await createUser(ctx, { tipo: 'operador', email: 'op-exif@urbana.com.br' });
  operador = await signIn(ctx, o.email, o.password);
  await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie: ana, payload: billingPf });
  const [product] = await ctx.database.db
    .insert(products)
    .values({
      slug: 'outdoor-exif',
      name: 'Outdoor SCS',
      type: 'outdoor',
      city: 'Brasília',
      state: 'DF',
      latitude: FACE.lat,
      longitude: FACE.lon,
      daily_price: 5_000,
      is_tower_based: false,
      weekly_audience: 10_000,
    })
    .returning();
  await ctx.database.db.insert(towers).values({ product_id: product!.id, name: 'Face única', slots: 1 });
  const order = await inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie: ana,
    headers: { 'idempotency-key': `exif-${Date.now()}` },
    payload: {
      items: [
        {
          product_id: product!.id,
          start_date: addDays(earliestBookableStart(TODAY, 2), 14),
          weeks: 2,
          tower_ids: [],
        },
      ],
      payment_method: 'pix',
    },
  });
  expect(order.statusCode, order.body).toBe(201);
  item = order.json().items[0].id;
  expect((await post(`/api/admin/orders/${order.json().id}/confirm-payment`)).statusCode).toBe(200);
  const art = await inject(ctx, {
    method: 'POST',
    url: '/api/media',
    cookie: ana,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'arte.png' },
    payload: await png(4500, 1500),
  });
  const ad = await inject(ctx, {
    method: 'POST',
    url: '/api/ads',
    cookie: ana,
    payload: { name: 'Outdoor', item_ids: [item], media_ids: [art.json().id] },
  });
  expect(ad.statusCode, ad.body).toBe(201);
  await inject(ctx, { method: 'POST', url: `/api/ads/${ad.json().id}/enviar`, cookie: ana });
  expect((await post(`/api/admin/anuncios/${ad.json().id}/revisao`, { decisao: 'aprovar' })).statusCode).toBe(
    204,
  );
  // Running since three days ago, for two weeks.
  const start = addDays(TODAY, -3);
  await ctx.database.db
    .update(orderItems)
    .set({ starts_on: start, ends_on: addDays(start, 14) })
    .where(eq(orderItems.id, item));
  const started = await post(`/api/admin/campanhas/${item}/iniciar`);
  expect(started.statusCode, started.body).toBe(200);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('foto de comprovação: original guardado, EXIF lido antes de limpar', () => {
  it('guarda o original com o SHA-256 e a posição e a hora do EXIF; a cópia pública não tem EXIF', async () => {
    const file = photo();
    const res = await sendProof(file);
    expect(res.statusCode, res.body).toBe(201);
    const proof = res.json();
    const sha256 = createHash('sha256').update(file).digest('hex');
    expect(proof).toMatchObject({ original_sha256: sha256, warnings: [] });
    expect(proof.distance_m).toBeGreaterThan(90);
    expect(proof.distance_m).toBeLessThan(110);
    const [d, m, y] = [TODAY.slice(8, 10), TODAY.slice(5, 7), TODAY.slice(0, 4)];
    expect(proof.place_line).toBe(`tirada em ${d}/${m}/${y} 14:30 a ${proof.distance_m} m da face`);
    const [row] = await ctx.database.db.select().from(proofPhotos).where(eq(proofPhotos.id, proof.id));
    expect(row).toMatchObject({ original_sha256: sha256, original_bytes: file.length });
    expect(row!.exif_latitude).toBeCloseTo(FACE.lat - 0.0009, 5);
    expect(row!.exif_longitude).toBeCloseTo(FACE.lon, 5);
    expect(row!.exif_taken_at!.toISOString()).toBe(`${TODAY}T17:30:00.000Z`);
    // The original is kept byte for byte, privately (no route serves it).
    const kept = readFileSync(path.join(dataDir, 'arquivos', row!.original_key!));
    expect(createHash('sha256').update(kept).digest('hex')).toBe(sha256);
    expect((await sharp(kept).metadata()).exif).toBeDefined();
    // What the customer downloads has no metadata left.
    const pub = await inject(ctx, { method: 'GET', url: proof.url, cookie: ana });
    expect(pub.statusCode).toBe(200);
    expect((await sharp(pub.rawPayload).metadata()).exif).toBeUndefined();
    // The customer's order page shows where it was taken.
    const orderId = (await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, item)))[0]!
      .order_id;
    const order = await inject(ctx, { method: 'GET', url: `/api/orders/${orderId}`, cookie: ana });
    expect(order.body).toContain(proof.place_line);
  });

  it('o hash é estável: o mesmo arquivo dá o mesmo SHA-256, na outra ordem de bytes também', async () => {
    const file = photo({ bigEndian: true });
    const first = await sendProof(file);
    const again = await sendProof(file);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json().original_sha256).toBe(first.json().original_sha256);
    expect(first.json().original_sha256).toBe(createHash('sha256').update(file).digest('hex'));
    expect(first.json().distance_m).toBe(again.json().distance_m);
  });

  it('avisa a equipe: longe da face e fora do período', async () => {
    const far = photo({ lat: FACE.lat + 0.05, takenAt: exifTime(addDays(TODAY, -30)) });
    const res = await sendProof(far);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().distance_m).toBeGreaterThan(5_000);
    expect(res.json().warnings).toEqual([
      expect.stringMatching(
        /^A foto foi tirada a [\d.]+ m da face \(mais de 500 m\): confira se é a face certa\.$/,
      ),
      'A foto foi tirada fora do período da campanha, segundo a data gravada pela câmera.',
    ]);
    const detail = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/campanhas/${item}`,
      cookie: operador,
    });
    const shown = detail.json().proofs.find((p: { id: string }) => p.id === res.json().id);
    expect(shown.warnings).toHaveLength(2);
  });

  it('sem EXIF: guarda o original e o hash, sem linha de posição', async () => {
    const file = await png(800, 600);
    const res = await sendProof(file);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      place_line: null,
      taken_at: null,
      distance_m: null,
      warnings: [],
      original_sha256: createHash('sha256').update(file).digest('hex'),
    });
  });
});
