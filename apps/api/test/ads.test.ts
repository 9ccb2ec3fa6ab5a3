import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import {
  addDays,
  artworkDeadline,
  earliestBookableStart,
  mediaMessages,
  todayInBrasilia,
} from '@urbana/shared';
import {
  ads,
  auditLog,
  emailLog,
  media,
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
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';
import { fragmentedMp4, jpegWithExif, mp4, png } from './media-files.ts';

let ctx: TestContext;
let dataDir: string;
let ana: string;
let anaId: string;
let bruno: string;
let operador: string;
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 21);
let keyN = 0;

const upload = (
  cookie: string | undefined,
  body: Buffer,
  name = 'arte.png',
  type = 'application/octet-stream',
) =>
  inject(ctx, {
    method: 'POST',
    url: '/api/media',
    cookie,
    headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name) },
    payload: body,
  });

/** Files under the storage folder and the upload scratch folder. */
function storedFiles(): string[] {
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dataDir, path.join(d.parentPath, d.name)))
    .sort();
}

async function mediaCount(userId: string) {
  const [row] = await ctx.database.db.select({ n: count() }).from(media).where(eq(media.user_id, userId));
  return row!.n;
}

async function product(name: string, type: 'torre' | 'outdoor') {
  const [row] = await ctx.database.db
    .insert(products)
    .values({
      slug: name.toLowerCase().replace(/\W+/g, '-'),
      name,
      type,
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79,
      longitude: -47.88,
      daily_price: 5_000,
      is_tower_based: type === 'torre',
      weekly_audience: 10_000,
    })
    .returning();
  await ctx.database.db.insert(towers).values({ product_id: row!.id, name: 'Torre A', slots: 5 });
  return row!.id;
}

