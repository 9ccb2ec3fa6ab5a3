// Runs once before the e2e server starts, on its fresh embedded database: a customer with two paid
// bookings and an approved ad, one whose period began three days ago and one still ahead. The checkout
// only sells future weeks, so a booking that is already running can only be made by moving a paid
// item's dates — the one direct write here; everything else goes through the API, as in
// apps/api/test/campaign-dates.test.ts.
import path from 'node:path';
import sharp from 'sharp';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { upsertConfirmedAccount } from '../../apps/api/src/services/accounts.ts';
import { seedCatalog, seedDemoCoupons } from '../../apps/api/src/services/demo-catalog.ts';
import { REPORT_CAMPAIGN, SCREEN_CAMPAIGN, STAFF, STARTED_CAMPAIGNS } from './fixtures.ts';

const config = loadConfig();
const database = await openDatabase({ url: '', dataDir: path.join(config.dataDir, 'pglite') });
await database.migrate();
const app = await buildApp({ config, database, logger: false });
await app.ready();
// The demo catalogue first, as the server would seed it (it seeds only an empty catalogue).
await seedCatalog(database.db, app.deps.storage);
await seedDemoCoupons(database.db);

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie: string | undefined,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(Buffer.isBuffer(payload)
        ? { 'content-type': 'application/octet-stream', 'x-file-name': 'arte.png' }
        : {}),
      ...(url === '/api/orders' ? { 'idempotency-key': `veiculacao-${Math.random()}` } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await call('POST', '/api/auth/sign-in', undefined, { email, password });
  const cookie = res.cookies[0];
  if (!cookie) throw new Error('sem cookie de sessão');
  return `${cookie.name}=${cookie.value}`;
}

await upsertConfirmedAccount(database.db, {
  email: STARTED_CAMPAIGNS.email,
  password: STARTED_CAMPAIGNS.password,
  nome_completo: STARTED_CAMPAIGNS.name,
  tipo_usuario: 'cliente',
});
const customer = await signIn(STARTED_CAMPAIGNS.email, STARTED_CAMPAIGNS.password);
const operador = await signIn(STAFF.operador, STAFF.password);
await call('PUT', '/api/billing-profile', customer, {
  person_type: 'pf',
  name: STARTED_CAMPAIGNS.name,
  document: '529.982.247-25',
  phone: '(68) 99999-0000',
  cep: '69900-062',
  street: 'Rua Rui Barbosa',
  number: '10',
  district: 'Centro',
  city: 'Rio Branco',
  state: 'AC',
});

// A demo place in Rio Branco, a capital no other spec searches, so their results stay as they were.
// drizzle-orm belongs to apps/api; the embedded client runs these two statements directly.
const client = (database.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<unknown> } })
  .$client;
const found = (await client.query(
  "select id from products where city = $1 and status = 'ativo' order by is_tower_based, slug limit 1",
  ['Rio Branco'],
)) as { rows: Array<{ id: string }> };
const product = found.rows[0];
if (!product) throw new Error('o catálogo de demonstração não tem um local em Rio Branco');
const productId = product.id;

const today = todayInBrasilia();
const future = addDays(earliestBookableStart(today, 2), 14);
async function paidItem(): Promise<string> {
  const order = await call('POST', '/api/orders', customer, {
    items: [{ product_id: productId, start_date: future, weeks: 2, tower_ids: [] }],
    payment_method: 'pix',
  });
  const { id, items } = order.json() as { id: string; items: Array<{ id: string }> };
  await call('POST', `/api/admin/orders/${id}/confirm-payment`, operador);
  return items[0]!.id;
}
const running = await paidItem();
const ahead = await paidItem();

const art = sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#0f766e' } });
const media = await call('POST', '/api/media', customer, await art.png().toBuffer());
const ad = await call('POST', '/api/ads', customer, {
  name: STARTED_CAMPAIGNS.ad,
  item_ids: [running, ahead],
  media_ids: [(media.json() as { id: string }).id],
});
const adId = (ad.json() as { id: string }).id;
await call('POST', `/api/ads/${adId}/enviar`, customer);
await call('POST', `/api/admin/anuncios/${adId}/revisao`, operador, { decisao: 'aprovar' });

const started = addDays(today, -3);
await client.query('update order_items set starts_on = $1, ends_on = $2 where id = $3', [
  started,
  addDays(started, 14),
  running,
]);

