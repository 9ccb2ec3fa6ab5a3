import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  artworkDeadline,
  bookingLastDay,
  earliestBookableStart,
  todayInBrasilia,
} from '@urbana/shared';
import { emailLog, sessions } from '../src/db/schema/index.ts';
import { remindMissingArt } from '../src/services/campaigns/queue.ts';
import { deliverCampaignReports } from '../src/services/campaign-reports/deliver-reports.ts';
import { billingPf, createTestApp, inject, NO_ORDER_LIMITS, signIn, type TestContext } from './helpers.ts';
import { png } from './media-files.ts';
import { insertProduct, person, type Person } from './security/world.ts';

/**
 * Issue #40 item 6 (docs/decisions/093-campaign-queue.md): the server's clock moves through a
 * campaign's life — booked, art missing (the customer told once, two business days before the start),
 * start day, start overdue, on air, past its end, finished, its report — and the dashboard's queue
 * says at each step what staff owe it.
 */

let ctx: TestContext;
let ana: Person;
let operador: Person;
let productId: string;
const TODAY = todayInBrasilia();
/** A week starting a week after the earliest start: out of the queue when booked. */
const START = addDays(earliestBookableStart(TODAY, 2), 7);
const LAST = bookingLastDay(START, 1);

beforeAll(async () => {
  ctx = await createTestApp({ env: { ...NO_ORDER_LIMITS, ADMIN_EMAILS: 'chefe@urbana.com.br' } });
  ana = await person(ctx, { nome: 'Ana Fila' });
  operador = await person(ctx, { tipo: 'operador', email: 'op-fila@urbana.com.br', nome: 'Otávio' });
  await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie: ana.cookie, payload: billingPf });
  productId = (await insertProduct(ctx.database, 'Outdoor Fila', 10_000, 3)).id;
});
afterEach(() => vi.useRealTimers());
afterAll(() => ctx.close());

/**
 * Noon in Brasília on `day`: the server's clock (the database keeps its own). Sessions idle past
 * their time end as they would, so both people sign in again at the new time.
 */
async function clockAt(day: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T15:00:00Z`));
  for (const who of [ana, operador]) who.cookie = await signIn(ctx, who.email, who.password);
  // PostgreSQL's clock did not move: the new sessions were last seen now, by the server's clock.
  await ctx.database.db.update(sessions).set({ last_seen_at: new Date() });
}

const as = (who: Person, method: 'GET' | 'POST', url: string, payload?: object) =>
  inject(ctx, { method, url, cookie: who.cookie, ...(payload ? { payload } : {}) });

async function queue() {
  const res = await as(operador, 'GET', '/api/admin/resumo');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().campaign_queue as Array<{ kind: string; item_id: string; last_day: string }>).map(
    (e) => [e.kind, e.item_id, e.last_day],
  );
}

const mailsToAna = () => ctx.database.db.select().from(emailLog).where(eq(emailLog.to_email, ana.email));

const artEmails = async () =>
  (
    await ctx.database.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.to_email, ana.email), eq(emailLog.template, 'campanha_sem_arte')))
  ).length;

describe('a fila de campanhas no painel ao longo da vida de uma campanha', () => {
  it('do pedido ao relatório: sem arte, começa hoje, atrasada, no ar, passou do fim, finalizada', async () => {
    const placed = await inject(ctx, {
      method: 'POST',
      url: '/api/orders',
      cookie: ana.cookie,
      headers: { 'idempotency-key': `fila-${Date.now()}` },
      payload: {
        items: [{ product_id: productId, start_date: START, weeks: 1, tower_ids: [] }],
        payment_method: 'pix',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as { id: string; items: Array<{ id: string }> };
    const item = order.items[0]!.id;
    const paid = await as(operador, 'POST', `/api/admin/orders/${order.id}/confirm-payment`);
    expect(paid.statusCode, paid.body).toBe(200);

    // The customer drafts an ad: a draft is no art yet.
    const media = await inject(ctx, {
      method: 'POST',
      url: '/api/media',
      cookie: ana.cookie,
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'arte.png' },
      payload: await png(4500, 1500),
    });
    expect(media.statusCode, media.body).toBe(201);
    const ad = await as(ana, 'POST', '/api/ads', {
      name: 'Campanha da fila',
      item_ids: [item],
      media_ids: [media.json().id],
    });
    expect(ad.statusCode, ad.body).toBe(201);
    // Booked: the start is more than a week away, nothing is owed.
    expect(await queue()).toEqual([]);
    expect(await remindMissingArt(ctx.app.deps)).toBe(0);

    // A week before the start, still no art: staff see it; the customer is not told yet.
    await clockAt(addDays(START, -7));
    expect(await queue()).toEqual([['sem_arte', item, LAST]]);
    expect(await remindMissingArt(ctx.app.deps)).toBe(0);

    // The last day to send the art (two business days before the start): one e-mail, once.
    const deadline = artworkDeadline(START);
    await clockAt(deadline);
    expect(await remindMissingArt(ctx.app.deps)).toBe(1);
    expect(await remindMissingArt(ctx.app.deps)).toBe(0);
    expect(await artEmails()).toBe(1);
    const [mail] = await ctx.database.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.to_email, ana.email), eq(emailLog.template, 'campanha_sem_arte')));
    expect(mail!.subject).toBe(
      `Falta a arte da sua campanha em Outdoor Fila (pedido ${(placed.json() as { code: string }).code})`,
    );

    // The art is sent and approved: nothing owed before the start.
    expect((await as(ana, 'POST', `/api/ads/${ad.json().id}/enviar`)).statusCode).toBeLessThan(300);
    const review = await as(operador, 'POST', `/api/admin/anuncios/${ad.json().id}/revisao`, {
      decisao: 'aprovar',
    });
    expect(review.statusCode, review.body).toBe(204);
    expect(await queue()).toEqual([]);

    // The first day: due to start. The next: overdue.
    await clockAt(START);
    expect(await queue()).toEqual([['inicia_hoje', item, LAST]]);
    await clockAt(addDays(START, 1));
    expect(await queue()).toEqual([['inicio_atrasado', item, LAST]]);
    const started = await as(operador, 'POST', `/api/admin/campanhas/${item}/iniciar`);
    expect(started.statusCode, started.body).toBe(200);
    expect(await queue()).toEqual([]);

    // On air to its last day; the day after, it is running past its end.
    await clockAt(LAST);
    expect(await queue()).toEqual([]);
    await clockAt(addDays(LAST, 1));
    expect(await queue()).toEqual([['passou_do_fim', item, LAST]]);
    const before = new Set((await mailsToAna()).map((m) => m.id));
    const finished = await as(operador, 'POST', `/api/admin/campanhas/${item}/finalizar`, {});
    expect(finished.statusCode, finished.body).toBe(200);
    expect(await queue()).toEqual([]);
    // Its end is told by one e-mail, the report's, not three (issue #40 item 7); the bell keeps both notices.
    await deliverCampaignReports(ctx.database.db, ctx.app.deps.outbox, ctx.app.deps.config.publicUrl);
    const after = (await mailsToAna()).filter((m) => !before.has(m.id)).map((m) => m.template);
    expect(after).toEqual(['relatorio_campanha']);

    // The report: the campaign ran to its booked last day, not to the day staff finished it.
    const report = await as(ana, 'GET', `/api/orders/${order.id}/relatorio`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().faces[0]).toMatchObject({ booked_last_day: LAST, ran_to: LAST });
  });
});
