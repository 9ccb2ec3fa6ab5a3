/**
 * The security suite: every table below mirrors a section of docs/security/asvs.md, and each test
 * name starts with the check's id. Routes are enumerated from the app itself, so a new route fails
 * the coverage tests until it is added to the tables (docs/decisions/010-security-suite.md).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  addDays,
  adMessages,
  adminSections,
  campaignMessages,
  canUseAdminSection,
  mediaMessages,
  planMessages,
  proposalMessages,
  httpMessages,
  signInErrors,
  TERMS_VERSION,
  todayInBrasilia,
  type AdminSection,
  type UserType,
} from '@urbana/shared';
import {
  auditLog,
  billingProfiles,
  dataExports,
  emailLog,
  invoices,
  notifications,
  orderItems,
  orders,
  profiles,
  scheduledEmails,
  sessions,
  towers,
  staffInvitations,
  userCart,
} from '../src/db/schema/index.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { signWebhook } from '../src/services/payments.ts';
import { assertSafeKey, LocalStorage, type Storage } from '../src/services/storage.ts';
import {
  cookieFrom,
  createTestApp,
  createTestDatabase,
  inject,
  testConfig,
  type TestContext,
} from './helpers.ts';
import { fill, hasParams, isStateChanging, listRoutes, routeKey } from './security/routes.ts';
import {
  ADMIN_EMAILS,
  billing,
  cspDirectives,
  expectMessageOnly,
  expectNoLeak,
  insertProduct,
  makeFolders,
  person,
  placeOrder,
  rawRequest,
  SECRET,
  setCookies,
  snapshot,
  START,
  WEBHOOK_SECRET,
  type Person,
} from './security/world.ts';
import type { Database } from '../src/db/client.ts';
import type { InjectOptions } from 'fastify';

let folders: Awaited<ReturnType<typeof makeFolders>>;
let database: Database & { drop(): Promise<void> };
/** The app as configured in tests, with a built web app and local storage in a temporary folder. */
let ctx: TestContext;
/** Production over https: Secure __Host- cookies and HSTS. */
let secure: TestContext;
/** Production over plain http: no HSTS. */
let plainProd: TestContext;
const apps: TestContext[] = [];

interface World {
  ana: Person;
  bruno: Person;
  operador: Person;
  admin: Person;
  /** tipo admin but not on ADMIN_EMAILS: neither admin nor staff (permissions.ts). */
  intruso: Person;
  product: { id: string; slug: string };
  other: { id: string; slug: string };
  /** Ana's unpaid order (the IDOR target). */
  anaOrder: { id: string; code: string };
  /** An unpaid order of Ana that staff may confirm in the role matrix. */
  roleOrder: { id: string; code: string };
  /** Bruno's orders for /api/admin/pedidos: unpaid Pix (extend, re-issue, resend), cancelled, refunded. */
  holdOrder: { id: string; code: string };
  closedOrder: { id: string; code: string };
  refundedOrder: { id: string; code: string };
  photo: string;
  /** Ana's media file, her draft ad on a paid item, and a proof photo of her running campaign. */
  anaMedia: string;
  anaAd: string;
  anaProof: string;
  /** A paid item of Ana's still waiting for artwork: the role matrix acts on it. */
  roleCampaign: string;
  roleAd: string;
  /** Ana's invoice (of anaOrder), a notification of hers and a support ticket of hers. */
  anaInvoice: { id: string };
  anaNotification: { id: string };
  anaTicket: { id: string };
  /** Scheduled e-mails for the admin routes: one to edit, one to cancel. */
  scheduled: { id: string };
  scheduledToCancel: { id: string };
  /** Admin area targets (issue #8). */
  coupon: { id: string };
  email: { id: string };
  /** A cliente that staff block, unblock and change roles of in the matrix. */
  alvo: Person;
  /** An account that signed up and has not confirmed its e-mail. */
  novo: { id: string };
  /** Issue #24: a customer the admin deletes on request, Ana's data export, a pending invitation. */
  excluivel: Person;
  anaExport: { id: string };
  convite: { id: string };
  image: Buffer;
  /** Inventory targets (issue #19): a face of its own, holds to release, proposals to send and cancel. */
  inventory: { productId: string; towerId: string };
  holdsToRelease: string[];
  proposal: string;
  proposalsToCancel: string[];
  /** A proposal sent to Ana (the IDOR target of the customer's proposal routes). */
  sentProposal: string;
  /** Ana's named media plan and its share link's token (issue #23 item 3). */
  anaPlan: string;
  anaPlanToken: string;
}
const w = {} as World;

const PHOTO = Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 foto de teste', 'latin1');