// The campaign report's customer (e2e/watches-reports.spec.ts): one order of its own, on another
// Rio Branco place, on air since three days ago once staff start it.
await upsertConfirmedAccount(database.db, {
  email: REPORT_CAMPAIGN.email,
  password: REPORT_CAMPAIGN.password,
  nome_completo: REPORT_CAMPAIGN.name,
  tipo_usuario: 'cliente',
});
const reporter = await signIn(REPORT_CAMPAIGN.email, REPORT_CAMPAIGN.password);
await call('PUT', '/api/billing-profile', reporter, {
  person_type: 'pf',
  name: REPORT_CAMPAIGN.name,
  document: '529.982.247-25',
  phone: '(68) 99999-0001',
  cep: '69900-062',
  street: 'Rua Rui Barbosa',
  number: '12',
  district: 'Centro',
  city: 'Rio Branco',
  state: 'AC',
});
// Same media type as the first place, so the same 1080 × 1920 art fits.
const other = (await client.query(
  `select id from products where city = $1 and status = 'ativo' and id <> $2
     and type = (select type from products where id = $2) order by is_tower_based, slug limit 1`,
  ['Rio Branco', productId],
)) as { rows: Array<{ id: string }> };
const reportOrder = await call('POST', '/api/orders', reporter, {
  items: [{ product_id: other.rows[0]?.id ?? productId, start_date: future, weeks: 2, tower_ids: [] }],
  payment_method: 'pix',
});
const reportBody = reportOrder.json() as { id: string; items: Array<{ id: string }> };
await call('POST', `/api/admin/orders/${reportBody.id}/confirm-payment`, operador);
const reportArt = sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#1d4ed8' } });
const reportMedia = await call('POST', '/api/media', reporter, await reportArt.png().toBuffer());
const reportAd = await call('POST', '/api/ads', reporter, {
  name: REPORT_CAMPAIGN.ad,
  item_ids: [reportBody.items[0]!.id],
  media_ids: [(reportMedia.json() as { id: string }).id],
});
const reportAdId = (reportAd.json() as { id: string }).id;
await call('POST', `/api/ads/${reportAdId}/enviar`, reporter);
await call('POST', `/api/admin/anuncios/${reportAdId}/revisao`, operador, { decisao: 'aprovar' });
await client.query('update order_items set starts_on = $1, ends_on = $2 where id = $3', [
  started,
  addDays(started, 14),
  reportBody.items[0]!.id,
]);

// The screen customer (e2e/screen-player.spec.ts): a painel LED of the demo catalogue outside the
// places above, booked from yesterday; staff pair its player in the spec itself.
await upsertConfirmedAccount(database.db, {
  email: SCREEN_CAMPAIGN.email,
  password: SCREEN_CAMPAIGN.password,
  nome_completo: SCREEN_CAMPAIGN.name,
  tipo_usuario: 'cliente',
});
const viewer = await signIn(SCREEN_CAMPAIGN.email, SCREEN_CAMPAIGN.password);
await call('PUT', '/api/billing-profile', viewer, {
  person_type: 'pf',
  name: SCREEN_CAMPAIGN.name,
  document: '529.982.247-25',
  phone: '(68) 99999-0002',
  cep: '69900-062',
  street: 'Rua Rui Barbosa',
  number: '14',
  district: 'Centro',
  city: 'Rio Branco',
  state: 'AC',
});
const panel = (await client.query(
  `select id from products where status = 'ativo' and type = 'painel_led' and id <> $1 and id <> $2
     order by (city = 'Rio Branco') desc, slug limit 1`,
  [productId, other.rows[0]?.id ?? productId],
)) as { rows: Array<{ id: string }> };
if (!panel.rows[0]) throw new Error('o catálogo de demonstração não tem painel de LED');
const screenOrder = await call('POST', '/api/orders', viewer, {
  items: [{ product_id: panel.rows[0].id, start_date: future, weeks: 1, tower_ids: [] }],
  payment_method: 'pix',
});
const screenBody = screenOrder.json() as { id: string; items: Array<{ id: string }> };
await call('POST', `/api/admin/orders/${screenBody.id}/confirm-payment`, operador);
const screenArt = sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#b91c1c' } });
const screenMedia = await call('POST', '/api/media', viewer, await screenArt.png().toBuffer());
const screenAd = await call('POST', '/api/ads', viewer, {
  name: SCREEN_CAMPAIGN.ad,
  item_ids: [screenBody.items[0]!.id],
  media_ids: [(screenMedia.json() as { id: string }).id],
});
const screenAdId = (screenAd.json() as { id: string }).id;
await call('POST', `/api/ads/${screenAdId}/enviar`, viewer);
await call('POST', `/api/admin/anuncios/${screenAdId}/revisao`, operador, { decisao: 'aprovar' });
// One slot on the face, so its loop is one 5-second spot: the player plays the booking at every turn.
await client.query('update towers set slots = 1 where product_id = $1', [panel.rows[0].id]);
// The playlist reads the reservation's period, the report the item's: both from yesterday.
for (const table of ['order_items', 'reservations']) {
  const column = table === 'order_items' ? 'id' : 'order_item_id';
  await client.query(`update ${table} set starts_on = $1, ends_on = $2 where ${column} = $3`, [
    addDays(today, -1),
    addDays(today, 6),
    screenBody.items[0]!.id,
  ]);
}

await app.close();
await database.close();