/** A paid order for this customer; answers the order and its item ids. */
async function paidOrder(cookie: string, productIds: string[]) {
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie,
    headers: { 'idempotency-key': `anuncios-${++keyN}-${Date.now()}` },
    payload: {
      items: productIds.map((product_id) => ({ product_id, start_date: START, weeks: 2, tower_ids: [] })),
      payment_method: 'pix',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  const paid = await inject(ctx, {
    method: 'POST',
    url: `/api/admin/orders/${order.id}/confirm-payment`,
    cookie: operador,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { id: order.id as string, items: (order.items as Array<{ id: string }>).map((i) => i.id) };
}

let torre: string;
let outdoor: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-midias-'));
  ctx = await createTestApp({
    config: testConfig({
      DATA_DIR: dataDir,
      MEDIA_IMAGE_MAX_MB: '1',
      MEDIA_VIDEO_MAX_MB: '2',
      MEDIA_QUOTA_MB: '3',
    }),
  });
  const a = await createUser(ctx, { nome: 'Ana Souza' });
  anaId = a.user.id;
  ana = await signIn(ctx, a.email, a.password);
  const b = await createUser(ctx, { nome: 'Bruno Lima' });
  bruno = await signIn(ctx, b.email, b.password);
  const o = await createUser(ctx, { tipo: 'operador', email: 'op-anuncios@urbana.com.br' });
  operador = await signIn(ctx, o.email, o.password);
  for (const c of [ana, bruno])
    await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie: c, payload: billingPf });
  torre = await product('Torre Anúncios', 'torre');
  outdoor = await product('Outdoor Anúncios', 'outdoor');
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('biblioteca de mídias: envio', () => {
  it('uma imagem válida é guardada com dimensões, miniatura e sem metadados', async () => {
    const res = await upload(ana, await jpegWithExif(1080, 1920), 'Fachada com EXIF.jpg');
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      name: 'Fachada com EXIF.jpg',
      kind: 'imagem',
      format: 'jpg',
      width: 1080,
      height: 1920,
    });
    const file = await inject(ctx, { method: 'GET', url: item.url, cookie: ana });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="Fachada_com_EXIF\.jpg"/);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('CameraTeste'))).toBe(false);
    const thumb = await inject(ctx, { method: 'GET', url: item.thumb_url, cookie: ana });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).height).toBeLessThanOrEqual(480);
    // The key is the server's, never the user's file name.
    expect(storedFiles().some((f) => f.includes('Fachada'))).toBe(false);
  });

  it('um MP4 íntegro tem duração e tamanho lidos do arquivo', async () => {
    const res = await upload(ana, mp4({ width: 1080, height: 1920, seconds: 15 }), 'spot.mp4');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'video',
      format: 'mp4',
      width: 1080,
      height: 1920,
      duration_ms: 15_000,
    });
    expect(res.json().thumb_url).toBeNull();
  });

  it('um MP4 fragmentado (o que o gravador do navegador escreve) tem a duração somada dos fragmentos', async () => {
    const res = await upload(ana, fragmentedMp4({ width: 1080, height: 1920, seconds: 4 }), 'gravado.mp4');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'video', width: 1080, height: 1920, duration_ms: 4000 });
  });

  const refused: Array<[string, () => Promise<Buffer>, string, number, string]> = [
    [
      'HTML renomeado para .jpg',
      async () =>
        Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'.repeat(80)),
      'foto.jpg',
      415,
      mediaMessages.unsupported,
    ],
    [
      'SVG',
      async () =>
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
      'logo.svg',
      415,
      mediaMessages.svg,
    ],
    [
      'imagem acima do limite',
      () => png(900, 700, true),
      'grande.png',
      413,
      mediaMessages.imageTooLarge(1024 * 1024),
    ],
    [
      'MP4 truncado',
      async () => mp4({ width: 1080, height: 1920, seconds: 10, mdatBytes: 50_000 }).subarray(0, 30_000),
      'cortado.mp4',
      422,
      mediaMessages.brokenVideo,
    ],
    [
      'vídeo acima do limite',
      async () => mp4({ width: 1080, height: 1920, seconds: 10, mdatBytes: 2_200_000 }),
      'longo.mp4',
      413,
      mediaMessages.videoTooLarge(2 * 1024 * 1024),
    ],
    ['arquivo vazio', async () => Buffer.alloc(0), 'vazio.png', 422, mediaMessages.empty],
  ];

  it.each(refused)(
    '%s → recusado com a mensagem, nada guardado',
    async (_label, make, name, status, message) => {
      const before = storedFiles();
      const n = await mediaCount(anaId);
      const res = await upload(ana, await make(), name);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ message });
      expect(await mediaCount(anaId)).toBe(n);
      expect(storedFiles()).toEqual(before);
    },
  );

  it('JSON no lugar do arquivo → 415', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/media',
      cookie: ana,
      payload: { arquivo: 'x' },
    });
    expect(res.statusCode).toBe(415);
  });

  it('passar da cota → 413 com a mensagem, nada guardado', async () => {
    const c = await createUser(ctx);
    const cookie = await signIn(ctx, c.email, c.password);
    const big = mp4({ width: 1920, height: 1080, seconds: 10, mdatBytes: 1_900_000 });
    expect((await upload(cookie, big, 'a.mp4')).statusCode).toBe(201);
    const before = storedFiles();
    const res = await upload(cookie, big, 'b.mp4');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^Sua biblioteca passaria do limite de 3 MB/);
    expect(await mediaCount(c.user.id)).toBe(1);
    expect(storedFiles()).toEqual(before);
  });

  it('por um socket de verdade: o envio chega inteiro; interrompido no meio, nada fica', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = {
      cookie: ana,
      'content-type': 'application/octet-stream',
      'x-file-name': 'pelo-socket.png',
    };
    const ok = await fetch(`${address}/api/media`, {
      method: 'POST',
      headers,
      body: new Uint8Array(await png(1080, 1920)),
    });
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect(((await ok.json()) as { name: string }).name).toBe('pelo-socket.png');

    const before = storedFiles();
    const n = await mediaCount(anaId);
    const video = mp4({ width: 1080, height: 1920, seconds: 10, mdatBytes: 1_500_000 });
    const { port } = new URL(address);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/media',
        headers: { ...headers, 'content-length': String(video.length) },
      });
      req.on('error', () => resolve());
      // Cut the connection once the server has started writing the upload to its scratch file.
      const cutWhenWriting = () => {
        if (storedFiles().some((f) => f.endsWith('.envio'))) req.destroy();
        else setTimeout(cutWhenWriting, 20);
      };
      req.write(video.subarray(0, 400_000), cutWhenWriting);
      req.on('close', () => resolve());
    });
    await expect.poll(() => storedFiles(), { timeout: 5000 }).toEqual(before);
    expect(await mediaCount(anaId)).toBe(n);
  });

  it('sem sessão → 401', async () => {
    expect((await upload(undefined, await png(10, 10))).statusCode).toBe(401);
  });
});