beforeAll(async () => {
  folders = await makeFolders();
  database = await createTestDatabase();
  const env = {
    ADMIN_EMAILS,
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    DATA_DIR: folders.dataDir,
    WEB_DIST: folders.webDist,
  };
  ctx = await createTestApp({ database, env });
  secure = await createTestApp({
    database,
    env: { ...env, NODE_ENV: 'production', PUBLIC_URL: 'https://urbana.example' },
  });
  plainProd = await createTestApp({
    database,
    env: { ...env, NODE_ENV: 'production', PUBLIC_URL: 'http://urbana.example' },
  });
  apps.push(ctx, secure, plainProd);

  w.ana = await person(ctx, { nome: 'Ana Souza' });
  w.bruno = await person(ctx, { nome: 'Bruno Lima' });
  w.operador = await person(ctx, { tipo: 'operador', email: 'operador@urbana.com.br' });
  w.admin = await person(ctx, { tipo: 'admin', email: 'chefe@urbana.com.br' });
  w.intruso = await person(ctx, { tipo: 'admin', email: 'intruso@urbana.com.br' });
  const p = await insertProduct(database, 'Outdoor Eixo Monumental', 10_000, 50);
  const o = await insertProduct(database, 'Outdoor W3 Sul', 8_000, 50);
  w.product = { id: p.id, slug: p.slug };
  w.other = { id: o.id, slug: o.slug };
  for (const [who, name] of [
    [w.ana, 'Ana Souza'],
    [w.bruno, 'Bruno Lima'],
  ] as const) {
    const res = await inject(ctx, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie: who.cookie,
      payload: { ...billing, name },
    });
    expect(res.statusCode).toBe(200);
  }
  w.anaOrder = await placeOrder(ctx, w.ana, w.product.id);
  w.roleOrder = await placeOrder(ctx, w.ana, w.product.id);
  w.holdOrder = await placeOrder(ctx, w.bruno, w.product.id);
  w.closedOrder = await placeOrder(ctx, w.bruno, w.product.id);
  const closed = await inject(ctx, {
    method: 'POST',
    url: `/api/orders/${w.closedOrder.id}/cancel`,
    cookie: w.bruno.cookie,
  });
  expect(closed.statusCode, closed.body).toBe(200);
  w.refundedOrder = await placeOrder(ctx, w.bruno, w.product.id);
  for (const [action, payload] of [
    [`/api/admin/orders/${w.refundedOrder.id}/confirm-payment`, undefined],
    [`/api/admin/pedidos/${w.refundedOrder.id}/cancelar`, { motivo: 'Cancelado para a matriz' }],
  ] as const) {
    const res = await inject(ctx, { method: 'POST', url: action, cookie: w.operador.cookie, payload });
    expect(res.statusCode, res.body).toBe(200);
  }
  await inject(ctx, { method: 'PUT', url: `/api/favorites/${w.product.id}`, cookie: w.ana.cookie });
  // Media, ads and campaigns: Ana's file, a running campaign with a proof photo, a draft ad.
  const art = await sharp({
    create: { width: 4500, height: 1500, channels: 3, background: { r: 15, g: 118, b: 110 } },
  })
    .png()
    .toBuffer();
  const uploadArt = async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/media',
      cookie: w.ana.cookie,
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'arte-da-ana.png' },
      payload: art,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  w.anaMedia = await uploadArt();
  // Campaigns run on a product of their own: the admin product routes edit w.other's towers.
  const campaignProduct = await insertProduct(database, 'Outdoor Campanhas Ana', 9_000, 50);
  const paidItem = async () => {
    const order = await placeOrder(ctx, w.ana, campaignProduct.id);
    const paid = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/confirm-payment`,
      cookie: w.operador.cookie,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return paid.json().items[0].id as string;
  };
  const newAd = async (itemId: string, mediaId: string) => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/ads',
      cookie: w.ana.cookie,
      payload: { name: 'Anúncio da Ana', item_ids: [itemId], media_ids: [mediaId] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const running = await paidItem();
  const runningAd = await newAd(running, await uploadArt());
  await inject(ctx, { method: 'POST', url: `/api/ads/${runningAd}/enviar`, cookie: w.ana.cookie });
  await inject(ctx, {
    method: 'POST',
    url: `/api/admin/anuncios/${runningAd}/revisao`,
    cookie: w.operador.cookie,
    payload: { decisao: 'aprovar' },
  });
  // A campaign starts within its booked period (campaign-dates.test.ts): this one began a week ago.
  const runStart = addDays(todayInBrasilia(), -7);
  await database.db
    .update(orderItems)
    .set({ starts_on: runStart, ends_on: addDays(runStart, 7) })
    .where(eq(orderItems.id, running));
  const startRun = await inject(ctx, {
    method: 'POST',
    url: `/api/admin/campanhas/${running}/iniciar`,
    cookie: w.operador.cookie,
  });
  expect(startRun.statusCode, startRun.body).toBe(200);
  const proof = await inject(ctx, {
    method: 'POST',
    url: `/api/admin/campanhas/${running}/comprovacoes?data=${runStart}`,
    cookie: w.operador.cookie,
    headers: { 'content-type': 'application/octet-stream' },
    payload: art,
  });
  expect(proof.statusCode, proof.body).toBe(201);
  w.anaProof = proof.json().id;
  w.anaAd = await newAd(await paidItem(), w.anaMedia);
  w.roleCampaign = await paidItem();
  w.roleAd = await newAd(w.roleCampaign, w.anaMedia);
  // After the orders above (an order empties the cart).
  await inject(ctx, {
    method: 'PUT',
    url: '/api/cart',
    cookie: w.ana.cookie,
    payload: { products: [{ id: 'carrinho-da-ana', name: 'Item da Ana' }] },
  });
  const [invoice] = await database.db.select().from(invoices).where(eq(invoices.order_id, w.anaOrder.id));
  w.anaInvoice = { id: invoice!.id };
  const [notification] = await database.db
    .select()
    .from(notifications)
    .where(eq(notifications.user_id, w.ana.id))
    .limit(1);
  w.anaNotification = { id: notification!.id };
  const ticket = await inject(ctx, {
    method: 'POST',
    url: '/api/support/tickets',
    cookie: w.ana.cookie,
    headers: { origin: 'http://localhost:3000' },
    payload: {
      category: 'pedidos',
      subject: 'Dúvida da Ana',
      message: 'Uma pergunta sobre o pedido da Ana.',
    },
  });
  expect(ticket.statusCode, ticket.body).toBe(201);
  w.anaTicket = { id: ticket.json<{ id: string }>().id };
  for (const key of ['scheduled', 'scheduledToCancel'] as const) {
    const [row] = await database.db
      .insert(scheduledEmails)
      .values({
        segment: 'cliente',
        subject: 'Novidades',
        body: 'Texto do email agendado.',
        send_at: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning();
    w[key] = { id: row!.id };
  }
  w.photo = 'outdoor-0123456789abcdef.webp';
  await ctx.app.deps.storage.put(`catalogo/${w.photo}`, PHOTO, 'image/webp');
  w.alvo = await person(ctx, { nome: 'Alvo da Matriz' });
  w.excluivel = await person(ctx, { nome: 'Cliente que pediu a exclusão' });
  const [exported] = await database.db
    .insert(dataExports)
    .values({ user_id: w.ana.id, status: 'pronto', expires_at: new Date(Date.now() + 3600_000) })
    .returning();
  w.anaExport = { id: exported!.id };
  const [invitation] = await database.db
    .insert(staffInvitations)
    .values({
      email: 'convidado@exemplo.com.br',
      role: 'operador',
      token_hash: 'hash-do-convite-da-matriz',
      expires_at: new Date(Date.now() + 3600_000),
    })
    .returning();
  w.convite = { id: invitation!.id };
  const coupon = await inject(ctx, {
    method: 'POST',
    url: '/api/admin/cupons',
    cookie: w.admin.cookie,
    payload: { code: 'MATRIZ', kind: 'valor', value: 1000 },
  });
  expect(coupon.statusCode, coupon.body).toBe(201);
  w.coupon = { id: coupon.json().id };
  const signUp = await inject(ctx, {
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email: 'novo@exemplo.com.br', password: 'Urb@na-teste-2026', nome_completo: 'Novo Cliente' },
  });
  expect(signUp.statusCode, signUp.body).toBe(201);
  const [novo] = await database.db.select().from(profiles).where(eq(profiles.email, 'novo@exemplo.com.br'));
  w.novo = { id: novo!.id };
  const [mail] = await database.db.select().from(emailLog).limit(1);
  w.email = { id: mail!.id };
  w.image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer();
  await inventoryWorld();
  await settle();
});

let blockWeek = 0;
async function inventoryWorld() {
  const p = await insertProduct(database, 'Outdoor Inventário', 7_000, 50);
  const [t] = await database.db.select().from(towers).where(eq(towers.product_id, p.id));
  w.inventory = { productId: p.id, towerId: t!.id };
  w.holdsToRelease = [];
  for (let i = 0; i < 5; i++) {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/inventario/reservas',
      cookie: w.operador.cookie,
      payload: {
        customer_id: w.ana.id,
        tower_ids: [t!.id],
        start_date: START,
        weeks: 1,
        expires_on: todayInBrasilia(),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    w.holdsToRelease.push(res.json().id);
  }
  const proposal = async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/propostas',
      cookie: w.operador.cookie,
      payload: proposalBody(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  w.proposal = await proposal();
  w.proposalsToCancel = [];
  for (let i = 0; i < 5; i++) w.proposalsToCancel.push(await proposal());
  w.sentProposal = await proposal();
  const sent = await inject(ctx, {
    method: 'POST',
    url: `/api/admin/propostas/${w.sentProposal}/enviar`,
    cookie: w.operador.cookie,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const plan = await inject(ctx, {
    method: 'POST',
    url: '/api/planos',
    cookie: w.ana.cookie,
    payload: { name: 'Plano da Ana', lines: planLines() },
  });
  expect(plan.statusCode, plan.body).toBe(201);
  w.anaPlan = plan.json().id;
  const shared = await inject(ctx, {
    method: 'POST',
    url: `/api/planos/${w.anaPlan}/compartilhar`,
    cookie: w.ana.cookie,
  });
  w.anaPlanToken = shared.json().share_token;
}
const planLines = () => [{ productId: w.product.id, towerIds: [], startDate: START, weeks: 1 }];
const proposalBody = () => ({
  customer_id: w.ana.id,
  valid_until: addDays(todayInBrasilia(), 10),
  items: [{ product_id: w.inventory.productId, start_date: START, weeks: 1, price: null }],
});

afterAll(async () => {
  for (const app of apps) await app.app.close();
  await database?.drop();
  await folders?.remove();
});

/** Waits for every app's e-mail outbox, so the database is quiet before a snapshot. */
async function settle() {
  for (const app of apps) await app.app.deps.outbox.kick();
}

type Req = Omit<InjectOptions, 'method' | 'url'> & { url: string; cookie?: string | undefined };

/** A whole product as the admin form sends it (issue #8). */
const productPayload = (name = 'Outdoor W3 Sul') => ({
  name,
  type: 'outdoor',
  address: 'SCRS 502',
  city: 'Brasília',
  state: 'DF',
  latitude: -15.8,
  longitude: -47.9,
  daily_price: 8_000,
  weekly_audience: 10_000,
  towers: [{ name: 'Face A', screens: 1, weekly_audience: 10_000, slots: 50 }],
});
let couponN = 0;
const couponPayload = () => ({ code: `MATRIZ${++couponN}`, kind: 'percentual', value: 5 });
/** The method of a `METHOD /path` table key. */
const methodOf = (key: string) => key.split(' ')[0] as InjectOptions['method'];

// ---------------------------------------------------------------------------------------------
// V3: sessions and cookies
// ---------------------------------------------------------------------------------------------

describe('V3 sessões e cookies', () => {
  const signInTo = (app: TestContext, who: Person, cookie?: string) =>
    inject(app, {
      method: 'POST',
      url: '/api/auth/sign-in',
      cookie,
      payload: { email: who.email, password: who.password },
    });
  const sessionUser = async (app: TestContext, cookie: string) =>
    (await inject(app, { method: 'GET', url: '/api/auth/session', cookie })).json().user as {
      id: string;
    } | null;

  it.each([
    ['http (PUBLIC_URL http)', () => ctx, 'urbana_sessao', false],
    ['https (PUBLIC_URL https)', () => secure, '__Host-urbana_sessao', true],
  ] as const)(
    'V3.4.1–V3.4.5 cookie de sessão em %s: HttpOnly, SameSite=Lax, Path=/, sem Domain, Secure e __Host- só em https',
    async (_label, app, name, isSecure) => {
      const res = await signInTo(app(), w.ana);
      expect(res.statusCode).toBe(200);
      const cookie = setCookies(res).find((c) => c.name === name);
      expect(cookie, `Set-Cookie ${name}`).toBeDefined();
      expect(cookie!.attributes.httponly).toBe(true);
      expect(String(cookie!.attributes.samesite).toLowerCase()).toBe('lax');
      expect(cookie!.attributes.path).toBe('/');
      expect(cookie!.attributes.domain).toBeUndefined();
      expect(cookie!.attributes.secure === true).toBe(isSecure);
      // V3.2.2: at least 128 bits of randomness (base64url).
      expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      // The database keeps only a hash of the token.
      const byToken = (value: string) =>
        database.db.select().from(sessions).where(eq(sessions.token_hash, value));
      expect(await byToken(hashToken(cookie!.value))).toHaveLength(1);
      expect(await byToken(cookie!.value)).toHaveLength(0);
    },
  );

  it.each([
    ['http', () => ctx, 'urbana_sessao', false],
    ['https', () => secure, '__Host-urbana_sessao', true],
  ] as const)(
    'V3.3.1 sair (%s) apaga o cookie com os mesmos atributos e encerra a sessão no servidor',
    async (_label, app, name, isSecure) => {
      const cookie = cookieFrom(await signInTo(app(), w.bruno))!;
      const token = cookie.split('=')[1]!;
      expect((await sessionUser(app(), cookie))?.id).toBe(w.bruno.id);
      const res = await inject(app(), { method: 'POST', url: '/api/auth/sign-out', cookie });
      expect(res.statusCode).toBe(204);
      const cleared = setCookies(res).find((c) => c.name === name);
      expect(cleared, `Set-Cookie ${name}`).toBeDefined();
      expect(cleared!.value).toBe('');
      const expires = cleared!.attributes.expires;
      const maxAge = cleared!.attributes['max-age'];
      expect(maxAge === '0' || (typeof expires === 'string' && Date.parse(expires) < Date.now())).toBe(true);
      expect(cleared!.attributes.path).toBe('/');
      expect(cleared!.attributes.secure === true).toBe(isSecure);
      // The old token is dead on the server, not only forgotten by the browser.
      expect(await sessionUser(app(), cookie)).toBeNull();
      const rows = await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token_hash, hashToken(token)));
      expect(rows).toHaveLength(0);
    },
  );

  it('V3.2.1 entrar de novo com uma sessão aberta troca o token e encerra o anterior', async () => {
    const first = cookieFrom(await signInTo(ctx, w.bruno))!;
    expect((await sessionUser(ctx, first))?.id).toBe(w.bruno.id);
    const res = await signInTo(ctx, w.bruno, first);
    expect(res.statusCode).toBe(200);
    const second = cookieFrom(res)!;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await sessionUser(ctx, second))?.id).toBe(w.bruno.id);
    expect(await sessionUser(ctx, first)).toBeNull();
  });

  it('V3.2.1 um token plantado antes da entrada (fixação de sessão) nunca vira sessão', async () => {
    const planted = 'urbana_sessao=tokenPlantadoPeloAtacante_0123456789abcdef';
    const res = await signInTo(ctx, w.bruno, planted);
    expect(res.statusCode).toBe(200);
    expect(cookieFrom(res)).not.toBe(planted);
    expect(await sessionUser(ctx, planted)).toBeNull();
  });

  it('V3.3.1 um cookie de sessão desconhecido é apagado e não identifica ninguém', async () => {
    const res = await inject(ctx, {
      method: 'GET',
      url: '/api/auth/session',
      cookie: 'urbana_sessao=naoExisteNoBanco_0123456789abcdefghij',
    });
    expect(res.json().user).toBeNull();
    const cleared = setCookies(res).find((c) => c.name === 'urbana_sessao');
    expect(cleared?.value).toBe('');
  });
});

// ---------------------------------------------------------------------------------------------
// V4.2.2 / V13.2.3: cross-site requests
// ---------------------------------------------------------------------------------------------

/**
 * Every state-changing route, with a request that would change something if it were accepted
 * (made as the victim: Ana's cookie, real ids, a valid body). A new POST/PUT/PATCH/DELETE route fails
 * the coverage test until it is listed here.
 */
const stateChanging: Record<string, (w: World) => Req> = {
  'POST /api/admin/inventario/bloqueios': (w) => ({
    url: '/api/admin/inventario/bloqueios',
    cookie: w.operador.cookie,
    payload: { tower_ids: [w.inventory.towerId], start_date: START, weeks: 1, reason: 'Manutenção' },
  }),
  'POST /api/admin/inventario/reservas': (w) => ({
    url: '/api/admin/inventario/reservas',
    cookie: w.operador.cookie,
    payload: {
      customer_id: w.ana.id,
      tower_ids: [w.inventory.towerId],
      start_date: START,
      weeks: 1,
      expires_on: todayInBrasilia(),
    },
  }),
  'POST /api/admin/inventario/reservas/:id/liberar': (w) => ({
    url: `/api/admin/inventario/reservas/${w.holdsToRelease[0]}/liberar`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/propostas': (w) => ({
    url: '/api/admin/propostas',
    cookie: w.operador.cookie,
    payload: proposalBody(),
  }),
  'POST /api/admin/propostas/:id/enviar': (w) => ({
    url: `/api/admin/propostas/${w.proposal}/enviar`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/propostas/:id/cancelar': (w) => ({
    url: `/api/admin/propostas/${w.proposal}/cancelar`,
    cookie: w.operador.cookie,
  }),
  'POST /api/planos': (w) => ({
    url: '/api/planos',
    cookie: w.ana.cookie,
    payload: { name: 'Forjado', lines: planLines() },
  }),
  'PATCH /api/planos/:id': (w) => ({
    url: `/api/planos/${w.anaPlan}`,
    cookie: w.ana.cookie,
    payload: { name: 'Renomeado por outro site' },
  }),
  'DELETE /api/planos/:id': (w) => ({ url: `/api/planos/${w.anaPlan}`, cookie: w.ana.cookie }),
  'POST /api/planos/:id/duplicar': (w) => ({
    url: `/api/planos/${w.anaPlan}/duplicar`,
    cookie: w.ana.cookie,
  }),
  'POST /api/planos/:id/compartilhar': (w) => ({
    url: `/api/planos/${w.anaPlan}/compartilhar`,
    cookie: w.ana.cookie,
  }),
  'DELETE /api/planos/:id/compartilhar': (w) => ({
    url: `/api/planos/${w.anaPlan}/compartilhar`,
    cookie: w.ana.cookie,
  }),
  'POST /api/propostas/:id/aceitar': (w) => ({
    url: `/api/propostas/${w.sentProposal}/aceitar`,
    cookie: w.ana.cookie,
    payload: { payment_method: 'pix' },
  }),
  'POST /api/account/email/confirm': () => ({
    url: '/api/account/email/confirm',
    payload: { token: 'tokenDeTrocaDeEmailQualquer_0123456789' },
  }),
  'PATCH /api/account/profile': (w) => ({
    url: '/api/account/profile',
    cookie: w.ana.cookie,
    payload: { nome_completo: 'Nome trocado por outro site', telefone: null },
  }),
  'POST /api/account/email': (w) => ({
    url: '/api/account/email',
    cookie: w.ana.cookie,
    payload: { email: 'do-atacante@exemplo.com.br', password: w.ana.password },
  }),
  'POST /api/account/password': (w) => ({
    url: '/api/account/password',
    cookie: w.ana.cookie,
    payload: { current_password: w.ana.password, new_password: 'Senha-do-Atacante-1' },
  }),
  'POST /api/account/sessions/end-others': (w) => ({
    url: '/api/account/sessions/end-others',
    cookie: w.ana.cookie,
  }),
  'PUT /api/account/email-preferences': (w) => ({
    url: '/api/account/email-preferences',
    cookie: w.ana.cookie,
    payload: { alerts: false, news: false },
  }),
  'POST /api/account/terms': (w) => ({
    url: '/api/account/terms',
    cookie: w.ana.cookie,
    payload: { version: TERMS_VERSION },
  }),
  'POST /api/account/two-factor/setup': (w) => ({
    url: '/api/account/two-factor/setup',
    cookie: w.ana.cookie,
  }),
  'POST /api/account/two-factor/enable': (w) => ({
    url: '/api/account/two-factor/enable',
    cookie: w.ana.cookie,
    payload: { code: '123456' },
  }),
  'POST /api/account/two-factor/recovery-codes': (w) => ({
    url: '/api/account/two-factor/recovery-codes',
    cookie: w.ana.cookie,
    payload: { code: '123456' },
  }),
  'POST /api/account/two-factor/disable': (w) => ({
    url: '/api/account/two-factor/disable',
    cookie: w.ana.cookie,
    payload: { password: w.ana.password, code: '123456' },
  }),
  'POST /api/account/exports': (w) => ({ url: '/api/account/exports', cookie: w.ana.cookie }),
  'POST /api/account/delete': (w) => ({
    url: '/api/account/delete',
    cookie: w.ana.cookie,
    payload: { password: w.ana.password },
  }),
  'POST /api/auth/two-factor': () => ({
    url: '/api/auth/two-factor',
    payload: { challenge: 'desafioQualquer_0123456789', code: '123456' },
  }),
  'POST /api/invitations/preview': () => ({
    url: '/api/invitations/preview',
    payload: { token: 'tokenDeConviteQualquer_0123456789' },
  }),
  'POST /api/invitations/accept': () => ({
    url: '/api/invitations/accept',
    payload: {
      token: 'tokenDeConviteQualquer_0123456789',
      nome_completo: 'Forjado',
      password: 'Senha-Forjada-1',
    },
  }),
  'POST /api/admin/convites': (w) => ({
    url: '/api/admin/convites',
    cookie: w.admin.cookie,
    payload: { email: 'forjado@exemplo.com.br', role: 'operador' },
  }),
  'POST /api/admin/convites/:id/revogar': (w) => ({
    url: `/api/admin/convites/${w.convite.id}/revogar`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/usuarios/:id/exportar-dados': (w) => ({
    url: `/api/admin/usuarios/${w.alvo.id}/exportar-dados`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/usuarios/:id/excluir': (w) => ({
    url: `/api/admin/usuarios/${w.excluivel.id}/excluir`,
    cookie: w.admin.cookie,
  }),
  'POST /api/media': (w) => ({
    url: '/api/media',
    cookie: w.ana.cookie,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'forjado.png' },
    payload: Buffer.from('\x89PNG\r\n\x1a\n forjado', 'latin1'),
  }),
  'PATCH /api/media/:id': (w) => ({
    url: `/api/media/${w.anaMedia}`,
    cookie: w.ana.cookie,
    payload: { name: 'Renomeado por outro site' },
  }),
  'DELETE /api/media/:id': (w) => ({ url: `/api/media/${w.anaMedia}`, cookie: w.ana.cookie }),
  'POST /api/ads': (w) => ({
    url: '/api/ads',
    cookie: w.ana.cookie,
    payload: { name: 'Forjado', item_ids: [w.roleCampaign], media_ids: [w.anaMedia] },
  }),
  'PUT /api/ads/:id': (w) => ({
    url: `/api/ads/${w.anaAd}`,
    cookie: w.ana.cookie,
    payload: { name: 'Forjado', item_ids: [], media_ids: [] },
  }),
  'DELETE /api/ads/:id': (w) => ({ url: `/api/ads/${w.anaAd}`, cookie: w.ana.cookie }),
  'POST /api/ads/:id/enviar': (w) => ({ url: `/api/ads/${w.anaAd}/enviar`, cookie: w.ana.cookie }),
  'POST /api/admin/anuncios/:id/revisao': (w) => ({
    url: `/api/admin/anuncios/${w.roleAd}/revisao`,
    cookie: w.operador.cookie,
    payload: { decisao: 'reprovar', motivo: 'Reprovado por outro site.' },
  }),
  'POST /api/admin/campanhas/:id/iniciar': (w) => ({
    url: `/api/admin/campanhas/${w.roleCampaign}/iniciar`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/campanhas/:id/finalizar': (w) => ({
    url: `/api/admin/campanhas/${w.roleCampaign}/finalizar`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/campanhas/:id/comprovacoes': (w) => ({
    url: `/api/admin/campanhas/${w.roleCampaign}/comprovacoes?data=${START}`,
    cookie: w.operador.cookie,
    headers: { 'content-type': 'application/octet-stream' },
    payload: Buffer.from('forjado'),
  }),
  'DELETE /api/favorites': (w) => ({ url: '/api/favorites', cookie: w.ana.cookie }),
  'DELETE /api/favorites/:productId': (w) => ({
    url: fill('/api/favorites/:productId', { productId: w.product.id }),
    cookie: w.ana.cookie,
  }),
  'PUT /api/favorites/:productId/watch': (w) => ({
    url: fill('/api/favorites/:productId/watch', { productId: w.product.id }),
    cookie: w.ana.cookie,
  }),
  'DELETE /api/favorites/:productId/watch': (w) => ({
    url: fill('/api/favorites/:productId/watch', { productId: w.product.id }),
    cookie: w.ana.cookie,
  }),
  'PATCH /api/profile': (w) => ({
    url: '/api/profile',
    cookie: w.ana.cookie,
    payload: { nome_completo: 'Nome Trocado Pelo Atacante' },
  }),
  'POST /api/admin/orders/:id/confirm-payment': (w) => ({
    url: fill('/api/admin/orders/:id/confirm-payment', { id: w.anaOrder.id }),
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/pedidos/:id/prorrogar': (w) => ({
    url: `/api/admin/pedidos/${w.holdOrder.id}/prorrogar`,
    cookie: w.operador.cookie,
    payload: { horas: 24 },
  }),
  'POST /api/admin/pedidos/:id/reemitir-pix': (w) => ({
    url: `/api/admin/pedidos/${w.holdOrder.id}/reemitir-pix`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/pedidos/:id/cancelar': (w) => ({
    url: `/api/admin/pedidos/${w.holdOrder.id}/cancelar`,
    cookie: w.operador.cookie,
    payload: { motivo: 'Cancelado por outro site' },
  }),
  'POST /api/admin/pedidos/:id/reenviar-email': (w) => ({
    url: `/api/admin/pedidos/${w.holdOrder.id}/reenviar-email`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/produtos': (w) => ({
    url: '/api/admin/produtos',
    cookie: w.admin.cookie,
    payload: productPayload('Invasor'),
  }),
  'PUT /api/admin/produtos/:id': (w) => ({
    url: `/api/admin/produtos/${w.other.id}`,
    cookie: w.admin.cookie,
    payload: productPayload('Nome Trocado'),
  }),
  'PUT /api/admin/produtos/:id/status': (w) => ({
    url: `/api/admin/produtos/${w.other.id}/status`,
    cookie: w.admin.cookie,
    payload: { status: 'inativo' },
  }),
  'PUT /api/admin/produtos/:id/fotos/ordem': (w) => ({
    url: `/api/admin/produtos/${w.other.id}/fotos/ordem`,
    cookie: w.admin.cookie,
    payload: { order: [] },
  }),
  'DELETE /api/admin/produtos/:id/fotos/:photoId': (w) => ({
    url: `/api/admin/produtos/${w.other.id}/fotos/${randomUUID()}`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/produtos/:id/fotos': (w) => ({
    url: `/api/admin/produtos/${w.other.id}/fotos`,
    cookie: w.admin.cookie,
    headers: { 'content-type': 'image/png' },
    payload: w.image,
  }),
  'POST /api/admin/cupons': (w) => ({
    url: '/api/admin/cupons',
    cookie: w.admin.cookie,
    payload: couponPayload(),
  }),
  'PUT /api/admin/cupons/:id': (w) => ({
    url: `/api/admin/cupons/${w.coupon.id}`,
    cookie: w.admin.cookie,
    payload: { code: 'MATRIZ', kind: 'valor', value: 99_999 },
  }),
  'PUT /api/admin/usuarios/:id/papel': (w) => ({
    url: `/api/admin/usuarios/${w.alvo.id}/papel`,
    cookie: w.admin.cookie,
    payload: { tipo_usuario: 'operador' },
  }),
  'PUT /api/admin/usuarios/:id/limites-pedido': (w) => ({
    url: `/api/admin/usuarios/${w.alvo.id}/limites-pedido`,
    cookie: w.admin.cookie,
    payload: { liberado: true },
  }),
  'POST /api/admin/usuarios/:id/bloquear': (w) => ({
    url: `/api/admin/usuarios/${w.alvo.id}/bloquear`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/usuarios/:id/desbloquear': (w) => ({
    url: `/api/admin/usuarios/${w.alvo.id}/desbloquear`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/usuarios/:id/reenviar-confirmacao': (w) => ({
    url: `/api/admin/usuarios/${w.novo.id}/reenviar-confirmacao`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/email-logs/:id/reenviar': (w) => ({
    url: `/api/admin/email-logs/${w.email.id}/reenviar`,
    cookie: w.admin.cookie,
  }),
  'POST /api/auth/confirm-email': () => ({
    url: '/api/auth/confirm-email',
    payload: { token: 'tokenDeConfirmacaoQualquer_0123456789' },
  }),
  'POST /api/auth/forgot-password': (w) => ({
    url: '/api/auth/forgot-password',
    payload: { email: w.ana.email },
  }),
  'POST /api/auth/resend-confirmation': (w) => ({
    url: '/api/auth/resend-confirmation',
    payload: { email: w.ana.email },
  }),
  'POST /api/auth/reset-password': () => ({
    url: '/api/auth/reset-password',
    payload: { token: 'tokenDeRedefinicaoQualquer_0123456789', password: 'Senha-Nova-do-Atacante-1' },
  }),
  'POST /api/auth/sign-in': (w) => ({
    url: '/api/auth/sign-in',
    payload: { email: w.ana.email, password: w.ana.password },
  }),
  'POST /api/auth/sign-out': (w) => ({ url: '/api/auth/sign-out', cookie: w.ana.cookie }),
  'POST /api/auth/sign-up': () => ({
    url: '/api/auth/sign-up',
    payload: {
      email: 'criado-por-outro-site@exemplo.com.br',
      password: 'Outdoor-na-L2-2026',
      nome_completo: 'Conta Forjada',
    },
  }),
  'POST /api/checkout/quote': (w) => ({
    url: '/api/checkout/quote',
    cookie: w.ana.cookie,
    payload: { items: [{ product_id: w.product.id, start_date: START, weeks: 1, tower_ids: [] }] },
  }),
  'POST /api/favorites': (w) => ({
    url: '/api/favorites',
    cookie: w.ana.cookie,
    payload: { product_ids: [w.other.id] },
  }),
  'POST /api/orders': (w) => ({
    url: '/api/orders',
    cookie: w.ana.cookie,
    headers: { 'idempotency-key': 'pedido-forjado-por-outro-site' },
    payload: { items: [{ product_id: w.other.id, start_date: START, weeks: 1, tower_ids: [] }] },
  }),
  'POST /api/orders/:id/cancel': (w) => ({
    url: fill('/api/orders/:id/cancel', { id: w.anaOrder.id }),
    cookie: w.ana.cookie,
  }),
  'POST /api/proposta': (w) => ({
    url: '/api/proposta',
    cookie: w.ana.cookie,
    payload: { items: [{ product_id: w.product.id, start_date: START, weeks: 1, tower_ids: [] }] },
  }),
  'PUT /api/billing-profile': (w) => ({
    url: '/api/billing-profile',
    cookie: w.ana.cookie,
    payload: { ...billing, name: 'Endereço Trocado Pelo Atacante' },
  }),
  'PUT /api/cart': (w) => ({
    url: '/api/cart',
    cookie: w.ana.cookie,
    payload: { products: [{ id: 'item-forjado', name: 'Forjado' }] },
  }),
  'PUT /api/favorites/:productId': (w) => ({
    url: fill('/api/favorites/:productId', { productId: w.other.id }),
    cookie: w.ana.cookie,
  }),
  'POST /api/notifications/:id/read': (w) => ({
    url: fill('/api/notifications/:id/read', { id: w.anaNotification.id }),
    cookie: w.ana.cookie,
  }),
  'POST /api/notifications/read-all': (w) => ({ url: '/api/notifications/read-all', cookie: w.ana.cookie }),
  'POST /api/support/tickets': () => ({
    url: '/api/support/tickets',
    payload: {
      name: 'Atendimento Forjado',
      email: 'forjado@exemplo.com.br',
      category: 'outros',
      subject: 'Forjado',
      message: 'Mensagem enviada por outro site.',
    },
  }),
  'POST /api/support/tickets/:id/messages': (w) => ({
    url: fill('/api/support/tickets/:id/messages', { id: w.anaTicket.id }),
    cookie: w.ana.cookie,
    payload: { message: 'Resposta forjada por outro site.' },
  }),
  'POST /api/admin/support/tickets/:id/messages': (w) => ({
    url: fill('/api/admin/support/tickets/:id/messages', { id: w.anaTicket.id }),
    cookie: w.operador.cookie,
    payload: { message: 'Resposta da equipe forjada.' },
  }),
  'PATCH /api/admin/support/tickets/:id': (w) => ({
    url: fill('/api/admin/support/tickets/:id', { id: w.anaTicket.id }),
    cookie: w.operador.cookie,
    payload: { status: 'fechado' },
  }),
  'POST /api/admin/notificacoes': (w) => ({
    url: '/api/admin/notificacoes',
    cookie: w.operador.cookie,
    payload: { segment: 'todos', title: 'Aviso forjado' },
  }),
  'POST /api/admin/emails-agendados': (w) => ({
    url: '/api/admin/emails-agendados',
    cookie: w.admin.cookie,
    payload: scheduledBody(),
  }),
  'PUT /api/admin/emails-agendados/:id': (w) => ({
    url: fill('/api/admin/emails-agendados/:id', { id: w.scheduled.id }),
    cookie: w.admin.cookie,
    payload: scheduledBody(),
  }),
  'POST /api/admin/emails-agendados/:id/cancelar': (w) => ({
    url: fill('/api/admin/emails-agendados/:id/cancelar', { id: w.scheduled.id }),
    cookie: w.admin.cookie,
  }),
};

function scheduledBody() {
  return {
    segment: 'cliente',
    subject: 'Email agendado de teste',
    body: 'Texto do email agendado de teste.',
    send_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  };
}

/** Documented exceptions to the same-origin rule: called by other servers, authenticated otherwise. */
const WEBHOOK_PREFIX = '/api/webhooks/';
const webhooks: Record<string, { url: string }> = {
  'POST /api/webhooks/pagamentos': { url: '/api/webhooks/pagamentos' },
};
/**
 * RFC 8058 one-click unsubscribe: mail programs POST it from anywhere. It needs the e-mail's random key
 * and can only turn e-mails off (account-settings.test.ts).
 */
const oneClickUnsubscribe = 'POST /api/email/descadastrar';

/** What a browser sends on a request from another site (or a sandboxed/opaque one). */
const crossSiteHeaders: Array<[label: string, headers: Record<string, string>]> = [
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['Origin: https://evil.example', { origin: 'https://evil.example' }],
  ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ['Origin: null', { origin: 'null' }],
  ['Origin com prefixo do nosso host', { origin: 'http://localhost:3000.evil.example' }],
  [
    'Sec-Fetch-Site same-origin mas Origin de outro site',
    { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
  ],
];

describe('V4.2.2 / V13.2.3 requisições de outro site', () => {
  it('URB-SEC-01 a tabela lista exatamente as rotas que mudam estado (enumeradas do app)', () => {
    const routes = listRoutes(ctx.app);
    // The enumeration itself works: a few routes every version of the app has.
    expect(routes.map(routeKey)).toEqual(
      expect.arrayContaining(['GET /api/health', 'POST /api/orders', 'GET /api/orders/:id']),
    );
    const found = routes.filter(isStateChanging).map(routeKey).sort();
    expect(found).toEqual(
      [...Object.keys(stateChanging), ...Object.keys(webhooks), oneClickUnsubscribe].sort(),
    );
    for (const key of Object.keys(webhooks)) expect(key.split(' ')[1]!.startsWith(WEBHOOK_PREFIX)).toBe(true);
  });

  it.each(Object.entries(stateChanging))(
    'V13.2.3 %s: recusa com 403 cada sinal de outro site, e nada muda no banco',
    async (key, build) => {
      await settle();
      const before = await snapshot(database);
      for (const [label, headers] of crossSiteHeaders) {
        const req = build(w);
        const res = await inject(ctx, {
          ...req,
          method: methodOf(key),
          headers: { ...req.headers, ...headers },
        });
        expect(res.statusCode, label).toBe(403);
        expectMessageOnly(res, httpMessages.crossSite);
      }
      await settle();
      expect(await snapshot(database)).toEqual(before);
    },
  );

  it('URB-SEC-02 o webhook (exceção documentada) não depende da origem, mas recusa assinatura inválida', async () => {
    const body = JSON.stringify({
      id: 'evt-forjado',
      type: 'pagamento.confirmado',
      data: { txid: 'x', amount: 1 },
    });
    const ts = Math.floor(Date.now() / 1000);
    for (const [, headers] of crossSiteHeaders) {
      for (const { url } of Object.values(webhooks)) {
        await settle();
        const before = await snapshot(database);
        for (const signature of [undefined, '0'.repeat(64), signWebhook('segredo-errado', ts, body)]) {
          const res = await inject(ctx, {
            method: 'POST',
            url,
            headers: {
              ...headers,
              'content-type': 'application/json',
              'x-urbana-timestamp': String(ts),
              ...(signature ? { 'x-urbana-assinatura': signature } : {}),
            },
            payload: body,
          });
          expect(res.statusCode).toBe(401);
          expectMessageOnly(res, 'Assinatura inválida.');
        }
        expect(await snapshot(database)).toEqual(before);
      }
    }
    // Signed with the right secret it is accepted, wherever it comes from.
    const ignored = JSON.stringify({ id: 'evt-1', type: 'outro.evento', data: { txid: 'x', amount: 1 } });
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/webhooks/pagamentos',
      headers: {
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
        'x-urbana-timestamp': String(ts),
        'x-urbana-assinatura': signWebhook(WEBHOOK_SECRET, ts, ignored),
      },
      payload: ignored,
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    '/api/webhooks/../auth/sign-out',
    '/api/webhooks/%2e%2e/auth/sign-out',
    '/api/webhooks/..%2fauth%2fsign-out',
    '/api/webhooks/pagamentos/../../auth/sign-out',
  ])(
    'URB-SEC-03 o prefixo do webhook não abre outras rotas: %s (caminho cru, por um socket de verdade)',
    async (rawPath) => {
      // app.inject normalises "..", a real HTTP server does not: send the raw path over TCP.
      const res = await rawRequest(ctx, {
        method: 'POST',
        path: rawPath,
        headers: { cookie: w.ana.cookie, 'sec-fetch-site': 'cross-site' },
      });
      expect(res.status).toBe(404);
      expect(
        (await inject(ctx, { method: 'GET', url: '/api/auth/session', cookie: w.ana.cookie })).json().user,
      ).not.toBeNull();
    },
  );

  it('V13.2.3 a mesma origem passa (Origin do PUBLIC_URL ou do próprio host, Sec-Fetch-Site same-origin/none)', async () => {
    for (const headers of [
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      { origin: 'http://127.0.0.1:3100', host: '127.0.0.1:3100' },
      { 'sec-fetch-site': 'none' },
    ]) {
      const res = await inject(ctx, {
        method: 'POST',
        url: '/api/checkout/quote',
        headers,
        payload: { items: [{ product_id: w.product.id, start_date: START, weeks: 1, tower_ids: [] }] },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// V4.2.1: IDOR
// ---------------------------------------------------------------------------------------------

type ParamCheck =
  /** Belongs to one user: another user gets 404 `{message}`, exactly as for an id that does not exist. */
  | { kind: 'owned'; request: (w: World) => Req; notFound: string; id?: (w: World) => string }
  /** Staff only: a cliente is refused with 403 (the role matrix covers every role). */
  | { kind: 'staff'; request: (w: World) => Req }
  /**
   * Acts on the caller's own rows whatever the id (favourites, their "Avise-me"): another user's rows
   * never change. `status`: the answer when it is not 204 ("Avise-me" on a place Bruno did not favourite).
   */
  | { kind: 'own-scope'; request: (w: World) => Req; status?: number }
  /** Public by design (catalogue and documentation): the reason is the documentation. */
  | { kind: 'public'; request: (w: World) => Req; why: string };

const orderNotFound = 'Pedido não encontrado.';

/** The media library, ads and proof photos: each Ana's, and the staff campaign routes. */
function mediaParamRoutes(): Record<string, ParamCheck> {
  const media = (url: (w: World) => string, payload?: object): ParamCheck => ({
    kind: 'owned',
    notFound: mediaMessages.notFound,
    id: (w) => w.anaMedia,
    request: (w) => ({ url: url(w), ...(payload ? { payload } : {}) }),
  });
  const ad = (url: (w: World) => string, payload?: object): ParamCheck => ({
    kind: 'owned',
    notFound: adMessages.notFound,
    id: (w) => w.anaAd,
    request: (w) => ({ url: url(w), ...(payload ? { payload } : {}) }),
  });
  const adBody = { name: 'Trocado', item_ids: [], media_ids: [] };
  return {
    'GET /api/media/:id': media((w) => `/api/media/${w.anaMedia}`),
    'PATCH /api/media/:id': media((w) => `/api/media/${w.anaMedia}`, { name: 'Renomeado por outro' }),
    'DELETE /api/media/:id': media((w) => `/api/media/${w.anaMedia}`),
    'GET /api/media/:id/:variant': media((w) => `/api/media/${w.anaMedia}/arquivo`),
    'GET /api/comprovacoes/:id/:variant': {
      kind: 'owned',
      notFound: campaignMessages.proofNotFound,
      id: (w) => w.anaProof,
      request: (w) => ({ url: `/api/comprovacoes/${w.anaProof}/arquivo` }),
    },
    'GET /api/ads/:id': ad((w) => `/api/ads/${w.anaAd}`),
    'PUT /api/ads/:id': ad((w) => `/api/ads/${w.anaAd}`, adBody),
    'DELETE /api/ads/:id': ad((w) => `/api/ads/${w.anaAd}`),
    'POST /api/ads/:id/enviar': ad((w) => `/api/ads/${w.anaAd}/enviar`),
    'GET /api/admin/campanhas/:id': {
      kind: 'staff',
      request: (w) => ({ url: `/api/admin/campanhas/${w.roleCampaign}` }),
    },
    'POST /api/admin/campanhas/:id/iniciar': {
      kind: 'staff',
      request: (w) => ({ url: `/api/admin/campanhas/${w.roleCampaign}/iniciar` }),
    },
    'POST /api/admin/campanhas/:id/finalizar': {
      kind: 'staff',
      request: (w) => ({ url: `/api/admin/campanhas/${w.roleCampaign}/finalizar` }),
    },
    'POST /api/admin/campanhas/:id/comprovacoes': {
      kind: 'staff',
      request: (w) => ({ url: `/api/admin/campanhas/${w.roleCampaign}/comprovacoes?data=${START}` }),
    },
    'POST /api/admin/anuncios/:id/revisao': {
      kind: 'staff',
      request: (w) => ({ url: `/api/admin/anuncios/${w.roleAd}/revisao`, payload: { decisao: 'aprovar' } }),
    },
  };
}
/** Inventory holds and proposals (issue #19): staff routes, and the customer's own proposal. */
function proposalParamRoutes(): Record<string, ParamCheck> {
  const owned = (suffix: string, payload?: object): ParamCheck => ({
    kind: 'owned',
    notFound: proposalMessages.notFound,
    id: (w) => w.sentProposal,
    request: (w) => ({ url: `/api/propostas/${w.sentProposal}${suffix}`, ...(payload ? { payload } : {}) }),
  });
  const staff = (url: (w: World) => string): ParamCheck => ({
    kind: 'staff',
    request: (w) => ({ url: url(w) }),
  });
  return {
    'GET /api/propostas/:id': owned(''),
    'GET /api/propostas/:id/pdf': owned('/pdf'),
    'POST /api/propostas/:id/aceitar': owned('/aceitar', { payment_method: 'pix' }),
    'GET /api/admin/propostas/:id': staff((w) => `/api/admin/propostas/${w.proposal}`),
    'GET /api/admin/propostas/:id/pdf': staff((w) => `/api/admin/propostas/${w.proposal}/pdf`),
    'POST /api/admin/propostas/:id/enviar': staff((w) => `/api/admin/propostas/${w.proposal}/enviar`),
    'POST /api/admin/propostas/:id/cancelar': staff((w) => `/api/admin/propostas/${w.proposal}/cancelar`),
    'POST /api/admin/inventario/reservas/:id/liberar': staff(
      (w) => `/api/admin/inventario/reservas/${w.holdsToRelease[0]}/liberar`,
    ),
  };
}
/** Named media plans (issue #23 item 3): Ana's own, and the shared link, public by its token. */
function planParamRoutes(): Record<string, ParamCheck> {
  const owned = (suffix: string, payload?: object): ParamCheck => ({
    kind: 'owned',
    notFound: planMessages.notFound,
    id: (w) => w.anaPlan,
    request: (w) => ({ url: `/api/planos/${w.anaPlan}${suffix}`, ...(payload ? { payload } : {}) }),
  });
  const shared = (suffix: string): ParamCheck => ({
    kind: 'public',
    why: 'plano compartilhado: o token aleatório de 192 bits é a chave (decisão 035)',
    request: (w) => ({ url: `/api/planos-compartilhados/${w.anaPlanToken}${suffix}` }),
  });
  return {
    'GET /api/planos/:id': owned(''),
    'PATCH /api/planos/:id': owned('', { name: 'Do Bruno' }),
    'DELETE /api/planos/:id': owned(''),
    'GET /api/planos/:id/mapa.png': owned('/mapa.png'),
    'POST /api/planos/:id/duplicar': owned('/duplicar'),
    'POST /api/planos/:id/compartilhar': owned('/compartilhar'),
    'DELETE /api/planos/:id/compartilhar': owned('/compartilhar'),
    'GET /api/planos-compartilhados/:token': shared(''),
    'GET /api/planos-compartilhados/:token/pdf': shared('/pdf'),
    'GET /api/planos-compartilhados/:token/mapa.png': shared('/mapa.png'),
  };
}
/** Every route with a `:param` (or `*`). A new one fails the coverage test until it is listed here. */
const paramRoutes: Record<string, ParamCheck> = {
  ...proposalParamRoutes(),
  ...planParamRoutes(),
  'GET /api/account/exports/:id/download': {
    kind: 'owned',
    notFound: 'Arquivo não encontrado.',
    id: (w) => w.anaExport.id,
    request: (w) => ({ url: `/api/account/exports/${w.anaExport.id}/download` }),
  },
  'POST /api/admin/convites/:id/revogar': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/convites/${w.convite.id}/revogar` }),
  },
  'POST /api/admin/usuarios/:id/exportar-dados': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}/exportar-dados` }),
  },
  'POST /api/admin/usuarios/:id/excluir': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.excluivel.id}/excluir` }),
  },
  'GET /api/orders/:id': {
    kind: 'owned',
    notFound: orderNotFound,
    request: (w) => ({ url: `/api/orders/${w.anaOrder.id}` }),
  },
  'GET /api/orders/:id/pix': {
    kind: 'owned',
    notFound: orderNotFound,
    request: (w) => ({ url: `/api/orders/${w.anaOrder.id}/pix` }),
  },
  'POST /api/orders/:id/cancel': {
    kind: 'owned',
    notFound: orderNotFound,
    request: (w) => ({ url: `/api/orders/${w.anaOrder.id}/cancel` }),
  },
  'POST /api/admin/orders/:id/confirm-payment': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/orders/${w.anaOrder.id}/confirm-payment` }),
  },
  'GET /api/admin/pedidos/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.anaOrder.id}` }),
  },
  'GET /api/admin/pedidos/:id/fatura.pdf': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.anaOrder.id}/fatura.pdf` }),
  },
  'GET /api/admin/pedidos/:id/nota-de-credito.pdf': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.refundedOrder.id}/nota-de-credito.pdf` }),
  },
  'POST /api/admin/pedidos/:id/prorrogar': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.anaOrder.id}/prorrogar`, payload: { horas: 72 } }),
  },
  'POST /api/admin/pedidos/:id/reemitir-pix': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.anaOrder.id}/reemitir-pix` }),
  },
  'POST /api/admin/pedidos/:id/cancelar': {
    kind: 'staff',
    request: (w) => ({
      url: `/api/admin/pedidos/${w.anaOrder.id}/cancelar`,
      payload: { motivo: 'Bruno cancelando' },
    }),
  },
  'POST /api/admin/pedidos/:id/reenviar-email': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.anaOrder.id}/reenviar-email` }),
  },
  ...mediaParamRoutes(),
  'GET /api/admin/usuarios/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}` }),
  },
  'PUT /api/admin/usuarios/:id/papel': {
    kind: 'staff',
    request: (w) => ({
      url: `/api/admin/usuarios/${w.alvo.id}/papel`,
      payload: { tipo_usuario: 'operador' },
    }),
  },
  'GET /api/admin/usuarios/:id/limites-pedido': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}/limites-pedido` }),
  },
  'PUT /api/admin/usuarios/:id/limites-pedido': {
    kind: 'staff',
    request: (w) => ({
      url: `/api/admin/usuarios/${w.alvo.id}/limites-pedido`,
      payload: { liberado: true },
    }),
  },
  'POST /api/admin/usuarios/:id/bloquear': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}/bloquear` }),
  },
  'POST /api/admin/usuarios/:id/desbloquear': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}/desbloquear` }),
  },
  'POST /api/admin/usuarios/:id/reenviar-confirmacao': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.novo.id}/reenviar-confirmacao` }),
  },
  'GET /api/admin/produtos/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/produtos/${w.other.id}` }),
  },
  'PUT /api/admin/produtos/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/produtos/${w.other.id}`, payload: productPayload('Nome Trocado') }),
  },
  'PUT /api/admin/produtos/:id/status': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/produtos/${w.other.id}/status`, payload: { status: 'inativo' } }),
  },
  'PUT /api/admin/produtos/:id/fotos/ordem': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/produtos/${w.other.id}/fotos/ordem`, payload: { order: [] } }),
  },
  'DELETE /api/admin/produtos/:id/fotos/:photoId': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/produtos/${w.other.id}/fotos/${randomUUID()}` }),
  },
  'POST /api/admin/produtos/:id/fotos': {
    kind: 'staff',
    request: (w) => ({
      url: `/api/admin/produtos/${w.other.id}/fotos`,
      headers: { 'content-type': 'image/png' },
      payload: w.image,
    }),
  },
  'GET /api/admin/cupons/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/cupons/${w.coupon.id}` }),
  },
  'PUT /api/admin/cupons/:id': {
    kind: 'staff',
    request: (w) => ({
      url: `/api/admin/cupons/${w.coupon.id}`,
      payload: { code: 'MATRIZ', kind: 'valor', value: 99_999 },
    }),
  },
  'GET /api/admin/email-logs/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/email-logs/${w.email.id}` }),
  },
  'POST /api/admin/email-logs/:id/reenviar': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/email-logs/${w.email.id}/reenviar` }),
  },
  'PUT /api/favorites/:productId': {
    kind: 'own-scope',
    request: (w) => ({ url: `/api/favorites/${w.product.id}` }),
  },
  // Issue #23 item 4: a watch is the caller's own, on the caller's own favourite (w.other: none of Bruno's).
  'PUT /api/favorites/:productId/watch': {
    kind: 'own-scope',
    status: 409,
    request: (w) => ({ url: `/api/favorites/${w.other.id}/watch` }),
  },
  'DELETE /api/favorites/:productId/watch': {
    kind: 'own-scope',
    request: (w) => ({ url: `/api/favorites/${w.product.id}/watch` }),
  },
  // Issue #23 item 5: Ana's order's report, exactly as an order that does not exist.
  'GET /api/orders/:id/relatorio': {
    kind: 'owned',
    notFound: 'Relatório não encontrado.',
    request: (w) => ({ url: `/api/orders/${w.anaOrder.id}/relatorio` }),
  },
  'GET /api/orders/:id/relatorio.pdf': {
    kind: 'owned',
    notFound: 'Relatório não encontrado.',
    request: (w) => ({ url: `/api/orders/${w.anaOrder.id}/relatorio.pdf` }),
  },
  'DELETE /api/favorites/:productId': {
    kind: 'own-scope',
    request: (w) => ({ url: `/api/favorites/${w.product.id}` }),
  },
  'GET /api/products/:slug': {
    kind: 'public',
    why: 'catálogo público',
    request: (w) => ({ url: `/api/products/${w.product.slug}` }),
  },
  'GET /api/arquivos/catalogo/:name': {
    kind: 'public',
    why: 'fotos do catálogo',
    request: (w) => ({ url: `/api/arquivos/catalogo/${w.photo}` }),
  },
  'GET /api/invoices/:id/pdf': {
    kind: 'owned',
    notFound: 'Fatura não encontrada.',
    id: (w) => w.anaInvoice.id,
    request: (w) => ({ url: `/api/invoices/${w.anaInvoice.id}/pdf` }),
  },
  'POST /api/notifications/:id/read': {
    kind: 'owned',
    notFound: 'Notificação não encontrada.',
    id: (w) => w.anaNotification.id,
    request: (w) => ({ url: `/api/notifications/${w.anaNotification.id}/read` }),
  },
  'GET /api/support/tickets/:id': {
    kind: 'owned',
    notFound: 'Atendimento não encontrado.',
    id: (w) => w.anaTicket.id,
    request: (w) => ({ url: `/api/support/tickets/${w.anaTicket.id}` }),
  },
  'POST /api/support/tickets/:id/messages': {
    kind: 'owned',
    notFound: 'Atendimento não encontrado.',
    id: (w) => w.anaTicket.id,
    request: (w) => ({
      url: `/api/support/tickets/${w.anaTicket.id}/messages`,
      payload: { message: 'Bruno tentando responder no atendimento da Ana.' },
    }),
  },
  'GET /api/admin/support/tickets/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/support/tickets/${w.anaTicket.id}` }),
  },
  'POST /api/admin/support/tickets/:id/messages': {
    kind: 'staff',
    request: (w) => ({
      url: `/api/admin/support/tickets/${w.anaTicket.id}/messages`,
      payload: { message: 'Bruno fingindo ser da equipe.' },
    }),
  },
  'PATCH /api/admin/support/tickets/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/support/tickets/${w.anaTicket.id}`, payload: { status: 'fechado' } }),
  },
  'PUT /api/admin/emails-agendados/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/emails-agendados/${w.scheduled.id}`, payload: scheduledBody() }),
  },
  'POST /api/admin/emails-agendados/:id/cancelar': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/emails-agendados/${w.scheduled.id}/cancelar` }),
  },
  'GET /api/docs/*': {
    kind: 'public',
    why: 'documentação da API (OpenAPI)',
    request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
  },
};

describe('V4.2.1 IDOR: Bruno com os ids da Ana', () => {
  it('URB-SEC-04 a tabela lista exatamente as rotas com parâmetro (enumeradas do app)', () => {
    const found = listRoutes(ctx.app).filter(hasParams).map(routeKey).sort();
    expect(found).toEqual(Object.keys(paramRoutes).sort());
  });

  it.each(Object.entries(paramRoutes))('V4.2.1 %s', async (key, check) => {
    const req = check.request(w);
    const send = (who: Person | undefined, url = req.url) =>
      inject(ctx, {
        ...req,
        url,
        method: methodOf(key),
        cookie: who?.cookie,
      });
    await settle();
    const before = await snapshot(database);
    switch (check.kind) {
      case 'owned': {
        const res = await send(w.bruno);
        expect(res.statusCode).toBe(404);
        expectMessageOnly(res, check.notFound);
        // The same answer as for an id that does not exist: nothing tells that the order exists.
        const unknown = await send(w.bruno, req.url.replace(check.id?.(w) ?? w.anaOrder.id, randomUUID()));
        expect(unknown.statusCode).toBe(404);
        expect(unknown.body).toBe(res.body);
        await settle();
        expect(await snapshot(database)).toEqual(before);
        // Ana herself still reads it, unchanged.
        const own = await inject(ctx, {
          method: 'GET',
          url: `/api/orders/${w.anaOrder.id}`,
          cookie: w.ana.cookie,
        });
        expect(own.statusCode).toBe(200);
        expect(own.json().status).toBe('aguardando_pagamento');
        break;
      }
      case 'staff': {
        const res = await send(w.bruno);
        expect(res.statusCode, res.body).toBe(403);
        expectMessageOnly(res, httpMessages.forbidden);
        expect(await snapshot(database)).toEqual(before);
        break;
      }
      case 'own-scope': {
        const anaBefore = (
          await inject(ctx, { method: 'GET', url: '/api/favorites', cookie: w.ana.cookie })
        ).json().product_ids;
        const res = await send(w.bruno);
        expect(res.statusCode).toBe(check.status ?? 204);
        const anaAfter = (
          await inject(ctx, { method: 'GET', url: '/api/favorites', cookie: w.ana.cookie })
        ).json().product_ids;
        expect(anaAfter).toEqual(anaBefore);
        expect(anaAfter).toContain(w.product.id);
        break;
      }
      case 'public': {
        const res = await send(undefined);
        expect(res.statusCode, check.why).toBe(200);
        break;
      }
    }
  });

  const listings: Array<[url: string, readonly string[]]> = [
    ['/api/orders', ['anaOrder']],
    ['/api/orders?status=aguardando_pagamento', ['anaOrder']],
    ['/api/notifications', ['anaOrder']],
    ['/api/invoices', ['anaOrder']],
    ['/api/support/tickets', ['anaTicket']],
    ['/api/billing-profile', ['Ana Souza']],
    ['/api/cart', ['carrinho-da-ana']],
    ['/api/profile', ['ana']],
    ['/api/auth/session', ['ana']],
  ];
  it.each(listings)('URB-SEC-05 %s mostra só o que é do próprio usuário', async (url) => {
    const res = await inject(ctx, { method: 'GET', url, cookie: w.bruno.cookie });
    expect(res.statusCode).toBe(200);
    for (const secret of [
      w.anaOrder.id,
      w.anaOrder.code,
      w.roleOrder.id,
      w.ana.email,
      w.ana.id,
      'Ana Souza',
      'carrinho-da-ana',
    ])
      expect(res.body).not.toContain(secret);
    // …while Ana sees hers (the listing is not simply empty).
    const own = await inject(ctx, { method: 'GET', url, cookie: w.ana.cookie });
    expect(own.body).toMatch(new RegExp(`${w.anaOrder.id}|Ana Souza|carrinho-da-ana|${w.ana.email}`));
  });
});

// ---------------------------------------------------------------------------------------------
// V4.1: role matrix
// ---------------------------------------------------------------------------------------------

type Role = 'anonimo' | 'cliente' | 'admin_fora_da_lista' | 'operador' | 'admin';
const roles: Record<
  Role,
  { who: (w: World) => Person | undefined; subject?: { email: string; tipo_usuario: UserType } }
> = {
  anonimo: { who: () => undefined },
  cliente: { who: (w) => w.bruno, subject: { email: 'bruno@exemplo.com.br', tipo_usuario: 'cliente' } },
  admin_fora_da_lista: {
    who: (w) => w.intruso,
    subject: { email: 'intruso@urbana.com.br', tipo_usuario: 'admin' },
  },
  operador: {
    who: (w) => w.operador,
    subject: { email: 'operador@urbana.com.br', tipo_usuario: 'operador' },
  },
  admin: { who: (w) => w.admin, subject: { email: 'chefe@urbana.com.br', tipo_usuario: 'admin' } },
};

/** Every /api/admin route with its section (docs/spec/product.md §1) and what each role gets. */
/**
 * An update that changes nothing writes no audit entry (docs/decisions/028-readable-audit-log.md), so a
 * route the matrix calls once per role alternates its value: each call changes what the last one set.
 */
function alternating<T>(...values: T[]): () => T {
  let call = 0;
  return () => values[call++ % values.length]!;
}
const ticketStatus = alternating('em_andamento', 'resolvido');
const productStatus = alternating('ativo', 'inativo');
const couponValue = alternating(1500, 2500);

const adminRoutes: Record<
  string,
  {
    section: AdminSection;
    ok: number;
    request: (w: World) => Req;
    /** The same route with an invalid input: access is still decided first. */
    invalid: ((w: World) => Req) | null;
  }
> = {
  'GET /api/admin/convites': {
    section: 'usuarios',
    ok: 200,
    request: () => ({ url: '/api/admin/convites' }),
    invalid: null,
  },
  'POST /api/admin/convites': {
    section: 'usuarios',
    ok: 201,
    request: () => ({
      url: '/api/admin/convites',
      payload: { email: 'matriz@exemplo.com.br', role: 'operador' },
    }),
    invalid: () => ({
      url: '/api/admin/convites',
      payload: { email: 'matriz@exemplo.com.br', role: 'dono' },
    }),
  },
  'POST /api/admin/convites/:id/revogar': {
    section: 'usuarios',
    ok: 200,
    request: (w) => ({ url: `/api/admin/convites/${w.convite.id}/revogar` }),
    invalid: () => ({ url: '/api/admin/convites/nao-e-um-uuid/revogar' }),
  },
  'POST /api/admin/usuarios/:id/exportar-dados': {
    section: 'usuarios',
    ok: 202,
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}/exportar-dados` }),
    invalid: () => ({ url: '/api/admin/usuarios/nao-e-um-uuid/exportar-dados' }),
  },
  'POST /api/admin/usuarios/:id/excluir': {
    section: 'usuarios',
    ok: 200,
    request: (w) => ({ url: `/api/admin/usuarios/${w.excluivel.id}/excluir` }),
    invalid: () => ({ url: '/api/admin/usuarios/nao-e-um-uuid/excluir' }),
  },
  'GET /api/admin/resumo': {
    section: 'dashboard',
    ok: 200,
    request: () => ({ url: '/api/admin/resumo' }),
    invalid: null,
  },
  'GET /api/admin/usuarios': {
    section: 'usuarios',
    ok: 200,
    request: () => ({ url: '/api/admin/usuarios?q=urbana&page=1&page_size=5' }),
    invalid: () => ({ url: '/api/admin/usuarios?page=0&page_size=9999' }),
  },
  'GET /api/admin/campanhas': {
    section: 'campanhas',
    ok: 200,
    request: () => ({ url: '/api/admin/campanhas?status=aguardando_arte&page=1' }),
    invalid: () => ({ url: '/api/admin/campanhas?status=qualquer&de=31-12-2026' }),
  },
  'GET /api/admin/campanhas/:id': {
    section: 'campanhas',
    ok: 200,
    request: (w) => ({ url: `/api/admin/campanhas/${w.roleCampaign}` }),
    invalid: () => ({ url: '/api/admin/campanhas/nao-e-um-uuid' }),
  },
  // The item waits for its artwork: staff pass the guard and meet the rule (409), whoever goes first.
  'POST /api/admin/campanhas/:id/iniciar': {
    section: 'campanhas',
    ok: 409,
    request: (w) => ({ url: `/api/admin/campanhas/${w.roleCampaign}/iniciar` }),
    invalid: () => ({ url: '/api/admin/campanhas/nao-e-um-uuid/iniciar' }),
  },
  'POST /api/admin/campanhas/:id/finalizar': {
    section: 'campanhas',
    ok: 409,
    request: (w) => ({ url: `/api/admin/campanhas/${w.roleCampaign}/finalizar` }),
    invalid: () => ({ url: '/api/admin/campanhas/nao-e-um-uuid/finalizar' }),
  },
  'POST /api/admin/campanhas/:id/comprovacoes': {
    section: 'campanhas',
    ok: 409,
    request: (w) => ({
      url: `/api/admin/campanhas/${w.roleCampaign}/comprovacoes?data=${START}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('foto'),
    }),
    invalid: (w) => ({
      url: `/api/admin/campanhas/${w.roleCampaign}/comprovacoes?legenda=${'x'.repeat(400)}`,
    }),
  },
  'POST /api/admin/anuncios/:id/revisao': {
    section: 'campanhas',
    ok: 409,
    // A draft is not under review: the transition is refused.
    request: (w) => ({ url: `/api/admin/anuncios/${w.roleAd}/revisao`, payload: { decisao: 'aprovar' } }),
    invalid: (w) => ({ url: `/api/admin/anuncios/${w.roleAd}/revisao`, payload: { decisao: 'talvez' } }),
  },
  // A cancelled order: staff pass the guard and meet the rule (409), whoever goes first. The legal and
  // illegal confirmations are in admin-orders.test.ts.
  'POST /api/admin/orders/:id/confirm-payment': {
    section: 'pedidos',
    ok: 409,
    // No body at all, as a button that only confirms would send.
    request: (w) => ({ url: `/api/admin/orders/${w.closedOrder.id}/confirm-payment` }),
    invalid: (w) => ({
      url: `/api/admin/orders/nao-e-um-uuid/confirm-payment`,
      payload: { note: 'x'.repeat(600), status: 'pago' },
      headers: { 'x-pedido': w.roleOrder.id },
    }),
  },
  'GET /api/admin/pedidos': {
    section: 'pedidos',
    ok: 200,
    request: () => ({ url: '/api/admin/pedidos?q=urb&status=aguardando_pagamento&metodo=pix&page=1' }),
    invalid: () => ({ url: '/api/admin/pedidos?status=qualquer&from=31-12-2026' }),
  },
  'GET /api/admin/pedidos/csv': {
    section: 'pedidos',
    ok: 200,
    request: () => ({ url: '/api/admin/pedidos/csv?cidade=Bras%C3%ADlia' }),
    invalid: () => ({ url: '/api/admin/pedidos/csv?sort=senha' }),
  },
  'GET /api/admin/pedidos/:id': {
    section: 'pedidos',
    ok: 200,
    request: (w) => ({ url: `/api/admin/pedidos/${w.holdOrder.id}` }),
    invalid: () => ({ url: '/api/admin/pedidos/nao-e-um-uuid' }),
  },
  'GET /api/admin/pedidos/:id/fatura.pdf': {
    section: 'pedidos',
    ok: 200,
    request: (w) => ({ url: `/api/admin/pedidos/${w.holdOrder.id}/fatura.pdf` }),
    invalid: () => ({ url: '/api/admin/pedidos/nao-e-um-uuid/fatura.pdf' }),
  },
  'GET /api/admin/pedidos/:id/nota-de-credito.pdf': {
    section: 'pedidos',
    ok: 200,
    request: (w) => ({ url: `/api/admin/pedidos/${w.refundedOrder.id}/nota-de-credito.pdf` }),
    invalid: () => ({ url: '/api/admin/pedidos/nao-e-um-uuid/nota-de-credito.pdf' }),
  },
  'POST /api/admin/pedidos/:id/prorrogar': {
    section: 'pedidos',
    ok: 200,
    request: (w) => ({ url: `/api/admin/pedidos/${w.holdOrder.id}/prorrogar`, payload: { horas: 1 } }),
    invalid: (w) => ({ url: `/api/admin/pedidos/${w.holdOrder.id}/prorrogar`, payload: { horas: 500 } }),
  },
  'POST /api/admin/pedidos/:id/reemitir-pix': {
    section: 'pedidos',
    ok: 200,
    request: (w) => ({ url: `/api/admin/pedidos/${w.holdOrder.id}/reemitir-pix` }),
    invalid: () => ({ url: '/api/admin/pedidos/nao-e-um-uuid/reemitir-pix' }),
  },
  // Already cancelled: staff pass the guard and meet the rule (409).
  'POST /api/admin/pedidos/:id/cancelar': {
    section: 'pedidos',
    ok: 409,
    request: (w) => ({
      url: `/api/admin/pedidos/${w.closedOrder.id}/cancelar`,
      payload: { motivo: 'Matriz de papéis' },
    }),
    invalid: (w) => ({ url: `/api/admin/pedidos/${w.closedOrder.id}/cancelar`, payload: { motivo: '' } }),
  },
  'POST /api/admin/pedidos/:id/reenviar-email': {
    section: 'pedidos',
    ok: 200,
    request: (w) => ({ url: `/api/admin/pedidos/${w.holdOrder.id}/reenviar-email` }),
    invalid: () => ({ url: '/api/admin/pedidos/nao-e-um-uuid/reenviar-email' }),
  },
  'GET /api/admin/support/tickets': {
    section: 'suporte',
    ok: 200,
    request: () => ({ url: '/api/admin/support/tickets?status=aberto' }),
    invalid: () => ({ url: '/api/admin/support/tickets?status=pendurado&page=0' }),
  },
  'GET /api/admin/support/staff': {
    section: 'suporte',
    ok: 200,
    request: () => ({ url: '/api/admin/support/staff' }),
    invalid: null,
  },
  'GET /api/admin/support/tickets/:id': {
    section: 'suporte',
    ok: 200,
    request: (w) => ({ url: `/api/admin/support/tickets/${w.anaTicket.id}` }),
    invalid: () => ({ url: '/api/admin/support/tickets/nao-e-um-uuid' }),
  },
  'POST /api/admin/support/tickets/:id/messages': {
    section: 'suporte',
    ok: 200,
    request: (w) => ({
      url: `/api/admin/support/tickets/${w.anaTicket.id}/messages`,
      payload: { message: 'Resposta da equipe ao atendimento.' },
    }),
    invalid: (w) => ({
      url: `/api/admin/support/tickets/${w.anaTicket.id}/messages`,
      payload: { message: 'x' },
    }),
  },
  'PATCH /api/admin/support/tickets/:id': {
    section: 'suporte',
    ok: 200,
    request: (w) => ({
      url: `/api/admin/support/tickets/${w.anaTicket.id}`,
      payload: { status: ticketStatus() },
    }),
    invalid: (w) => ({
      url: `/api/admin/support/tickets/${w.anaTicket.id}`,
      payload: { status: 'pendurado' },
    }),
  },
  'GET /api/admin/notificacoes': {
    section: 'notificacoes',
    ok: 200,
    request: () => ({ url: '/api/admin/notificacoes' }),
    invalid: () => ({ url: '/api/admin/notificacoes?page=0' }),
  },
  'GET /api/admin/notificacoes/destinatarios': {
    section: 'notificacoes',
    ok: 200,
    request: () => ({ url: '/api/admin/notificacoes/destinatarios?q=ana' }),
    invalid: () => ({ url: '/api/admin/notificacoes/destinatarios?q=a' }),
  },
  'GET /api/admin/notificacoes/alcance': {
    section: 'notificacoes',
    ok: 200,
    request: () => ({ url: '/api/admin/notificacoes/alcance?segment=cliente' }),
    invalid: () => ({ url: '/api/admin/notificacoes/alcance?segment=ninguem' }),
  },
  'POST /api/admin/notificacoes': {
    section: 'notificacoes',
    ok: 201,
    request: (w) => ({
      url: '/api/admin/notificacoes',
      payload: { segment: 'usuario', user_id: w.ana.id, title: 'Aviso da equipe' },
    }),
    invalid: () => ({ url: '/api/admin/notificacoes', payload: { segment: 'alguns', title: '' } }),
  },
  'GET /api/admin/emails-agendados': {
    section: 'email-agendados',
    ok: 200,
    request: () => ({ url: '/api/admin/emails-agendados' }),
    invalid: () => ({ url: '/api/admin/emails-agendados?page=0' }),
  },
  'POST /api/admin/emails-agendados': {
    section: 'email-agendados',
    ok: 201,
    request: () => ({ url: '/api/admin/emails-agendados', payload: scheduledBody() }),
    invalid: () => ({
      url: '/api/admin/emails-agendados',
      payload: { ...scheduledBody(), send_at: 'amanhã' },
    }),
  },
  'PUT /api/admin/emails-agendados/:id': {
    section: 'email-agendados',
    ok: 200,
    request: (w) => ({ url: `/api/admin/emails-agendados/${w.scheduled.id}`, payload: scheduledBody() }),
    invalid: (w) => ({
      url: `/api/admin/emails-agendados/${w.scheduled.id}`,
      payload: { ...scheduledBody(), segment: 'usuario' },
    }),
  },
  'POST /api/admin/emails-agendados/:id/cancelar': {
    section: 'email-agendados',
    ok: 200,
    request: (w) => ({ url: `/api/admin/emails-agendados/${w.scheduledToCancel.id}/cancelar` }),
    invalid: () => ({ url: '/api/admin/emails-agendados/nao-e-um-uuid/cancelar' }),
  },
  'GET /api/admin/usuarios/:id': {
    section: 'usuarios',
    ok: 200,
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}` }),
    invalid: () => ({ url: '/api/admin/usuarios/nao-e-um-uuid' }),
  },
  'PUT /api/admin/usuarios/:id/papel': {
    section: 'usuarios',
    ok: 200,
    request: (w) => ({
      url: `/api/admin/usuarios/${w.alvo.id}/papel`,
      payload: { tipo_usuario: 'operador' },
    }),
    invalid: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}/papel`, payload: { tipo_usuario: 'dono' } }),
  },
  'GET /api/admin/usuarios/:id/limites-pedido': {
    section: 'usuarios',
    ok: 200,
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}/limites-pedido` }),
    invalid: () => ({ url: '/api/admin/usuarios/nao-e-um-uuid/limites-pedido' }),
  },
  'PUT /api/admin/usuarios/:id/limites-pedido': {
    section: 'usuarios',
    ok: 200,
    request: (w) => ({
      url: `/api/admin/usuarios/${w.alvo.id}/limites-pedido`,
      payload: { liberado: true },
    }),
    invalid: (w) => ({
      url: `/api/admin/usuarios/${w.alvo.id}/limites-pedido`,
      payload: { liberado: 'sim' },
    }),
  },
  'POST /api/admin/usuarios/:id/bloquear': {
    section: 'usuarios',
    ok: 200,
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}/bloquear` }),
    invalid: () => ({ url: '/api/admin/usuarios/nao-e-um-uuid/bloquear' }),
  },
  'POST /api/admin/usuarios/:id/desbloquear': {
    section: 'usuarios',
    ok: 200,
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}/desbloquear` }),
    invalid: () => ({ url: '/api/admin/usuarios/nao-e-um-uuid/desbloquear' }),
  },
  'POST /api/admin/usuarios/:id/reenviar-confirmacao': {
    section: 'usuarios',
    ok: 200,
    request: (w) => ({ url: `/api/admin/usuarios/${w.novo.id}/reenviar-confirmacao` }),
    invalid: () => ({ url: '/api/admin/usuarios/nao-e-um-uuid/reenviar-confirmacao' }),
  },
  'GET /api/admin/produtos': {
    section: 'produtos',
    ok: 200,
    request: () => ({ url: '/api/admin/produtos?q=outdoor&type=outdoor&sort=name&dir=asc' }),
    invalid: () => ({ url: '/api/admin/produtos?sort=senha' }),
  },
  'GET /api/admin/produtos/:id': {
    section: 'produtos',
    ok: 200,
    request: (w) => ({ url: `/api/admin/produtos/${w.other.id}` }),
    invalid: () => ({ url: '/api/admin/produtos/nao-e-um-uuid' }),
  },
  'POST /api/admin/produtos': {
    section: 'produtos',
    ok: 201,
    request: () => ({ url: '/api/admin/produtos', payload: productPayload('Painel da Matriz') }),
    invalid: () => ({ url: '/api/admin/produtos', payload: { ...productPayload(), daily_price: -1 } }),
  },
  'PUT /api/admin/produtos/:id': {
    section: 'produtos',
    ok: 200,
    request: (w) => ({ url: `/api/admin/produtos/${w.other.id}`, payload: productPayload() }),
    invalid: (w) => ({
      url: `/api/admin/produtos/${w.other.id}`,
      payload: { ...productPayload(), state: 'XX' },
    }),
  },
  'PUT /api/admin/produtos/:id/status': {
    section: 'produtos',
    ok: 200,
    request: (w) => ({
      url: `/api/admin/produtos/${w.other.id}/status`,
      payload: { status: productStatus() },
    }),
    invalid: (w) => ({ url: `/api/admin/produtos/${w.other.id}/status`, payload: { status: 'apagado' } }),
  },
  'POST /api/admin/produtos/:id/fotos': {
    section: 'produtos',
    ok: 201,
    request: (w) => ({
      url: `/api/admin/produtos/${w.other.id}/fotos`,
      headers: { 'content-type': 'image/png' },
      payload: w.image,
    }),
    invalid: (w) => ({
      url: `/api/admin/produtos/${w.other.id}/fotos`,
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('nao e uma imagem'),
    }),
  },
  'PUT /api/admin/produtos/:id/fotos/ordem': {
    section: 'produtos',
    ok: 200,
    request: (w) => ({ url: `/api/admin/produtos/${w.product.id}/fotos/ordem`, payload: { order: [] } }),
    invalid: (w) => ({ url: `/api/admin/produtos/${w.product.id}/fotos/ordem`, payload: { order: ['x'] } }),
  },
  'DELETE /api/admin/produtos/:id/fotos/:photoId': {
    section: 'produtos',
    // Past the guard, a photo that is not there is not found.
    ok: 404,
    request: (w) => ({ url: `/api/admin/produtos/${w.product.id}/fotos/${randomUUID()}` }),
    invalid: (w) => ({ url: `/api/admin/produtos/${w.product.id}/fotos/nao-e-um-uuid` }),
  },
  'GET /api/admin/cupons': {
    section: 'cupons',
    ok: 200,
    request: () => ({ url: '/api/admin/cupons?status=ativo&sort=uses' }),
    invalid: () => ({ url: '/api/admin/cupons?status=talvez' }),
  },
  'GET /api/admin/cupons/:id': {
    section: 'cupons',
    ok: 200,
    request: (w) => ({ url: `/api/admin/cupons/${w.coupon.id}` }),
    invalid: () => ({ url: '/api/admin/cupons/nao-e-um-uuid' }),
  },
  'POST /api/admin/cupons': {
    section: 'cupons',
    ok: 201,
    request: () => ({ url: '/api/admin/cupons', payload: couponPayload() }),
    invalid: () => ({ url: '/api/admin/cupons', payload: { code: 'X', kind: 'percentual', value: 500 } }),
  },
  'PUT /api/admin/cupons/:id': {
    section: 'cupons',
    ok: 200,
    request: (w) => ({
      url: `/api/admin/cupons/${w.coupon.id}`,
      payload: { code: 'MATRIZ', kind: 'valor', value: couponValue() },
    }),
    invalid: (w) => ({
      url: `/api/admin/cupons/${w.coupon.id}`,
      payload: { code: 'MATRIZ', kind: 'valor', value: 0 },
    }),
  },
  'GET /api/admin/relatorios': {
    section: 'relatorios',
    ok: 200,
    request: () => ({ url: '/api/admin/relatorios?from=2026-01-01&to=2026-12-31' }),
    invalid: () => ({ url: '/api/admin/relatorios?from=2026-13-45' }),
  },
  'GET /api/admin/relatorios/csv': {
    section: 'relatorios',
    ok: 200,
    request: () => ({ url: '/api/admin/relatorios/csv?tabela=ocupacao' }),
    invalid: () => ({ url: '/api/admin/relatorios/csv?tabela=senhas' }),
  },
  'GET /api/admin/email-logs': {
    section: 'email-logs',
    ok: 200,
    request: () => ({ url: '/api/admin/email-logs?status=registrado' }),
    invalid: () => ({ url: '/api/admin/email-logs?status=lido' }),
  },
  'GET /api/admin/email-logs/:id': {
    section: 'email-logs',
    ok: 200,
    request: (w) => ({ url: `/api/admin/email-logs/${w.email.id}` }),
    invalid: () => ({ url: '/api/admin/email-logs/nao-e-um-uuid' }),
  },
  'POST /api/admin/email-logs/:id/reenviar': {
    section: 'email-logs',
    ok: 201,
    request: (w) => ({ url: `/api/admin/email-logs/${w.email.id}/reenviar` }),
    invalid: () => ({ url: '/api/admin/email-logs/nao-e-um-uuid/reenviar' }),
  },
  'GET /api/admin/inventario': {
    section: 'inventario',
    ok: 200,
    request: () => ({ url: '/api/admin/inventario?semanas=12&tipo=outdoor' }),
    invalid: () => ({ url: '/api/admin/inventario?semanas=99' }),
  },
  'GET /api/admin/inventario/celula': {
    section: 'inventario',
    ok: 200,
    request: (w) => ({
      url: `/api/admin/inventario/celula?torre=${w.inventory.towerId}&de=${START}&ate=${addDays(START, 7)}`,
    }),
    invalid: () => ({ url: '/api/admin/inventario/celula?torre=x&de=ontem&ate=hoje' }),
  },
  'GET /api/admin/inventario/clientes': {
    section: 'inventario',
    ok: 200,
    request: () => ({ url: '/api/admin/inventario/clientes?q=ana' }),
    invalid: () => ({ url: `/api/admin/inventario/clientes?q=${'a'.repeat(300)}` }),
  },
  'POST /api/admin/inventario/bloqueios': {
    section: 'inventario',
    ok: 201,
    // A different week each call: two blocks of the same week would meet the slot guard.
    request: (w) => ({
      url: '/api/admin/inventario/bloqueios',
      payload: {
        tower_ids: [w.inventory.towerId],
        start_date: addDays(START, 7 * (10 + ++blockWeek)),
        weeks: 1,
        reason: 'Manutenção preventiva',
      },
    }),
    invalid: (w) => ({
      url: '/api/admin/inventario/bloqueios',
      payload: { tower_ids: [w.inventory.towerId], start_date: START, weeks: 0, reason: '' },
    }),
  },
  'POST /api/admin/inventario/reservas': {
    section: 'inventario',
    ok: 201,
    request: (w) => ({
      url: '/api/admin/inventario/reservas',
      payload: {
        customer_id: w.ana.id,
        tower_ids: [w.inventory.towerId],
        start_date: START,
        weeks: 1,
        expires_on: todayInBrasilia(),
      },
    }),
    invalid: (w) => ({
      url: '/api/admin/inventario/reservas',
      payload: { customer_id: 'x', tower_ids: [w.inventory.towerId], start_date: START, weeks: 1 },
    }),
  },
  'POST /api/admin/inventario/reservas/:id/liberar': {
    section: 'inventario',
    ok: 200,
    request: (w) => ({ url: `/api/admin/inventario/reservas/${w.holdsToRelease.pop()}/liberar` }),
    invalid: () => ({ url: '/api/admin/inventario/reservas/nao-e-um-uuid/liberar' }),
  },
  'GET /api/admin/propostas': {
    section: 'propostas',
    ok: 200,
    request: () => ({ url: '/api/admin/propostas?status=rascunho&q=ana' }),
    invalid: () => ({ url: '/api/admin/propostas?status=talvez' }),
  },
  'POST /api/admin/propostas': {
    section: 'propostas',
    ok: 201,
    request: () => ({ url: '/api/admin/propostas', payload: proposalBody() }),
    invalid: () => ({ url: '/api/admin/propostas', payload: { ...proposalBody(), items: [] } }),
  },
  'GET /api/admin/propostas/:id': {
    section: 'propostas',
    ok: 200,
    request: (w) => ({ url: `/api/admin/propostas/${w.proposal}` }),
    invalid: () => ({ url: '/api/admin/propostas/nao-e-um-uuid' }),
  },
  'GET /api/admin/propostas/:id/pdf': {
    section: 'propostas',
    ok: 200,
    request: (w) => ({ url: `/api/admin/propostas/${w.proposal}/pdf` }),
    invalid: () => ({ url: '/api/admin/propostas/nao-e-um-uuid/pdf' }),
  },
  'POST /api/admin/propostas/:id/enviar': {
    section: 'propostas',
    ok: 200,
    request: (w) => ({ url: `/api/admin/propostas/${w.proposal}/enviar` }),
    invalid: () => ({ url: '/api/admin/propostas/nao-e-um-uuid/enviar' }),
  },
  'POST /api/admin/propostas/:id/cancelar': {
    section: 'propostas',
    ok: 200,
    request: (w) => ({ url: `/api/admin/propostas/${w.proposalsToCancel.pop()}/cancelar` }),
    invalid: () => ({ url: '/api/admin/propostas/nao-e-um-uuid/cancelar' }),
  },
  'GET /api/admin/logs': {
    section: 'logs',
    ok: 200,
    request: () => ({ url: '/api/admin/logs?action=login&kind=acesso' }),
    invalid: () => ({ url: '/api/admin/logs?from=ontem' }),
  },
};
const auditCount = async () => (await database.db.select({ n: count() }).from(auditLog))[0]!.n;

