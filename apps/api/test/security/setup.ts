/**
 * The security suite's world, shared by the files of this folder (one per area): every table below mirrors a section of docs/security/asvs.md, and each test
 * name starts with the check's id. Routes are enumerated from the app itself, so a new route fails
 * the coverage tests until it is added to the tables (docs/decisions/010-security-suite.md).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { addDays, todayInBrasilia } from '@urbana/shared';
import { companyBilling } from '@urbana/shared/samples';
import {
  fiscalDocuments,
  dataExports,
  emailLog,
  invoices,
  notifications,
  orderItems,
  productPhotos,
  profiles,
  scheduledEmails,
  towers,
  staffInvitations,
} from '../../src/db/schema/index.ts';
import { createTestApp, createTestDatabase, inject, type TestContext } from '../helpers.ts';
import {
  ADMIN_EMAILS,
  billing,
  insertProduct,
  makeFolders,
  person,
  placeOrder,
  START,
  WEBHOOK_SECRET,
  type Person,
} from './world.ts';
import type { Database } from '../../src/db/client.ts';
import type { InjectOptions } from 'fastify';

export let folders: Awaited<ReturnType<typeof makeFolders>>;
export let database: Database & { drop(): Promise<void> };
/** The app as configured in tests, with a built web app and local storage in a temporary folder. */
export let ctx: TestContext;
/** Production over https: Secure __Host- cookies and HSTS. */
export let secure: TestContext;
/** Production over plain http: no HSTS. */
export let plainProd: TestContext;
export const apps: TestContext[] = [];

export interface World {
  ana: Person;
  bruno: Person;
  operador: Person;
  admin: Person;
  /** tipo admin but not on ADMIN_EMAILS: neither admin nor staff (permissions.ts). */
  intruso: Person;
  product: { id: string; slug: string; photo: string };
  other: { id: string; slug: string };
  /** Ana's unpaid order (the IDOR target). */
  anaOrder: { id: string; code: string };
  /** An unpaid order of Ana that staff may confirm in the role matrix. */
  roleOrder: { id: string; code: string };
  /** Bruno's orders for /api/admin/pedidos: unpaid Pix (extend, re-issue, resend), cancelled, refunded. */
  holdOrder: { id: string; code: string };
  closedOrder: { id: string; code: string };
  refundedOrder: { id: string; code: string };
  /** The NFS-e of the refunded order (not issued, then cancelled with it): the fiscal queue's target. */
  fiscalDocument: string;
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
  /**
   * An agency (not Ana's nor Bruno's), its advertiser, with an alphanumeric CNPJ, and an order of that
   * advertiser with its PI (issue #44), placed by Alice, the agency's responsável.
   */
  agency: { id: string; advertiser: string; order: string; alice: Person };
}
export const w = {} as World;

export const PHOTO = Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 foto de teste', 'latin1');

/** Builds the world before the file's tests and closes every app and the database after. */
export function useSecurityWorld() {
  // The world is a few hundred requests and two images: on a busy machine it takes longer than a test.
  beforeAll(buildWorld, 180_000);
  afterAll(async () => {
    for (const app of apps) await app.app.close();
    await database?.drop();
    await folders?.remove();
  });
}

async function buildWorld() {
  folders = await makeFolders();
  database = await createTestDatabase();
  const env = {
    ADMIN_EMAILS,
    PIX_WEBHOOK_SECRET: WEBHOOK_SECRET,
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
  // Products on sale have a photo (issue #40 item 8): the role matrix switches them on and off.
  const photos: string[] = [];
  for (const product of [p, o]) {
    const [photo] = await database.db
      .insert(productPhotos)
      .values({
        product_id: product.id,
        storage_key: `produtos/${product.id}/capa.webp`,
        thumb_key: `produtos/${product.id}/capa-miniatura.webp`,
        width: 1600,
        height: 1200,
      })
      .returning();
    photos.push(photo!.id);
  }
  w.product = { id: p.id, slug: p.slug, photo: photos[0]! };
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
  w.fiscalDocument = (
    await ctx.database.db
      .select({ id: fiscalDocuments.id })
      .from(fiscalDocuments)
      .where(eq(fiscalDocuments.order_id, w.refundedOrder.id))
  )[0]!.id;
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
}

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
  w.agency = await agencyWithAdvertiser(ctx, w.product.id);
}

/** Alice's agency and its advertiser: Bruno, who works for no agency, must not reach them. */
async function agencyWithAdvertiser(ctx: TestContext, productId: string) {
  const alice = await person(ctx, { nome: 'Alice Agência' });
  const agency = await inject(ctx, {
    method: 'POST',
    url: '/api/agencia',
    cookie: alice.cookie,
    payload: { name: 'Agência Alice Ltda.', document: '11.222.333/0001-81', cenp_valid_until: null },
  });
  expect(agency.statusCode, agency.body).toBe(201);
  const advertiser = await inject(ctx, {
    method: 'POST',
    url: '/api/agencia/anunciantes',
    cookie: alice.cookie,
    payload: { ...companyBilling, name: 'Anunciante da Alice', document: '12.ABC.345/01DE-35' },
  });
  expect(advertiser.statusCode, advertiser.body).toBe(201);
  const order = await placeOrder(ctx, alice, productId, { advertiser_id: advertiser.json().id });
  return {
    id: agency.json().id as string,
    advertiser: advertiser.json().id as string,
    order: order.id,
    alice,
  };
}
export const planLines = () => [{ productId: w.product.id, towerIds: [], startDate: START, weeks: 1 }];
export const proposalBody = () => ({
  customer_id: w.ana.id,
  valid_until: addDays(todayInBrasilia(), 10),
  items: [{ product_id: w.inventory.productId, start_date: START, weeks: 1, price: null }],
});

/** Waits for every app's e-mail outbox, so the database is quiet before a snapshot. */
export async function settle() {
  for (const app of apps) await app.app.deps.outbox.kick();
}

export type Req = Omit<InjectOptions, 'method' | 'url'> & { url: string; cookie?: string | undefined };

/** A whole product as the admin form sends it (issue #8). */
export const productPayload = (name = 'Outdoor W3 Sul') => ({
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
export const couponPayload = () => ({ code: `MATRIZ${++couponN}`, kind: 'percentual', value: 5 });
/** The method of a `METHOD /path` table key. */
export const methodOf = (key: string) => key.split(' ')[0] as InjectOptions['method'];

export function scheduledBody() {
  return {
    segment: 'cliente',
    subject: 'Email agendado de teste',
    body: 'Texto do email agendado de teste.',
    send_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  };
}
