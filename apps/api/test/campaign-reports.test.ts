import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { addDays, earliestBookableStart, formatDate, todayInBrasilia } from '@urbana/shared';
import {
  auditLog,
  campaignRuns,
  emailLog,
  notifications,
  orderItems,
  products,
  towers,
} from '../src/db/schema/index.ts';
import {
  billingPf,
  createTestApp,
  createUser,
  inject,
  NO_ORDER_LIMITS,
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';
import { png } from './media-files.ts';

/**
 * Issue #23 item 5: when an order's campaign ends the customer gets, unasked and once, a report with
 * each face, the days really on air, the proof photos by date, the booked audience and the impressions
 * estimated for those days — as a page (JSON here) and a PDF. Another user's report answers 404.
 */
let ctx: TestContext;
let dataDir: string;
let ana: string;
let anaEmail: string;
let anaId: string;
let bia: string;
let operador: string;
const TODAY = todayInBrasilia();
const FUTURE = addDays(earliestBookableStart(TODAY, 2), 14);
let keyN = 0;
let finished: { order: string; item: string };
let running: { order: string; item: string };

const post = (url: string, payload?: object) =>
  inject(ctx, { method: 'POST', url, cookie: operador, ...(payload ? { payload } : {}) });

async function paidItem(productId: string) {
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie: ana,
    headers: { 'idempotency-key': `relatorio-${++keyN}-${Date.now()}` },
    payload: {
      items: [{ product_id: productId, start_date: FUTURE, weeks: 2, tower_ids: [] }],
      payment_method: 'pix',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  const paid = await post(`/api/admin/orders/${order.id}/confirm-payment`);
  expect(paid.statusCode, paid.body).toBe(200);
  return { order: order.id as string, item: order.items[0].id as string };
}

const proof = (item: string, date: string, caption: string) =>
  png(800, 600).then((payload) =>
    inject(ctx, {
      method: 'POST',
      url: `/api/admin/campanhas/${item}/comprovacoes?data=${date}&legenda=${encodeURIComponent(caption)}`,
      cookie: operador,
      headers: { 'content-type': 'application/octet-stream' },
      payload,
    }),
  );

async function reportNotices() {
  return ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, anaId), eq(notifications.kind, 'relatorio_campanha')));
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-relatorio-'));
  ctx = await createTestApp({ config: testConfig({ DATA_DIR: dataDir, ...NO_ORDER_LIMITS }) });
  const a = await createUser(ctx, { nome: 'Ana Souza' });
  anaEmail = a.email;
  anaId = a.user.id;
  ana = await signIn(ctx, a.email, a.password);
  const b = await createUser(ctx, { nome: 'Bia Lima' });
  bia = await signIn(ctx, b.email, b.password);
  const o = await createUser(ctx, { tipo: 'operador', email: 'op-relatorio@urbana.com.br' });
  operador = await signIn(ctx, o.email, o.password);
  await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie: ana, payload: billingPf });
  const [product] = await ctx.database.db
    .insert(products)
    .values({
      slug: 'torre-relatorio',
      name: 'Torre Relatório',
      type: 'torre',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79,
      longitude: -47.88,
      daily_price: 5_000,
      is_tower_based: true,
      weekly_audience: 99_000,
    })
    .returning();
  await ctx.database.db
    .insert(towers)
    // A loop of 9 spots: the booking holds one, 126 000 ÷ 9 = 14 000 a week (issue #43 item 6).
    .values({ product_id: product!.id, name: 'Torre A', slots: 9, weekly_audience: 126_000 });
  finished = await paidItem(product!.id);
  running = await paidItem(product!.id);
  const art = await inject(ctx, {
    method: 'POST',
    url: '/api/media',
    cookie: ana,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'arte.png' },
    payload: await png(1080, 1920),
  });
  const ad = await inject(ctx, {
    method: 'POST',
    url: '/api/ads',
    cookie: ana,
    payload: {
      name: 'Campanha do relatório',
      item_ids: [finished.item, running.item],
      media_ids: [art.json().id],
    },
  });
  expect(ad.statusCode, ad.body).toBe(201);
  await inject(ctx, { method: 'POST', url: `/api/ads/${ad.json().id}/enviar`, cookie: ana });
  const approved = await post(`/api/admin/anuncios/${ad.json().id}/revisao`, { decisao: 'aprovar' });
  expect(approved.statusCode, approved.body).toBe(204);
  // The checkout sells future periods only: move both into the present (first day 10 days ago).
  for (const { item } of [finished, running]) {
    await ctx.database.db
      .update(orderItems)
      .set({ starts_on: addDays(TODAY, -10), ends_on: addDays(TODAY, 4) })
      .where(eq(orderItems.id, item));
    expect((await post(`/api/admin/campanhas/${item}/iniciar`)).statusCode).toBe(200);
  }
  // On air since 5 days ago (staff started it then): 6 days with today.
  await ctx.database.db
    .update(campaignRuns)
    .set({ started_at: sql`now() - interval '5 days'` })
    .where(eq(campaignRuns.order_item_id, finished.item));
  expect((await proof(finished.item, addDays(TODAY, -1), 'Fachada à noite')).statusCode).toBe(201);
  expect((await proof(finished.item, addDays(TODAY, -4), 'Primeiro dia')).statusCode).toBe(201);
  const end = await post(`/api/admin/campanhas/${finished.item}/finalizar`, {
    motivo: 'Cliente pediu para encerrar antes.',
  });
  expect(end.statusCode, end.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('relatório da campanha', () => {
  it('é enviado sem pedir, uma vez: sino e e-mail', async () => {
    // kick() waits for a round the finish already started (see place-watches.test.ts), then runs one.
    await ctx.app.deps.outbox.kick();
    await ctx.app.deps.outbox.kick();
    const notices = await reportNotices();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.link).toBe(`/usuario/pedidos/${finished.order}/relatorio`);
    const mails = await ctx.database.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.to_email, anaEmail), eq(emailLog.template, 'relatorio_campanha')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain(
      `http://localhost:3000/usuario/pedidos/${finished.order}/relatorio`,
    );
  });

  it('cada face: dias no ar × audiência diária, audiência reservada e fotos em ordem de data', async () => {
    const res = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${finished.order}/relatorio`,
      cookie: ana,
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.faces).toHaveLength(1);
    const face = report.faces[0];
    expect(face).toMatchObject({
      product: 'Torre Relatório',
      towers: [{ name: 'Torre A' }],
      booked_start: addDays(TODAY, -10),
      booked_last_day: addDays(TODAY, 3),
      ran_from: addDays(TODAY, -5),
      ran_to: TODAY,
      days_on_air: 6,
      early_end_reason: 'Cliente pediu para encerrar antes.',
      weekly_audience: 14_000,
      booked_audience: 28_000,
      // 14 000 a week = 2 000 a day, × 6 days on air.
      estimated_impressions: 12_000,
      // A face without a player keeps the estimate, and has no plays to count (issue #43 item 5).
      impressions_basis: 'estimativa',
      delivery: null,
      make_good: null,
    });
    expect(face.proofs.map((p: { taken_on: string }) => p.taken_on)).toEqual([
      addDays(TODAY, -4),
      addDays(TODAY, -1),
    ]);
    expect(report.totals).toEqual({
      booked_audience: 28_000,
      estimated_impressions: 12_000,
      days_on_air: 6,
      proofs: 2,
    });
  });

  it('o PDF abre e traz as faces, o período no ar, as impressões e as fotos', async () => {
    const res = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${finished.order}/relatorio.pdf`,
      cookie: ana,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('Relatório da campanha');
    expect(text).toContain('Torre Relatório');
    expect(text).toContain(`de ${formatDate(addDays(TODAY, -5))} até ${formatDate(TODAY)}`);
    expect(text).toContain('12.000');
    expect(text).toContain('28.000');
    expect(text).toContain('Fachada à noite');
    // The two proof photos are embedded as images (the logo is drawn as vectors).
    expect(res.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
  });

  it('de outra pessoa → 404; pedido ainda no ar → 409; nada é enviado antes do fim', async () => {
    for (const url of [
      `/api/orders/${finished.order}/relatorio`,
      `/api/orders/${finished.order}/relatorio.pdf`,
    ]) {
      const other = await inject(ctx, { method: 'GET', url, cookie: bia });
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('Relatório não encontrado.');
    }
    const notYet = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${running.order}/relatorio`,
      cookie: ana,
    });
    expect(notYet.statusCode).toBe(409);
    // When it will be ready: the booked last day (issue #40 item 9).
    expect(notYet.json().message).toBe(
      `O relatório fica pronto quando a campanha do pedido termina: o último dia no ar é ${formatDate(addDays(TODAY, 3))}.`,
    );
    expect(await reportNotices()).toHaveLength(1);
  });
});

describe('foto de comprovação da face errada (issue #40 item 7)', () => {
  it('a equipe remove a foto, com motivo no log; o cliente não a vê mais; cliente não remove', async () => {
    const sent = await proof(running.item, addDays(TODAY, -1), 'Outra face, por engano');
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id as string;
    const url = `/api/admin/campanhas/${running.item}/comprovacoes/${id}`;
    const asCustomer = await inject(ctx, { method: 'DELETE', url, cookie: ana, payload: { motivo: 'x' } });
    expect(asCustomer.statusCode).toBe(403);
    const wrongItem = await inject(ctx, {
      method: 'DELETE',
      url: `/api/admin/campanhas/${finished.item}/comprovacoes/${id}`,
      cookie: operador,
      payload: { motivo: 'Foto da face errada' },
    });
    expect(wrongItem.statusCode).toBe(404);
    expect(wrongItem.json()).toEqual({ message: 'Foto não encontrada.' });
    const noReason = await inject(ctx, { method: 'DELETE', url, cookie: operador, payload: { motivo: ' ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ message: 'Diga por que a foto sai (até 300 caracteres).' });

    const removed = await inject(ctx, {
      method: 'DELETE',
      url,
      cookie: operador,
      payload: { motivo: 'Foto da face errada' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().proofs.map((p: { id: string }) => p.id)).not.toContain(id);
    const file = await inject(ctx, { method: 'GET', url: `/api/comprovacoes/${id}/arquivo`, cookie: ana });
    expect(file.statusCode).toBe(404);
    const order = (
      await inject(ctx, { method: 'GET', url: `/api/orders/${running.order}`, cookie: ana })
    ).json();
    expect(JSON.stringify(order)).not.toContain(id);
    const logged = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, id), eq(auditLog.action, 'campanha.comprovacao_removida')));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.after).toMatchObject({ motivo: 'Foto da face errada' });
    const again = await inject(ctx, {
      method: 'DELETE',
      url,
      cookie: operador,
      payload: { motivo: 'De novo' },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('a vez do worker', () => {
  it('um aviso pedido durante uma rodada (de dentro de uma transação) ganha outra rodada', async () => {
    const outbox = ctx.app.deps.outbox;
    let calls = 0;
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    outbox.addProducer('teste', async () => {
      calls += 1;
      if (calls === 1) await blocked;
      return 0;
    });
    const first = outbox.kick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Asked while the first round is still in its producers: it must run them again afterwards.
    const second = outbox.kick();
    release();
    await first;
    await second;
    expect(calls).toBe(2);
  });
});