const expectedByAccess: Record<'staff' | 'admin', Record<Role, 'ok' | 401 | 403>> = {
  staff: { anonimo: 401, cliente: 403, admin_fora_da_lista: 403, operador: 'ok', admin: 'ok' },
  admin: { anonimo: 401, cliente: 403, admin_fora_da_lista: 403, operador: 403, admin: 'ok' },
};

describe('V4.1 matriz de papéis', () => {
  it('URB-SEC-06 a tabela lista exatamente as rotas /api/admin (enumeradas do app)', () => {
    const found = listRoutes(ctx.app)
      .filter((r) => r.url.startsWith('/api/admin'))
      .map(routeKey)
      .sort();
    expect(found).toEqual(Object.keys(adminRoutes).sort());
  });

  it('URB-SEC-06 a matriz esperada é a de permissions.ts', () => {
    const adminList = ADMIN_EMAILS.split(',');
    for (const { section } of Object.values(adminRoutes)) {
      const expected = expectedByAccess[adminSections[section]];
      for (const [role, { subject }] of Object.entries(roles) as Array<[Role, (typeof roles)[Role]]>) {
        if (!subject) continue;
        expect(canUseAdminSection(subject, section, adminList), `${role} em ${section}`).toBe(
          expected[role] === 'ok',
        );
      }
    }
  });

  const cases = Object.entries(adminRoutes).flatMap(([key, route]) =>
    (Object.keys(roles) as Role[]).map((role) => [key, role, route] as const),
  );
  it.each(cases)('V4.1.1 / V4.1.5 %s como %s (também com entrada inválida)', async (key, role, route) => {
    const expected = expectedByAccess[adminSections[route.section]][role];
    const send = (req: Req) =>
      inject(ctx, {
        ...req,
        method: methodOf(key),
        cookie: roles[role].who(w)?.cookie,
      });
    const auditedBefore = await auditCount();
    const res = await send(route.request(w));
    const invalid = route.invalid ? await send(route.invalid(w)) : null;
    if (expected === 'ok') {
      expect(res.statusCode, res.body).toBe(route.ok);
      // Every staff action that changes something leaves an audit entry (docs/decisions/017).
      if (methodOf(key) !== 'GET' && res.statusCode < 300) {
        expect(await auditCount(), `${key} sem registro de auditoria`).toBeGreaterThan(auditedBefore);
      }
      if (invalid) {
        expect(invalid.statusCode).toBe(400);
        expectMessageOnly(invalid);
      }
    } else {
      const message = expected === 401 ? httpMessages.unauthenticated : httpMessages.forbidden;
      expect(res.statusCode).toBe(expected);
      expectMessageOnly(res, message);
      // V4.1.5: refused the same way whatever the input (no validation detail before access).
      if (invalid) {
        expect(invalid.statusCode).toBe(expected);
        expectMessageOnly(invalid, message);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// V5.1.2: mass assignment
// ---------------------------------------------------------------------------------------------

const forged = () => ({
  id: randomUUID(),
  user_id: w.ana.id,
  tipo_usuario: 'admin',
  role: 'admin',
  is_admin: true,
  is_staff: true,
  permissoes: { can_access_dashboard: true, can_manage_campaigns: true, can_view_analytics: true },
  status: 'pago',
  preco: 1,
  price: 1,
  daily_price: 1,
  subtotal: 1,
  discount: 999_999,
  total: 1,
  total_centavos: 1,
  paid_at: new Date().toISOString(),
  email_confirmed_at: new Date().toISOString(),
  blocked_at: null,
  created_at: '2000-01-01T00:00:00.000Z',
});

describe('V5.1.2 atribuição em massa', () => {
  it('V5.1.2 cadastro: tipo_usuario/role/id enviados são ignorados; a conta nasce cliente e não confirmada', async () => {
    // An e-mail on ADMIN_EMAILS: only the role would be missing to make it admin.
    const extra = forged();
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        ...extra,
        email: 'diretoria@urbana.com.br',
        password: 'Outdoor-na-L2-2026',
        nome_completo: 'Diretoria Forjada',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ tipo_usuario: 'cliente', is_admin: false, is_staff: false });
    const [row] = await database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'diretoria@urbana.com.br'));
    expect(row).toMatchObject({ tipo_usuario: 'cliente', email_confirmed_at: null });
    expect(row!.id).not.toBe(extra.id);
    expect(row!.created_at.getFullYear()).toBeGreaterThan(2000);
  });

  it('V5.1.2 perfil: só nome, empresa e telefone mudam', async () => {
    const extra = forged();
    const res = await inject(ctx, {
      method: 'PATCH',
      url: '/api/profile',
      cookie: w.bruno.cookie,
      payload: { ...extra, email: 'outro@exemplo.com.br', nome_completo: 'Bruno Lima', empresa: 'Lima ME' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await database.db.select().from(profiles).where(eq(profiles.id, w.bruno.id));
    expect(row).toMatchObject({
      email: w.bruno.email,
      tipo_usuario: 'cliente',
      empresa: 'Lima ME',
      blocked_at: null,
    });
    expect(res.json()).toMatchObject({ id: w.bruno.id, is_admin: false, is_staff: false });
    const [other] = await database.db.select().from(profiles).where(eq(profiles.id, extra.id));
    expect(other).toBeUndefined();
  });

  it('V5.1.2 cadastro de faturamento: grava para quem chama, nunca para o user_id enviado', async () => {
    const anaBefore = await database.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.user_id, w.ana.id));
    const res = await inject(ctx, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie: w.bruno.cookie,
      payload: { ...forged(), ...billing, name: 'Bruno Lima' },
    });
    expect(res.statusCode).toBe(200);
    const anaAfter = await database.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.user_id, w.ana.id));
    expect(anaAfter).toEqual(anaBefore);
    const [own] = await database.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.user_id, w.bruno.id));
    expect(own!.name).toBe('Bruno Lima');
  });

  it('V5.1.2 carrinho: campos desconhecidos não são gravados; o carrinho é de quem chama', async () => {
    const anaBefore = await database.db.select().from(userCart).where(eq(userCart.user_id, w.ana.id));
    const res = await inject(ctx, {
      method: 'PUT',
      url: '/api/cart',
      cookie: w.bruno.cookie,
      payload: { user_id: w.ana.id, products: [{ ...forged(), id: 'item-do-bruno', name: 'Outdoor' }] },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await database.db.select().from(userCart).where(eq(userCart.user_id, w.bruno.id));
    const stored = (row!.products as Array<Record<string, unknown>>)[0]!;
    for (const field of [
      'preco',
      'price',
      'total_centavos',
      'status',
      'user_id',
      'tipo_usuario',
      'role',
      'paid_at',
    ])
      expect(stored, field).not.toHaveProperty(field);
    expect(stored.id).toBe('item-do-bruno');
    expect(await database.db.select().from(userCart).where(eq(userCart.user_id, w.ana.id))).toEqual(
      anaBefore,
    );
  });

  it('V5.1.2 orçamento e pedido: preço, total, status, dono e id são do servidor', async () => {
    const item = { product_id: w.other.id, start_date: START, weeks: 1, tower_ids: [], ...forged() };
    const body = { ...forged(), items: [item], payment_method: 'pix' };
    const serverTotal = 8_000 * 7;
    const quote = await inject(ctx, { method: 'POST', url: '/api/checkout/quote', payload: body });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ total: serverTotal, discount: 0 });
    const placed = await inject(ctx, {
      method: 'POST',
      url: '/api/orders',
      cookie: w.bruno.cookie,
      headers: { 'idempotency-key': `atribuicao-em-massa-${Date.now()}` },
      payload: body,
    });
    expect(placed.statusCode).toBe(201);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, placed.json().id));
    expect(row).toMatchObject({
      user_id: w.bruno.id,
      status: 'aguardando_pagamento',
      subtotal: serverTotal,
      discount: 0,
      total: serverTotal,
      paid_at: null,
    });
    expect(row!.id).not.toBe(body.id);
  });

  it('URB-SEC-09 o nome do cadastro vai escapado no HTML do email', async () => {
    const email = 'nome-com-html@exemplo.com.br';
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: 'Outdoor-na-L2-2026', nome_completo: '<img src=x onerror="alert(1)"> Ana' },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await database.db.select().from(emailLog).where(eq(emailLog.to_email, email));
    expect(mail!.body_html).not.toContain('<img src=x');
    expect(mail!.body_html).toContain('&#60;img src=x onerror=&#34;alert(1)&#34;&#62;');
  });
});