describe('biblioteca de mídias: de cada um', () => {
  let id: string;
  beforeAll(async () => {
    id = (await upload(ana, await png(1080, 1920), 'minha.png')).json().id;
  });

  it.each([
    ['GET', ''],
    ['GET', '/arquivo'],
    ['GET', '/miniatura'],
    ['PATCH', ''],
    ['DELETE', ''],
  ])('%s de outro usuário em /api/media/:id%s → 404', async (method, suffix) => {
    const res = await inject(ctx, {
      method: method as 'GET',
      url: `/api/media/${id}${suffix}`,
      cookie: bruno,
      ...(method === 'PATCH' ? { payload: { name: 'roubada' } } : {}),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: mediaMessages.notFound });
  });

  it('a equipe vê o arquivo (para revisar anúncios)', async () => {
    expect(
      (await inject(ctx, { method: 'GET', url: `/api/media/${id}/arquivo`, cookie: operador })).statusCode,
    ).toBe(200);
  });

  it('a lista mostra só os próprios arquivos, o espaço usado e a cota', async () => {
    const list = (await inject(ctx, { method: 'GET', url: '/api/media', cookie: bruno })).json();
    expect(list.items).toEqual([]);
    expect(list.quota_bytes).toBe(3 * 1024 * 1024);
    const mine = (await inject(ctx, { method: 'GET', url: '/api/media', cookie: ana })).json();
    expect(mine.items.map((m: { id: string }) => m.id)).toContain(id);
    expect(mine.used_bytes).toBe(
      mine.items.reduce((n: number, m: { size_bytes: number }) => n + m.size_bytes, 0),
    );
  });

  it('renomeia e recusa nome vazio', async () => {
    const ok = await inject(ctx, {
      method: 'PATCH',
      url: `/api/media/${id}`,
      cookie: ana,
      payload: { name: ' Arte final ' },
    });
    expect(ok.json().name).toBe('Arte final');
    const bad = await inject(ctx, {
      method: 'PATCH',
      url: `/api/media/${id}`,
      cookie: ana,
      payload: { name: '  ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: mediaMessages.badName });
  });
});

describe('anúncios e campanhas', () => {
  let order: { id: string; items: string[] };
  let vertical: string;
  let horizontal: string;
  let adId: string;

  beforeAll(async () => {
    order = await paidOrder(ana, [torre]);
    vertical = (await upload(ana, await png(1080, 1920), 'vertical.png')).json().id;
    horizontal = (await upload(ana, await png(1920, 1080), 'horizontal.png')).json().id;
  });

  const create = (cookie: string, body: object) =>
    inject(ctx, { method: 'POST', url: '/api/ads', cookie, payload: body });

  it('as opções trazem o item pago com o prazo da arte', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/ads/opcoes', cookie: ana });
    const item = res.json().items.find((i: { id: string }) => i.id === order.items[0]);
    expect(item).toMatchObject({
      artwork_deadline: artworkDeadline(START),
      deadline_passed: false,
      type: 'torre',
    });
    const other = await inject(ctx, { method: 'GET', url: '/api/ads/opcoes', cookie: bruno });
    expect(other.json().items).toEqual([]);
  });

  it('imagem na resolução errada para o item → 422 com a mensagem, nada guardado', async () => {
    const res = await create(ana, { name: 'Verão', item_ids: order.items, media_ids: [horizontal] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      '"horizontal.png" em "Torre Anúncios": Resolução errada: 1920 × 1080 px; a especificação de Telas em torres é 1080 × 1920 px. A arte está na horizontal, e a peça é vertical.',
    );
    const [n] = await ctx.database.db.select({ n: count() }).from(ads).where(eq(ads.user_id, anaId));
    expect(n!.n).toBe(0);
  });

  it('item ou arquivo de outro usuário → 422', async () => {
    const brunoMedia = (await upload(bruno, await png(1080, 1920), 'b.png')).json().id;
    expect(
      (await create(bruno, { name: 'X', item_ids: order.items, media_ids: [brunoMedia] })).statusCode,
    ).toBe(422);
    expect(
      (await create(ana, { name: 'X', item_ids: order.items, media_ids: [brunoMedia] })).statusCode,
    ).toBe(422);
  });

  it('rascunho → análise → reprovado com motivo → corrigido → aprovado → no ar → comprovação → finalizado', async () => {
    const created = await create(ana, {
      name: 'Campanha de verão',
      item_ids: order.items,
      media_ids: [vertical],
    });
    expect(created.statusCode, created.body).toBe(201);
    adId = created.json().id;
    expect(created.json()).toMatchObject({ status: 'rascunho', editable: true });

    // Staff cannot review a draft, nor start a campaign without an approved ad.
    const early = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/anuncios/${adId}/revisao`,
      cookie: operador,
      payload: { decisao: 'aprovar' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Não é possível passar o anúncio de "Rascunho" para "Aprovado".');
    const startEarly = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/campanhas/${order.items[0]}/iniciar`,
      cookie: operador,
    });
    expect(startEarly.statusCode).toBe(409);

    // Another customer cannot see, change or send it.
    for (const [method, url] of [
      ['GET', `/api/ads/${adId}`],
      ['PUT', `/api/ads/${adId}`],
      ['POST', `/api/ads/${adId}/enviar`],
      ['DELETE', `/api/ads/${adId}`],
    ] as const) {
      const res = await inject(ctx, {
        method,
        url,
        cookie: bruno,
        ...(method === 'PUT' ? { payload: { name: 'x', item_ids: [], media_ids: [] } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }

    const sent = await inject(ctx, { method: 'POST', url: `/api/ads/${adId}/enviar`, cookie: ana });
    expect(sent.json()).toMatchObject({ status: 'em_analise', editable: false });
    // Staff are told on the bell, with a link to the campaign where they review it (issue #19 item 5).
    const told = await ctx.database.db.query.notifications.findFirst({
      where: eq(notifications.kind, 'anuncio_em_analise'),
    });
    expect(told).toMatchObject({
      title: 'Anúncio para revisar: Campanha de verão',
      link: `/admin/campanhas/${order.items[0]}`,
    });
    expect(told!.user_id).not.toBe(anaId);
    const dashboard = await inject(ctx, { method: 'GET', url: '/api/admin/resumo', cookie: operador });
    expect(dashboard.json().awaiting_review).toContainEqual({
      kind: 'anuncios_em_analise',
      label: 'Anúncios em análise',
      count: 1,
    });
    const twice = await inject(ctx, { method: 'POST', url: `/api/ads/${adId}/enviar`, cookie: ana });
    expect(twice.statusCode).toBe(409);
    const locked = await inject(ctx, {
      method: 'PUT',
      url: `/api/ads/${adId}`,
      cookie: ana,
      payload: { name: 'Outro', item_ids: order.items, media_ids: [vertical] },
    });
    expect(locked.statusCode).toBe(409);
    // In use by an active ad: the file cannot be deleted.
    const del = await inject(ctx, { method: 'DELETE', url: `/api/media/${vertical}`, cookie: ana });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(mediaMessages.inUse('Campanha de verão'));

    const noReason = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/anuncios/${adId}/revisao`,
      cookie: operador,
      payload: { decisao: 'reprovar', motivo: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/anuncios/${adId}/revisao`,
      cookie: operador,
      payload: { decisao: 'reprovar', motivo: 'O telefone está pequeno demais para leitura.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(204);
    const seen = (await inject(ctx, { method: 'GET', url: `/api/ads/${adId}`, cookie: ana })).json();
    expect(seen).toMatchObject({
      status: 'reprovado',
      review_reason: 'O telefone está pequeno demais para leitura.',
      editable: true,
    });
    const note = await ctx.database.db.query.notifications.findFirst({
      where: eq(notifications.kind, 'anuncio_reprovado'),
    });
    expect(note).toMatchObject({ user_id: anaId, body: 'O telefone está pequeno demais para leitura.' });
    const mail = await ctx.database.db.query.emailLog.findFirst({
      where: eq(emailLog.template, 'anuncio_revisado'),
    });
    expect(mail?.body_text).toContain('O telefone está pequeno demais para leitura.');

    const edited = await inject(ctx, {
      method: 'PUT',
      url: `/api/ads/${adId}`,
      cookie: ana,
      payload: { name: 'Campanha de verão v2', item_ids: order.items, media_ids: [vertical] },
    });
    expect(edited.json()).toMatchObject({ name: 'Campanha de verão v2', status: 'reprovado' });
    expect(
      (await inject(ctx, { method: 'POST', url: `/api/ads/${adId}/enviar`, cookie: ana })).json().status,
    ).toBe('em_analise');
    const approved = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/anuncios/${adId}/revisao`,
      cookie: operador,
      payload: { decisao: 'aprovar' },
    });
    expect(approved.statusCode).toBe(204);

    // A cliente is no staff.
    const notStaff = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/campanhas/${order.items[0]}/iniciar`,
      cookie: ana,
    });
    expect(notStaff.statusCode).toBe(403);

    // Campaigns start within their booked period (campaign-dates.test.ts): this one is moved to the
    // two weeks that ended yesterday, so it can start, take a photo and finish without a reason.
    const RUN_START = addDays(todayInBrasilia(), -14);
    await ctx.database.db
      .update(orderItems)
      .set({ starts_on: RUN_START, ends_on: addDays(RUN_START, 14) })
      .where(eq(orderItems.id, order.items[0]!));
    const started = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/campanhas/${order.items[0]}/iniciar`,
      cookie: operador,
    });
    expect(started.json()).toMatchObject({ status: 'em_veiculacao', order: { status: 'em_veiculacao' } });
    expect(started.json().ad.status).toBe('em_veiculacao');

    const proofBad = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/campanhas/${order.items[0]}/comprovacoes?data=${addDays(RUN_START, -1)}`,
      cookie: operador,
      headers: { 'content-type': 'application/octet-stream' },
      payload: await png(800, 600),
    });
    expect(proofBad.statusCode).toBe(400);
    const proof = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/campanhas/${order.items[0]}/comprovacoes?data=${addDays(RUN_START, 1)}&legenda=${encodeURIComponent('Fachada norte')}`,
      cookie: operador,
      headers: { 'content-type': 'application/octet-stream' },
      payload: await jpegWithExif(1600, 1200),
    });
    expect(proof.statusCode, proof.body).toBe(201);
    const detail = (await inject(ctx, { method: 'GET', url: `/api/orders/${order.id}`, cookie: ana })).json();
    expect(detail.items[0].campaign).toMatchObject({
      status: 'em_veiculacao',
      ad: { id: adId, status: 'em_veiculacao' },
      proofs: [{ taken_on: addDays(RUN_START, 1), caption: 'Fachada norte' }],
    });
    const photo = await inject(ctx, {
      method: 'GET',
      url: detail.items[0].campaign.proofs[0].url,
      cookie: ana,
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect((await sharp(photo.rawPayload).metadata()).exif).toBeUndefined();
    const stranger = await inject(ctx, {
      method: 'GET',
      url: detail.items[0].campaign.proofs[0].url,
      cookie: bruno,
    });
    expect(stranger.statusCode).toBe(404);

    const finished = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/campanhas/${order.items[0]}/finalizar`,
      cookie: operador,
    });
    expect(finished.json()).toMatchObject({ status: 'finalizada', order: { status: 'concluido' } });
    expect(finished.json().ad.status).toBe('finalizado');
    const again = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/campanhas/${order.items[0]}/finalizar`,
      cookie: operador,
    });
    expect(again.statusCode).toBe(409);

    const actions = (await ctx.database.db.select({ action: auditLog.action }).from(auditLog)).map(
      (a) => a.action,
    );
    for (const action of [
      'anuncio.reprovado',
      'anuncio.aprovado',
      'campanha.iniciada',
      'campanha.comprovacao_enviada',
      'campanha.finalizada',
    ])
      expect(actions).toContain(action);
    // Finished: the file may go now.
    expect(
      (await inject(ctx, { method: 'DELETE', url: `/api/media/${vertical}`, cookie: ana })).statusCode,
    ).toBe(204);
  });

  it('depois do prazo da arte o envio é recusado', async () => {
    const late = await paidOrder(ana, [outdoor]);
    const art = (await upload(ana, await png(4500, 1500), 'outdoor.png')).json().id;
    const created = await create(ana, { name: 'Atrasado', item_ids: late.items, media_ids: [art] });
    expect(created.statusCode, created.body).toBe(201);
    const tomorrow = addDays(todayInBrasilia(), 1);
    await ctx.database.db
      .update(orderItems)
      .set({ starts_on: tomorrow })
      .where(eq(orderItems.id, late.items[0]!));
    const res = await inject(ctx, {
      method: 'POST',
      url: `/api/ads/${created.json().id}/enviar`,
      cookie: ana,
    });
    expect(res.statusCode).toBe(422);
    const deadline = artworkDeadline(tomorrow).split('-').reverse().join('/');
    expect(res.json().message).toBe(
      `O prazo de envio da arte de "Outdoor Anúncios" terminou em ${deadline}. Fale com o suporte para reagendar.`,
    );
  });

  it('a lista de campanhas filtra por status e período', async () => {
    const all = (await inject(ctx, { method: 'GET', url: '/api/admin/campanhas', cookie: operador })).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    const done = (
      await inject(ctx, { method: 'GET', url: '/api/admin/campanhas?status=finalizada', cookie: operador })
    ).json();
    expect(done.items.map((i: { id: string }) => i.id)).toEqual([order.items[0]]);
    const before = (
      await inject(ctx, {
        method: 'GET',
        url: `/api/admin/campanhas?ate=${addDays(todayInBrasilia(), -30)}`,
        cookie: operador,
      })
    ).json();
    expect(before.total).toBe(0);
    expect((await inject(ctx, { method: 'GET', url: '/api/admin/campanhas', cookie: ana })).statusCode).toBe(
      403,
    );
  });
});
