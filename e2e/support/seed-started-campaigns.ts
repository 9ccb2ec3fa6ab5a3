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
import { REPORT_CAMPAIGN, STAFF, STARTED_CAMPAIGNS } from './fixtures.ts';

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

await app.close();
await database.close();