// ---------------------------------------------------------------------------------------------
// V2.2.1: rate limits and spoofed X-Forwarded-For
// ---------------------------------------------------------------------------------------------

describe('V2.2.1 limites por IP com X-Forwarded-For falsificado', () => {
  const small = { signIn: { max: 3, timeWindow: 60_000 } };
  const attempt = (app: TestContext, remoteAddress: string, xff?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress,
      headers: xff ? { 'x-forwarded-for': xff } : {},
      payload: { email: `ninguem-${randomUUID()}@exemplo.com.br`, password: 'qualquer-senha-1' },
    });

  let direct: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    direct = await createTestApp({ database, rateLimits: small });
    proxied = await createTestApp({
      database,
      rateLimits: small,
      config: testConfig({ TRUST_PROXY: '10.0.0.1' }),
    });
    apps.push(direct, proxied);
  });

  it('URB-SEC-07 sem TRUST_PROXY, trocar o X-Forwarded-For a cada tentativa não escapa do limite de entrada', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await attempt(direct, '192.0.2.10', `203.0.113.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const res = await attempt(direct, '192.0.2.10', '203.0.113.200');
    expect(res.statusCode).toBe(429);
    expectMessageOnly(res, signInErrors.tooManyRequests);
    // Another real client is not affected.
    expect((await attempt(direct, '192.0.2.11')).statusCode).toBe(401);
  });

  it('URB-SEC-08 com TRUST_PROXY, o X-Forwarded-For de quem não é o proxy não vale', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await attempt(proxied, '192.0.2.20', `198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('URB-SEC-08 atrás do proxy confiável, vale o cliente que o proxy viu, não o que o cliente inventou', async () => {
    const codes: number[] = [];
    // The client forges the left part; the proxy appends the address it saw (198.51.100.77).
    for (let i = 0; i < 4; i++)
      codes.push((await attempt(proxied, '10.0.0.1', `203.0.113.${i}, 198.51.100.77`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    // A different real client behind the same proxy has its own count.
    expect((await attempt(proxied, '10.0.0.1', '198.51.100.78')).statusCode).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------
// V14.4: security headers
// ---------------------------------------------------------------------------------------------

const headerCases: Array<[label: string, req: (w: World) => InjectOptions, status: number, type: RegExp]> = [
  ['página HTML (/)', () => ({ method: 'GET', url: '/' }), 200, /^text\/html/],
  [
    'página HTML do app (/buscar-locais)',
    () => ({ method: 'GET', url: '/buscar-locais' }),
    200,
    /^text\/html/,
  ],
  ['página HTML inexistente', () => ({ method: 'GET', url: '/nao-existe' }), 404, /^text\/html/],
  [
    'arquivo estático (/assets/…js)',
    () => ({ method: 'GET', url: '/assets/app-3f2a1b.js' }),
    200,
    /javascript/,
  ],
  ['documentação da API (HTML)', () => ({ method: 'GET', url: '/api/docs' }), 200, /^text\/html/],
  ['resposta JSON da API', () => ({ method: 'GET', url: '/api/health' }), 200, /^application\/json/],
  [
    'foto do catálogo',
    (w) => ({ method: 'GET', url: `/api/arquivos/catalogo/${w.photo}` }),
    200,
    /^image\/webp/,
  ],
  ['erro 404 da API', () => ({ method: 'GET', url: '/api/nao-existe' }), 404, /^application\/json/],
  ['erro 400 de validação', () => ({ method: 'GET', url: '/api/places?q=' }), 400, /^application\/json/],
  ['erro 401', () => ({ method: 'GET', url: '/api/profile' }), 401, /^application\/json/],
  [
    'erro 403 de outro site',
    () => ({ method: 'POST', url: '/api/auth/sign-out', headers: { 'sec-fetch-site': 'cross-site' } }),
    403,
    /^application\/json/,
  ],
  [
    'erro de URL malformada',
    () => ({ method: 'GET', url: '/api/orders/%E0%A4%A' }),
    400,
    /^application\/json/,
  ],
  [
    'erro 415',
    () => ({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    }),
    415,
    /^application\/json/,
  ],
];

describe('V14.4 cabeçalhos de segurança', () => {
  it.each(headerCases)('V14.4.3–V14.4.7 %s', async (_label, req, status, type) => {
    const res = await ctx.app.inject(req(w));
    expect(res.statusCode).toBe(status);
    expect(String(res.headers['content-type'])).toMatch(type);
    const csp = cspDirectives(res.headers['content-security-policy']);
    expect(csp.size, 'Content-Security-Policy').toBeGreaterThan(0);
    const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
    expect(scriptSrc, 'script-src (ou default-src)').toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src-attr') ?? []).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toMatch(
      /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
    );
    // Plain http (tests): no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['resposta JSON', { method: 'GET', url: '/api/health' }],
    ['erro 404', { method: 'GET', url: '/api/nao-existe' }],
    ['erro de URL malformada', { method: 'GET', url: '/api/%zz' }],
  ] as const)(
    'V14.4.5 HSTS em produção com https (%s), ausente em produção com http',
    async (_label, req) => {
      const over = await secure.app.inject(req);
      const hsts = String(over.headers['strict-transport-security'] ?? '');
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain('includeSubDomains');
      const plain = await plainProd.app.inject(req);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    },
  );
});

// ---------------------------------------------------------------------------------------------
// V12 / V13.2.5: files, uploads and request bodies
// ---------------------------------------------------------------------------------------------

const fileTricks = [
  '..%2f..%2fsegredo.txt',
  '..%2fsegredo.txt',
  '%2e%2e%2fsegredo.txt',
  '%2e%2e',
  '..',
  '..%5c..%5csegredo.txt',
  '..\\..\\segredo.txt',
  '%2fetc%2fpasswd',
  '%2Fetc%2Fpasswd',
  '/etc/passwd',
  'C:%5cWindows%5cwin.ini',
  'a%00.webp',
  `${'outdoor-0123456789abcdef.webp'}%00.txt`,
  'outdoor-0123456789abcdef.webp.tipo',
  '.tipo',
  '%252e%252e%252fsegredo.txt',
  '....%2f%2fsegredo.txt',
  '..%c0%afsegredo.txt',
];

describe('V12 arquivos e corpos de requisição', () => {
  it.each(fileTricks)('V12.3.1 /api/arquivos/catalogo/%s → 4xx, nunca um arquivo de fora', async (name) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/arquivos/catalogo/${name}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('root:');
    expectMessageOnly(res);
  });

  it('V12.5.2 uma foto real vem com o tipo certo, nosniff e inline', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/arquivos/catalogo/${w.photo}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${w.photo}"`);
    expect(res.rawPayload.equals(PHOTO)).toBe(true);
  });

  const keys: Array<[key: string, safe: boolean]> = [
    ['catalogo/outdoor-0123.webp', true],
    ['midias/2026/04/criativo-1.png', true],
    ['../fora.txt', false],
    ['catalogo/../../segredo.txt', false],
    ['catalogo/..', false],
    ['/etc/passwd', false],
    ['catalogo//x.webp', false],
    ['catalogo\\..\\x', false],
    ['catalogo/x\0.webp', false],
    ['catalogo/%2e%2e/x', false],
    ['Catalogo/X.webp', false],
    ['.tipo', false],
    ['', false],
    [`catalogo/${'a'.repeat(400)}`, false],
    ['catalogo/x.webp\n', false],
    ['c:/windows/win.ini', false],
  ];
  it.each(keys)('V12.3.1 assertSafeKey(%j) → segura: %s', async (key, safe) => {
    if (safe) expect(() => assertSafeKey(key)).not.toThrow();
    else expect(() => assertSafeKey(key)).toThrow('chave de arquivo inválida');
    if (!safe) {
      // Every storage operation checks it before touching the disk.
      const storage: Storage = new LocalStorage(path.join(folders.dataDir, 'arquivos'));
      await expect(storage.get(key)).rejects.toThrow('chave de arquivo inválida');
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        'chave de arquivo inválida',
      );
      await expect(storage.delete(key)).rejects.toThrow('chave de arquivo inválida');
    }
  });

  it('V12.3.1 nada foi escrito nem apagado fora da pasta', async () => {
    expect(await readFile(path.join(folders.dataDir, 'segredo.txt'), 'utf8')).toBe(SECRET);
    expect(await readFile(path.join(folders.root, 'segredo.txt'), 'utf8')).toBe(SECRET);
  });

  it.each([
    ['JSON acima de 1 MiB', 'POST', '/api/checkout/quote', 1024 * 1024 + 10],
    ['carrinho acima de 512 KiB', 'PUT', '/api/cart', 512 * 1024 + 10],
  ] as const)('V12.1.1 %s → 413 em português', async (_label, method, url, size) => {
    const payload = JSON.stringify({ products: [{ id: 'x', name: 'a'.repeat(size) }] });
    const res = await inject(ctx, {
      method,
      url,
      cookie: w.bruno.cookie,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expectMessageOnly(res, httpMessages.payloadTooLarge);
  });

  it.each([
    ['text/plain', 'email=a@b.com&password=x'],
    ['application/x-www-form-urlencoded', 'email=a%40b.com&password=x'],
    ['application/xml', '<login><email>a@b.com</email></login>'],
    ['text/html', '<form></form>'],
    [
      'multipart/form-data; boundary=urbana',
      '--urbana\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.com\r\n--urbana--\r\n',
    ],
    [
      'multipart/form-data; boundary=urbana',
      '--urbana\r\nContent-Disposition: form-data; name="arquivo"; filename="../../x.php"\r\nContent-Type: application/x-php\r\n\r\n<?php ?>\r\n--urbana--\r\n',
    ],
  ])('V13.2.5 Content-Type %s numa rota JSON → 415 em português', async (type, payload) => {
    for (const [method, url, cookie] of [
      ['POST', '/api/auth/sign-in', undefined],
      ['PUT', '/api/billing-profile', w.bruno.cookie],
      ['PATCH', '/api/profile', w.bruno.cookie],
    ] as const) {
      const res = await inject(ctx, { method, url, cookie, headers: { 'content-type': type }, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(415);
      expectMessageOnly(res, httpMessages.unsupportedMediaType);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// V7.4.1 / V14.3.2: errors never reveal internals
// ---------------------------------------------------------------------------------------------

const SQLI = "' OR 1=1--";
const q = encodeURIComponent;
const malformed: Array<
  [label: string, req: (w: World) => Req & { method: InjectOptions['method'] }, status: number]
> = [
  [
    'JSON quebrado',
    () => ({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    }),
    400,
  ],
  [
    'JSON vazio',
    () => ({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '',
    }),
    400,
  ],
  [
    'corpo que não é objeto',
    () => ({ method: 'POST', url: '/api/auth/sign-in', payload: [1, 2] as unknown as string }),
    400,
  ],
  [
    'tipos errados',
    () => ({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 42, password: { $ne: null } } }),
    400,
  ],
  [
    '__proto__ no corpo',
    () => ({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true},"email":"a@b.com","password":"x"}',
    }),
    400,
  ],
  [
    'semanas enorme',
    (w) => ({
      method: 'POST',
      url: '/api/checkout/quote',
      payload: { items: [{ product_id: w.product.id, start_date: START, weeks: 1e308, tower_ids: [] }] },
    }),
    400,
  ],
  [
    'semanas além do JSON seguro',
    (w) => ({
      method: 'POST',
      url: '/api/checkout/quote',
      headers: { 'content-type': 'application/json' },
      payload: `{"items":[{"product_id":"${w.product.id}","start_date":"${START}","weeks":99999999999999999999999,"tower_ids":[]}]}`,
    }),
    400,
  ],
  [
    'data impossível',
    (w) => ({
      method: 'POST',
      url: '/api/checkout/quote',
      payload: { items: [{ product_id: w.product.id, start_date: '2026-02-31', weeks: 1, tower_ids: [] }] },
    }),
    400,
  ],
  [
    'preço mínimo enorme na busca',
    () => ({ method: 'GET', url: '/api/search?local=Bras%C3%ADlia&preco_min=9007199254740991' }),
    400,
  ],
  [
    'preço máximo enorme na busca',
    () => ({ method: 'GET', url: '/api/search?local=Bras%C3%ADlia&preco_max=99999999999999' }),
    400,
  ],
  [
    'página enorme na busca',
    () => ({ method: 'GET', url: '/api/search?local=Bras%C3%ADlia&pagina=1e400' }),
    400,
  ],
  [
    'limites do mapa absurdos',
    () => ({ method: 'GET', url: '/api/search?norte=1e300&sul=-1e300&leste=1e300&oeste=-1e300' }),
    400,
  ],
  ['limite enorme nas cidades', () => ({ method: 'GET', url: '/api/places?q=bras&limite=1e400' }), 400],
  [
    'semanas enorme no produto',
    (w) => ({ method: 'GET', url: `/api/products/${w.product.slug}?semanas=99999999999999999999` }),
    400,
  ],
  ['SQL na busca por local', () => ({ method: 'GET', url: `/api/search?local=${q(SQLI)}` }), 400],
  ['SQL no autocompletar', () => ({ method: 'GET', url: `/api/places?q=${q(SQLI)}` }), 200],
  [
    'SQL nos ids de produtos',
    () => ({ method: 'GET', url: `/api/products?ids=${q(`${SQLI},1;DROP TABLE products`)}` }),
    200,
  ],
  ['SQL no slug', () => ({ method: 'GET', url: `/api/products/${q(SQLI)}` }), 404],
  [
    'SQL no status dos pedidos',
    (w) => ({ method: 'GET', url: `/api/orders?status=${q(SQLI)}`, cookie: w.ana.cookie }),
    400,
  ],
  [
    'SQL no id do pedido',
    (w) => ({ method: 'GET', url: `/api/orders/${q(SQLI)}`, cookie: w.ana.cookie }),
    400,
  ],
  [
    'SQL no favorito',
    (w) => ({ method: 'PUT', url: `/api/favorites/${q(SQLI)}`, cookie: w.ana.cookie }),
    404,
  ],
  [
    'SQL no cupom',
    (w) => ({
      method: 'POST',
      url: '/api/checkout/quote',
      payload: {
        coupon_code: SQLI,
        items: [{ product_id: w.product.id, start_date: START, weeks: 1, tower_ids: [] }],
      },
    }),
    200,
  ],
  [
    'SQL na busca de usuários (admin)',
    (w) => ({ method: 'GET', url: `/api/admin/usuarios?q=${q(`%${SQLI}`)}`, cookie: w.admin.cookie }),
    200,
  ],
  [
    'SQL no email de entrada',
    () => ({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: `a@b.com${SQLI}`, password: SQLI },
    }),
    400,
  ],
  [
    'id de pedido que não é uuid',
    (w) => ({ method: 'GET', url: '/api/orders/123', cookie: w.ana.cookie }),
    400,
  ],
  [
    'id de pedido desconhecido',
    (w) => ({ method: 'GET', url: `/api/orders/${randomUUID()}/pix`, cookie: w.ana.cookie }),
    404,
  ],
  [
    'id de produto desconhecido no orçamento',
    (w) => ({
      method: 'POST',
      url: '/api/checkout/quote',
      cookie: w.ana.cookie,
      payload: { items: [{ product_id: randomUUID(), start_date: START, weeks: 1, tower_ids: [] }] },
    }),
    409,
  ],
  [
    'id de torre que não é uuid',
    (w) => ({
      method: 'POST',
      url: '/api/checkout/quote',
      payload: {
        items: [{ product_id: w.product.id, start_date: START, weeks: 1, tower_ids: ['nao-e-uuid'] }],
      },
    }),
    400,
  ],
  [
    'Idempotency-Key ausente',
    (w) => ({ method: 'POST', url: '/api/orders', cookie: w.ana.cookie, payload: { items: [] } }),
    400,
  ],
  ['URL malformada', () => ({ method: 'GET', url: '/api/%zz' }), 400],
  ['URL malformada em rota com parâmetro', () => ({ method: 'GET', url: '/api/orders/%E0%A4%A' }), 400],
  ['rota inexistente', () => ({ method: 'GET', url: '/api/nao-existe' }), 404],
  ['método inexistente', () => ({ method: 'DELETE', url: '/api/health' }), 404],
  [
    'token de confirmação enorme',
    () => ({ method: 'POST', url: '/api/auth/confirm-email', payload: { token: 'x'.repeat(5000) } }),
    400,
  ],
];

describe('V7.4.1 / V14.3.2 erros sem detalhes internos', () => {
  it.each(malformed)('V7.4.1 / V5.3.4 %s', async (_label, build, status) => {
    const req = build(w);
    const res = await inject(ctx, req);
    expect(res.statusCode, res.body).toBe(status);
    expectNoLeak(res.body);
    if (status >= 400) expectMessageOnly(res);
  });

  it('URB-SEC-11 uma falha inesperada responde a mensagem genérica, sem a mensagem técnica', async () => {
    const failing: Storage = {
      kind: 'local',
      put: async () => {},
      putFile: async () => {},
      delete: async () => {},
      get: async () => {
        const error = new Error(
          'SELECT * FROM products WHERE id = $1 -- postgres at /srv/urbana/node_modules/drizzle-orm/index.js:10',
        );
        throw error;
      },
    };
    const broken = await createTestApp({ database, storage: failing });
    apps.push(broken);
    const res = await broken.app.inject({ method: 'GET', url: `/api/arquivos/catalogo/${w.photo}` });
    expect(res.statusCode).toBe(500);
    expectMessageOnly(res, httpMessages.internal);
  });
});
