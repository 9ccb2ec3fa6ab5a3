/**
 * Issue #23 item 3: named plans (create, list, rename, duplicate, delete, only one's own), re-priced on
 * opening with what changed, shared by an unguessable link that can be revoked, and its PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { addDays, earliestBookableStart, formatMoney, todayInBrasilia } from '@urbana/shared';
import { productPhotos, products, towers } from '../src/db/schema/index.ts';
import { billingPf, createTestApp, createUser, inject, signIn, type TestContext } from './helpers.ts';

let ctx: TestContext;
let ana: string;
let bia: string;
let bob: string;
let outdoor: { product: string; towers: string[] };
let condo: { product: string; towers: string[] };
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 14);

async function product(p: { name: string; type: 'outdoor' | 'torre'; towers: Array<[number, number]> }) {
  const [row] = await ctx.database.db
    .insert(products)
    .values({
      slug: p.name.toLowerCase().replace(/\W+/g, '-'),
      name: p.name,
      type: p.type,
      city: 'Brasília',
      state: 'DF',
      address: 'Eixo Monumental',
      latitude: p.type === 'torre' ? -15.8 : -15.79,
      longitude: p.type === 'torre' ? -47.89 : -47.88,
      daily_price: 10_000,
      is_tower_based: p.type === 'torre',
      weekly_audience: p.towers.reduce((s, [audience]) => s + audience, 0),
    })
    .returning();
  const ts = await ctx.database.db
    .insert(towers)
    .values(
      p.towers.map(([weekly_audience, slots], i) => ({
        product_id: row!.id,
        name: `Torre ${String.fromCharCode(65 + i)}`,
        weekly_audience,
        slots,
      })),
    )
    .returning();
  return { product: row!.id, towers: ts.map((t) => t.id) };
}

async function pdfText(body: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text;
}

const lines = () => [
  { productId: outdoor.product, towerIds: [], startDate: START, weeks: 2 },
  { productId: condo.product, towerIds: [condo.towers[1]!], startDate: START, weeks: 1 },
];
const create = (cookie: string, name: string, body = lines()) =>
  inject(ctx, { method: 'POST', url: '/api/planos', cookie, payload: { name, lines: body } });

beforeAll(async () => {
  ctx = await createTestApp();
  for (const [nome, set] of [
    ['Ana Souza', (c: string) => (ana = c)],
    ['Bia Lima', (c: string) => (bia = c)],
    ['Bob Reis', (c: string) => (bob = c)],
  ] as const) {
    const u = await createUser(ctx, { nome });
    set(await signIn(ctx, u.email, u.password));
  }
  outdoor = await product({ name: 'Outdoor Eixo Plano', type: 'outdoor', towers: [[40_000, 1]] });
  condo = await product({
    name: 'Condomínio Plano',
    type: 'torre',
    towers: [
      [1_000, 2],
      [2_500, 1],
    ],
  });
  await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie: bob, payload: billingPf });
});
afterAll(async () => {
  await ctx.close();
});

describe('named plans of an account', () => {
  it('creates, lists, renames, duplicates and deletes', async () => {
    const created = await create(ana, 'Verão 2027 — cliente X');
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    // 10.000 × 7 × 2 weeks + 10.000 × 7 × 1 tower × 1 week
    expect(plan).toMatchObject({ name: 'Verão 2027 — cliente X', line_count: 2, saved_total: 210_000 });

    const renamed = await inject(ctx, {
      method: 'PATCH',
      url: `/api/planos/${plan.id}`,
      cookie: ana,
      payload: { name: '  Inverno 2027  ' },
    });
    expect(renamed.json().name).toBe('Inverno 2027');

    const copy = await inject(ctx, { method: 'POST', url: `/api/planos/${plan.id}/duplicar`, cookie: ana });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Inverno 2027 (cópia)', line_count: 2, shared: false });

    const list = await inject(ctx, { method: 'GET', url: '/api/planos', cookie: ana });
    expect(
      list
        .json()
        .plans.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(['Inverno 2027', 'Inverno 2027 (cópia)']);

    const gone = await inject(ctx, { method: 'DELETE', url: `/api/planos/${copy.json().id}`, cookie: ana });
    expect(gone.statusCode).toBe(204);
    const after = await inject(ctx, { method: 'GET', url: '/api/planos', cookie: ana });
    expect(after.json().plans).toHaveLength(1);
  });

  it('refuses a nameless or empty plan, a foreign tower, and needs a session', async () => {
    const nameless = await create(ana, '   ');
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe('Dê um nome ao plano.');
    const empty = await create(ana, 'Vazio', []);
    expect(empty.json().message).toBe('O plano precisa de pelo menos um local.');
    const foreign = await create(ana, 'Torre alheia', [
      { productId: condo.product, towerIds: [outdoor.towers[0]!], startDate: START, weeks: 1 },
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Torre inválida em Condomínio Plano.');
    const badDay = await create(ana, 'Data impossível', [
      { productId: outdoor.product, towerIds: [], startDate: '2027-02-30', weeks: 1 },
    ]);
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().message).toBe('Data de início inválida.');
    const anonymous = await inject(ctx, { method: 'GET', url: '/api/planos' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 for another user's plan, whatever the action", async () => {
    const id = (await create(ana, 'Só da Ana')).json().id as string;
    for (const [method, url, payload] of [
      ['GET', `/api/planos/${id}`],
      ['PATCH', `/api/planos/${id}`, { name: 'Meu' }],
      ['POST', `/api/planos/${id}/duplicar`],
      ['DELETE', `/api/planos/${id}`],
      ['POST', `/api/planos/${id}/compartilhar`],
      ['DELETE', `/api/planos/${id}/compartilhar`],
    ] as const) {
      const response = await inject(ctx, { method, url, cookie: bia, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('Plano não encontrado.');
    }
    expect((await inject(ctx, { method: 'GET', url: '/api/planos', cookie: bia })).json().plans).toEqual([]);
    expect((await inject(ctx, { method: 'GET', url: `/api/planos/${id}`, cookie: ana })).statusCode).toBe(
      200,
    );
  });
});

describe('re-pricing on opening', () => {
  it('shows a price change and a face booked since the plan was saved', async () => {
    const id = (await create(ana, 'Para reprecificar')).json().id as string;
    const before = (await inject(ctx, { method: 'GET', url: `/api/planos/${id}`, cookie: ana })).json();
    expect(before.lines.map((l: { changes: string[] }) => l.changes)).toEqual([[], []]);
    expect(before.lines[0]).toMatchObject({ available: true, audience: 80_000, cpm: 1_750 });
    expect(before.totals).toMatchObject({ total: 210_000, saved_total: 210_000, audience: 82_500 });

    await ctx.database.db
      .update(products)
      .set({ daily_price: 12_000 })
      .where(eq(products.id, outdoor.product));
    await ctx.database.db.update(products).set({ daily_price: 8_000 }).where(eq(products.id, condo.product));
    // Bob books the only slot of the condo's Torre B for the plan's week.
    const order = await inject(ctx, {
      method: 'POST',
      url: '/api/orders',
      cookie: bob,
      headers: { 'idempotency-key': `plan-${Date.now()}` },
      payload: {
        items: [{ product_id: condo.product, tower_ids: [condo.towers[1]], start_date: START, weeks: 1 }],
      },
    });
    expect(order.statusCode).toBe(201);

    const after = (await inject(ctx, { method: 'GET', url: `/api/planos/${id}`, cookie: ana })).json();
    expect(after.lines[0]).toMatchObject({ total: 168_000, saved_total: 140_000, changes: ['preco_subiu'] });
    expect(after.lines[1]).toMatchObject({
      total: 56_000,
      saved_total: 70_000,
      available: false,
      changes: ['preco_caiu', 'indisponivel'],
    });
    expect(after.lines[1].towers[0]).toMatchObject({ name: 'Torre B', free: false });
    expect(after.totals).toMatchObject({ total: 224_000, saved_total: 210_000 });

    await ctx.database.db.update(products).set({ status: 'inativo' }).where(eq(products.id, outdoor.product));
    const off = (await inject(ctx, { method: 'GET', url: `/api/planos/${id}`, cookie: ana })).json();
    expect(off.lines[0].changes).toEqual(['preco_subiu', 'desativado']);
    await ctx.database.db
      .update(products)
      .set({ status: 'ativo', daily_price: 10_000 })
      .where(eq(products.id, outdoor.product));
    await ctx.database.db.update(products).set({ daily_price: 10_000 }).where(eq(products.id, condo.product));
  });
});

describe('share by link', () => {
  it('shows the plan without a session, its PDF parses, and a revoked link answers 404', async () => {
    // A cover photo on the outdoor: the PDF carries it next to the line.
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    await ctx.app.deps.storage.put('produtos/plano/capa-thumb.jpg', jpeg, 'image/jpeg');
    await ctx.database.db.insert(productPhotos).values({
      product_id: outdoor.product,
      storage_key: 'produtos/plano/capa-thumb.jpg',
      thumb_key: 'produtos/plano/capa-thumb.jpg',
      width: 64,
      height: 48,
      alt: 'Outdoor visto da via',
    });
    const id = (
      await create(ana, 'Compartilhado', [
        { productId: outdoor.product, towerIds: [], startDate: START, weeks: 2 },
      ])
    ).json().id as string;
    const shared = await inject(ctx, { method: 'POST', url: `/api/planos/${id}/compartilhar`, cookie: ana });
    const token = shared.json().share_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const again = await inject(ctx, { method: 'POST', url: `/api/planos/${id}/compartilhar`, cookie: ana });
    expect(again.json().share_token).toBe(token);

    const page = await inject(ctx, { method: 'GET', url: `/api/planos-compartilhados/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const body = page.json();
    expect(body).toMatchObject({ name: 'Compartilhado', prepared_by: 'Ana Souza' });
    expect(body.totals).toMatchObject({ total: 140_000, audience: 80_000, cpm: 1_750 });
    expect(body.lines[0].photos[0]).toEqual({
      url: '/api/arquivos/produtos/plano/capa-thumb.jpg',
      alt: 'Outdoor visto da via',
    });
    expect(body.contact.email).toBe('comercial@urbana.com.br');
    expect(JSON.stringify(body)).not.toContain('@exemplo.com.br');

    const pdf = await inject(ctx, { method: 'GET', url: `/api/planos-compartilhados/${token}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Compartilhado');
    expect(text).toContain('Outdoor Eixo Plano');
    expect(text).toContain('80.000 impactos');
    const plain = (s: string) => s.replace(/\s/g, ' ');
    expect(plain(text)).toContain(plain(`CPM: ${formatMoney(1_750)}`));
    expect(plain(text)).toContain(plain(`Total ${formatMoney(140_000)}`));
    expect(text).toContain('comercial@urbana.com.br');
    // The map drawn on the server and the cover photo: two images in the document.
    expect(pdf.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);

    const revoked = await inject(ctx, {
      method: 'DELETE',
      url: `/api/planos/${id}/compartilhar`,
      cookie: ana,
    });
    expect(revoked.json()).toEqual({ share_token: null });
    for (const url of [`/api/planos-compartilhados/${token}`, `/api/planos-compartilhados/${token}/pdf`]) {
      const response = await inject(ctx, { method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('Este link de plano não existe ou foi revogado.');
    }
    const renewed = await inject(ctx, { method: 'POST', url: `/api/planos/${id}/compartilhar`, cookie: ana });
    expect(renewed.json().share_token).not.toBe(token);
  });

  it('answers 404 to a made-up token', async () => {
    const response = await inject(ctx, {
      method: 'GET',
      url: `/api/planos-compartilhados/${'a'.repeat(32)}`,
    });
    expect(response.statusCode).toBe(404);
  });
});
