import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { campaignRuns, orderItems, plays, products, reservations, towers } from '../src/db/schema/index.ts';
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
 * Issue #43 item 3 (decision 106): a signage system's proof-of-play export uploaded for one screen.
 * Each play lands on its booking (or the house), a file sent twice counts once, and a bad file is
 * refused whole with each bad line named in Portuguese.
 */
let ctx: TestContext;
let dataDir: string;
let staff = '';
let screen = '';
let booking = '';
const TODAY = todayInBrasilia();

async function upload(cookie: string, name: string) {
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/media',
    cookie,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': name },
    payload: await png(1920, 1080),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function screenFace() {
  const [product] = await ctx.database.db
    .insert(products)
    .values({
      slug: 'painel-csv',
      name: 'Painel LED CSV',
      type: 'painel_led',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79,
      longitude: -47.88,
      daily_price: 5_000,
      is_tower_based: false,
      weekly_audience: 60_000,
    })
    .returning();
  const [tower] = await ctx.database.db
    .insert(towers)
    .values({ product_id: product!.id, name: 'Face única', slots: 6, weekly_audience: 60_000 })
    .returning();
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/admin/telas',
    cookie: staff,
    payload: {
      tower_id: tower!.id,
      name: 'Player CSV',
      resolution: '1920x1080',
      orientation: 'paisagem',
      loop_seconds: 60,
      spot_seconds: 10,
      opens_at: '00:00',
      closes_at: '00:00',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { product: product!.id, player: res.json().id as string };
}

/** A customer books the face, pays and sends an approved ad whose file is "verao-2026.png". */
async function bookedAd(productId: string) {
  const { email, password } = await createUser(ctx);
  const cookie = await signIn(ctx, email, password);
  await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie, payload: billingPf });
  const start = addDays(earliestBookableStart(TODAY, 2), 14);
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie,
    headers: { 'idempotency-key': `csv-${Date.now()}` },
    payload: {
      items: [{ product_id: productId, start_date: start, weeks: 1, tower_ids: [] }],
      payment_method: 'pix',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  const paid = await inject(ctx, {
    method: 'POST',
    url: `/api/admin/orders/${order.id}/confirm-payment`,
    cookie: staff,
  });
  expect(paid.statusCode).toBe(200);
  const media = await upload(cookie, 'verao-2026.png');
  const ad = await inject(ctx, {
    method: 'POST',
    url: '/api/ads',
    cookie,
    payload: { name: 'Verão', item_ids: [order.items[0].id], media_ids: [media] },
  });
  expect(ad.statusCode, ad.body).toBe(201);
  await inject(ctx, { method: 'POST', url: `/api/ads/${ad.json().id}/enviar`, cookie });
  const approved = await inject(ctx, {
    method: 'POST',
    url: `/api/admin/anuncios/${ad.json().id}/revisao`,
    cookie: staff,
    payload: { decisao: 'aprovar' },
  });
  expect(approved.statusCode, approved.body).toBe(204);
  return order.items[0].id as string;
}

const send = (csv: string | Buffer, id = screen) =>
  inject(ctx, {
    method: 'POST',
    url: `/api/admin/telas/${id}/exibicoes-csv`,
    cookie: staff,
    headers: { 'content-type': 'text/csv' },
    payload: csv,
  });

/** "AAAA-MM-DD HH:MM:SS" in Brasília, some minutes ago. */
function brasilia(minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * 60_000 - 3 * 3600_000);
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

const countPlays = async () => (await ctx.database.db.select({ id: plays.id }).from(plays)).length;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-csv-'));
  ctx = await createTestApp({
    config: testConfig({ DATA_DIR: dataDir, ADMIN_EMAILS: 'chefe-csv@urbana.com.br', ...NO_ORDER_LIMITS }),
  });
  const s = await createUser(ctx, { email: 'chefe-csv@urbana.com.br', tipo: 'admin' });
  staff = await signIn(ctx, s.email, s.password);
  const face = await screenFace();
  screen = face.player;
  booking = await bookedAd(face.product);
  // The checkout sells future weeks only: the booking moves into the present (since yesterday).
  const period = { starts_on: addDays(TODAY, -1), ends_on: addDays(TODAY, 6) };
  await ctx.database.db.update(orderItems).set(period).where(eq(orderItems.id, booking));
  await ctx.database.db.update(reservations).set(period).where(eq(reservations.order_item_id, booking));
  const house = await upload(staff, 'institucional.png');
  const added = await inject(ctx, {
    method: 'POST',
    url: '/api/admin/criativos-da-casa',
    cookie: staff,
    payload: { media_id: house },
  });
  expect(added.statusCode, added.body).toBe(201);
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('importação da prova de exibição (CSV do sistema de sinalização)', () => {
  const good = [
    'Display,Layout,From Date,To Date,Duration,Count',
    `Painel Eixo,verao-2026.png,${brasilia(60)},${brasilia(30)},30,3`,
    `Painel Eixo,institucional,${brasilia(29)},${brasilia(28)},20,2`,
  ].join('\r\n');

  it('grava cada exibição na sua reserva (ou na casa) e põe a campanha no ar', async () => {
    const before = await countPlays();
    const res = await send(good);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 2, plays: 5, recorded: 5, duplicates: 0 });
    expect((await countPlays()) - before).toBe(5);
    const own = await ctx.database.db.select().from(plays).where(eq(plays.booking_id, booking));
    expect(own).toHaveLength(3);
    expect(own.every((p) => p.duration_ms === 10_000 && p.player_id === screen)).toBe(true);
    const [run] = await ctx.database.db
      .select()
      .from(campaignRuns)
      .where(eq(campaignRuns.order_item_id, booking));
    expect(run?.started_at).toBeTruthy();
  });

  it('o mesmo arquivo enviado de novo conta uma vez só', async () => {
    const before = await countPlays();
    const res = await send(good);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 2, plays: 5, recorded: 0, duplicates: 5 });
    expect(await countPlays()).toBe(before);
  });

  it('lê ponto e vírgula, aspas, BOM e datas DD/MM/AAAA', async () => {
    const day = (minutesAgo: number) => {
      const [date, time] = brasilia(minutesAgo).split(' ');
      const [y, m, d] = date!.split('-');
      return `${d}/${m}/${y} ${time!.slice(0, 5)}`;
    };
    const csv = `\uFEFFTela;Criativo;Início;Fim;Duração;Contagem\n"Painel; Eixo";"verao-2026.png";${day(20)};${day(19)};10,5;1\n`;
    const res = await send(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 1, recorded: 1 });
  });

  it('recusa o arquivo inteiro e diz cada linha errada, em português', async () => {
    const before = await countPlays();
    const csv = [
      'tela,criativo,inicio,fim,duracao,contagem',
      `Painel Eixo,verao-2026.png,${brasilia(10)},${brasilia(9)},10,1`,
      `Painel Eixo,verao-2026.png,ontem,${brasilia(9)},10,1`,
      `Painel Eixo,verao-2026.png,${brasilia(10)},${brasilia(9)},10,0`,
      `Painel Eixo,nao-existe.mp4,${brasilia(10)},${brasilia(9)},10,1`,
      `Painel Eixo,verao-2026.png,${brasilia(5)},${brasilia(9)},10,1`,
      `Outra tela,verao-2026.png,${brasilia(10)},${brasilia(9)},10,1`,
      `Painel Eixo,verao-2026.png,${brasilia(-120)},${brasilia(-121)},10,1`,
      `Painel Eixo,verao-2026.png`,
    ].join('\n');
    const res = await send(csv);
    expect(res.statusCode).toBe(400);
    const { message } = res.json() as { message: string };
    expect(message).toMatch(/^7 linhas têm problema; nada foi importado\. Linha 3: /);
    expect(message).toContain(
      'Linha 3: início "ontem" não é uma data e hora (use AAAA-MM-DD HH:MM:SS ou DD/MM/AAAA HH:MM:SS).',
    );
    expect(message).toContain('Linha 4: contagem "0" não é um número inteiro de 1 a 10000.');
    expect(message).toContain(
      'Linha 5: o criativo "nao-existe.mp4" não é de nenhuma reserva desta face nem dos criativos da casa.',
    );
    expect(message).toContain('Linha 6: o fim é anterior ao início.');
    expect(message).toContain('Linha 7: a tela "Outra tela" não é a mesma das linhas anteriores');
    expect(message).toContain('Linha 8: a exibição termina no futuro.');
    expect(message).toContain('Linha 9: tem 2 colunas, o cabeçalho tem 6.');
    expect(message.indexOf('Linha 3')).toBeLessThan(message.indexOf('Linha 9'));
    expect(await countPlays()).toBe(before);
  });

  it('uma exibição no futuro recusa o arquivo', async () => {
    const res = await send(
      `tela,criativo,inicio,fim,duracao,contagem\nP,verao-2026.png,${brasilia(-60)},${brasilia(-61)},10,1\n`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Linha 2: a exibição termina no futuro.');
  });

  it('diz as colunas que faltam, o arquivo vazio e o que não é texto', async () => {
    const missing = await send('tela,criativo,inicio\nP,x,2026-01-01 10:00\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'Faltam colunas no cabeçalho: fim, duração, contagem. O CSV precisa de tela, criativo, início, fim, duração e contagem.',
    );
    const header = await send('tela,criativo,inicio,fim,duracao,contagem\n');
    expect(header.json().message).toBe('O arquivo só tem o cabeçalho: nenhuma exibição para importar.');
    const binary = await send(Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toBe('O arquivo não é um CSV em texto (UTF-8).');
  });

  it('uma tela que não existe não é encontrada', async () => {
    const res = await send(good, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Tela não encontrada.' });
  });
});
