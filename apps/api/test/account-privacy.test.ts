import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  accountSettingsMessages,
  addDays,
  DELETED_HOLDER,
  earliestBookableStart,
  todayInBrasilia,
} from '@urbana/shared';
import {
  ads,
  auditLog,
  inventoryHolds,
  invoices,
  notifications,
  orders,
  pendingFileDeletions,
  products,
  profiles,
  proposals,
  towers,
} from '../src/db/schema/index.ts';
import { processDataExports } from '../src/services/account/data-export.ts';
import { deleteAccount } from '../src/services/account/delete-account.ts';
import { purgeExpiredFiscalData } from '../src/services/account/fiscal-retention.ts';
import { processFileDeletions } from '../src/services/files/file-deletions.ts';
import { DELETED_ACCOUNT } from '../src/services/admin.ts';
import { ownerColumns, SECRET_COLUMNS } from '../src/services/account/personal-data.ts';
import {
  COLUMN_LABELS,
  EXPORT_FILES,
  EXPORT_TABLES,
  INTERNAL_COLUMNS,
} from '../src/services/account/export-labels.ts';
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

let ctx: TestContext;
let productId: string;
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 35);
const ORIGIN = { origin: 'http://localhost:3000' };
let keyN = 0;

/** A valid CPF that no other test uses (the check digits of a random base). */
function uniqueCpf(): { formatted: string; digits: string } {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (new Set(base).size === 1) base[0] = (base[0]! + 1) % 10;
  const digit = (nums: number[]) => {
    const sum = nums.reduce((acc, n, i) => acc + n * (nums.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const d1 = digit(base);
  const d2 = digit([...base, d1]);
  const digits = [...base, d1, d2].join('');
  return {
    digits,
    formatted: `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`,
  };
}

interface Person {
  id: string;
  email: string;
  password: string;
  cookie: string;
  name: string;
  phone: string;
  cpf: { formatted: string; digits: string };
  orderId: string;
  shareToken: string;
}

/** A customer with a profile, billing data, an order (and its invoice), media, an ad and a ticket. */
async function busyCustomer(tag: string): Promise<Person> {
  const name = `Zuleide ${tag} Anonimizável`;
  const phone = `(61) 98${tag.length}7${Math.floor(Math.random() * 9000 + 1000)}-4321`.slice(0, 16);
  const cpf = uniqueCpf();
  const u = await createUser(ctx, { nome: name });
  const cookie = await signIn(ctx, u.email, u.password);
  const put = (url: string, payload: object, method: 'PUT' | 'PATCH' = 'PUT') =>
    inject(ctx, { method, url, cookie, headers: ORIGIN, payload });
  expect(
    (await put('/api/account/profile', { nome_completo: name, telefone: phone }, 'PATCH')).statusCode,
  ).toBe(200);
  const billing = await put('/api/billing-profile', { ...billingPf, name, document: cpf.formatted, phone });
  expect(billing.statusCode, billing.body).toBe(200);
  const order = await inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie,
    headers: { ...ORIGIN, 'idempotency-key': `lgpd-${++keyN}-${Date.now()}` },
    payload: { items: [{ product_id: productId, start_date: START, weeks: 1 }] },
  });
  expect(order.statusCode, order.body).toBe(201);
  const media = await inject(ctx, {
    method: 'POST',
    url: '/api/media',
    cookie,
    headers: { ...ORIGIN, 'content-type': 'application/octet-stream', 'x-file-name': 'arte.png' },
    payload: await png(64, 64),
  });
  expect(media.statusCode, media.body).toBe(201);
  await ctx.database.db.insert(ads).values({ user_id: u.user.id, name: `Anúncio de ${name}` });
  const ticket = await inject(ctx, {
    method: 'POST',
    url: '/api/support/tickets',
    cookie,
    headers: ORIGIN,
    payload: { category: 'pedidos', subject: 'Troca de semana', message: `Sou ${name}, telefone ${phone}.` },
  });
  expect(ticket.statusCode, ticket.body).toBe(201);
  // A shared plan (its link and PDF answer anyone), and what staff wrote about the person elsewhere:
  // a proposal's note, a reserva técnica's reason, a notification to the team (issue #39 item 2).
  const plan = await inject(ctx, {
    method: 'POST',
    url: '/api/planos',
    cookie,
    headers: ORIGIN,
    payload: { name: `Plano de ${name}`, lines: [{ productId, towerIds: [], startDate: START, weeks: 1 }] },
  });
  expect(plan.statusCode, plan.body).toBe(201);
  const shared = await inject(ctx, {
    method: 'POST',
    url: `/api/planos/${plan.json().id}/compartilhar`,
    cookie,
    headers: ORIGIN,
  });
  const about = `Cliente ${name} (${u.email}, ${phone}) pediu desconto.`;
  const db = ctx.database.db;
  await db.insert(proposals).values({
    code: `PRP-${tag.toUpperCase()}${keyN}`,
    customer_id: u.user.id,
    valid_until: START,
    subtotal: 10_000,
    total: 10_000,
    note: about,
  });
  await db.insert(inventoryHolds).values({
    kind: 'reserva_tecnica',
    customer_id: u.user.id,
    reason: about,
    starts_on: START,
    ends_on: addDays(START, 6),
    weeks: 1,
    expires_at: new Date(Date.now() + 86_400_000),
  });
  await db
    .insert(notifications)
    .values({ user_id: staffId, kind: 'equipe', title: `Novo pedido de ${name}`, body: about });
  return {
    id: u.user.id,
    email: u.email,
    password: u.password,
    cookie,
    name,
    phone,
    cpf,
    orderId: order.json().id,
    shareToken: shared.json().share_token,
  };
}

let ana: Person;
let bia: Person;
/** A member of staff whom notifications about customers reach. */
let staffId: string;

beforeAll(async () => {
  ctx = await createTestApp({
    config: testConfig({
      ...NO_ORDER_LIMITS,
      ADMIN_EMAILS: 'admin@urbana.com.br',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'urbana-lgpd-')),
    }),
  });
  const [p] = await ctx.database.db
    .insert(products)
    .values({
      slug: 'painel-lgpd',
      name: 'Painel LGPD',
      type: 'painel_led',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.8,
      longitude: -47.9,
      daily_price: 10_000,
    })
    .returning();
  productId = p!.id;
  await ctx.database.db.insert(towers).values({ product_id: productId, name: 'Face A', slots: 10 });
  staffId = (await createUser(ctx, { tipo: 'operador', email: 'op-avisos@urbana.com.br' })).user.id;
  ana = await busyCustomer('Ana');
  bia = await busyCustomer('Bia');
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

async function downloadExport(person: Person) {
  const asked = await inject(ctx, {
    method: 'POST',
    url: '/api/account/exports',
    cookie: person.cookie,
    headers: ORIGIN,
  });
  expect(asked.statusCode, asked.body).toBe(202);
  const list0 = await inject(ctx, { method: 'GET', url: '/api/account/exports', cookie: person.cookie });
  expect(list0.json().items[0]).toMatchObject({ status: 'pendente', download_url: null });
  expect(await processDataExports(ctx.app.deps)).toBe(1);
  const list = await inject(ctx, { method: 'GET', url: '/api/account/exports', cookie: person.cookie });
  const item = list.json().items[0];
  expect(item.status).toBe('pronto');
  const zip = await inject(ctx, { method: 'GET', url: item.download_url, cookie: person.cookie });
  expect(zip.statusCode).toBe(200);
  expect(zip.headers['content-type']).toBe('application/zip');
  return {
    files: unzipSync(new Uint8Array(zip.rawPayload)),
    id: item.id as string,
    url: item.download_url as string,
  };
}

describe('Baixar meus dados', () => {
  it('o ZIP traz as linhas de cada tabela da pessoa, os arquivos de mídia, e nada de outra pessoa', async () => {
    // Every row that belongs to Ana (or to Bia), in every table that points at a profile as its owner.
    const db = ctx.database.db;
    const rowsOf = async (userId: string) => {
      const out: Array<{ where: string; id: string }> = [];
      for (const { table, column } of await ownerColumns(db)) {
        const idCol = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from information_schema.columns where table_schema = 'public' and table_name = ${table} and column_name = 'id'`,
        );
        if (idCol.rows[0]!.n === 0) continue;
        const rows = await db.execute<{ id: string }>(
          sql`select id::text as id from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
        );
        out.push(...rows.rows.map((r) => ({ where: `${table}.${column}`, id: r.id })));
      }
      return out;
    };
    const anas = await rowsOf(ana.id);
    const bias = await rowsOf(bia.id);
    expect(new Set(anas.map((r) => r.where.split('.')[0])).size).toBeGreaterThanOrEqual(8);
    const { files, url } = await downloadExport(ana);
    for (const name of [
      'LEIA-ME.txt',
      'perfil.json',
      'pedidos.json',
      'faturas.json',
      'anuncios.json',
      'midias.json',
      'atendimentos.json',
      'notificacoes-e-emails.json',
      'acesso-e-seguranca.json',
      'planos-e-favoritos.json',
    ])
      expect(Object.keys(files)).toContain(name);
    // Every table has its subject: nothing is left in a file of raw table names.
    expect(Object.keys(files)).not.toContain('outros.json');
    expect(Object.keys(files).some((n) => /^midias\/.+\.png$/.test(n))).toBe(true);
    const text = Object.entries(files)
      .filter(([n]) => n.endsWith('.json'))
      .map(([, d]) => strFromU8(d))
      .join('\n');
    // Readable (issue #40 item 9): sections and fields in Portuguese, money in reais, dates in Brasília,
    // no storage keys; the README names each file.
    const pedidos = JSON.parse(strFromU8(files['pedidos.json']!));
    const order = pedidos['Pedidos'][0];
    expect(order['Identificador']).toBe(ana.orderId);
    expect(order['Total']).toMatch(/^R\$\s[\d.]+,\d{2}$/);
    expect(order['Criado em']).toMatch(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/);
    expect(pedidos['Itens dos pedidos'][0]['Início']).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const perfil = JSON.parse(strFromU8(files['perfil.json']!));
    expect(perfil['Perfil'][0]['Email']).toBe(ana.email);
    expect(perfil['Dados de faturamento'][0]['CPF ou CNPJ']).toBeTruthy();
    for (const raw of ['storage_key', 'user_id', 'created_at', 'idempotency_key', '"status"'])
      expect(text, raw).not.toContain(raw);
    const readme = strFromU8(files['LEIA-ME.txt']!);
    for (const name of Object.keys(files).filter((n) => n.endsWith('.json')))
      expect(readme, name).toContain(`- ${name}: `);
    for (const r of anas) expect(text, r.where).toContain(r.id);
    for (const r of bias) expect(text, `${r.where} de outra pessoa`).not.toContain(r.id);
    for (const needle of [bia.email, bia.name, bia.cpf.formatted, bia.id]) expect(text).not.toContain(needle);
    expect(text).not.toContain('password_hash');
    // Someone else's link does not open Ana's file.
    expect((await inject(ctx, { method: 'GET', url, cookie: bia.cookie })).statusCode).toBe(404);
  });

  it('cada tabela de dados pessoais tem assunto, e cada coluna um rótulo em português ou fica de fora', async () => {
    const db = ctx.database.db;
    const tables = new Set([...Object.keys(EXPORT_TABLES), ...(await ownerColumns(db)).map((o) => o.table)]);
    const missing: string[] = [];
    for (const table of tables) {
      if (!EXPORT_TABLES[table]) missing.push(`${table}: sem arquivo`);
      const columns = await db.execute<{ column_name: string }>(
        sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}`,
      );
      for (const { column_name: c } of columns.rows)
        if (!COLUMN_LABELS[c] && !INTERNAL_COLUMNS.has(c) && !SECRET_COLUMNS.has(c))
          missing.push(`${table}.${c}`);
    }
    expect(missing).toEqual([]);
    for (const { file } of Object.values(EXPORT_TABLES)) expect(EXPORT_FILES[file], file).toBeTruthy();
  });

  it('o link expira', async () => {
    const { url, id } = await downloadExport(bia);
    await ctx.database.db.execute(
      sql`update data_exports set expires_at = now() - interval '1 minute' where id = ${id}`,
    );
    const res = await inject(ctx, { method: 'GET', url, cookie: bia.cookie });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('Este arquivo não está mais disponível. Peça um novo.');
  });
});

async function mediaKeysOf(userId: string) {
  const rows = await ctx.database.db.execute<{ key: string; thumb: string | null }>(
    sql`select storage_key as key, thumb_key as thumb from media where user_id = ${userId}`,
  );
  return rows.rows.flatMap((r) => [r.key, r.thumb]).filter((k): k is string => Boolean(k));
}

async function pdfText(body: Buffer) {
  return (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text;
}

/** Every text-like column of every table, searched for each piece of the person's data. */
async function findPersonalData(needles: string[]) {
  const db = ctx.database.db;
  const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'inet', 'ARRAY')`);
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows)
    for (const needle of needles) {
      const [hit] = (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`,
        )
      ).rows;
      if (hit!.n > 0) found.push(`${table_name}.${column_name} ∋ ${needle}`);
    }
  return { found, columns: columns.rows.length };
}

describe('Excluir minha conta', () => {
  it('pede a senha; sem ela nada muda', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/account/delete',
      cookie: ana.cookie,
      headers: ORIGIN,
      payload: { password: 'errada-123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Senha atual incorreta.');
    expect((await inject(ctx, { method: 'GET', url: '/api/profile', cookie: ana.cookie })).statusCode).toBe(
      200,
    );
  });

  it('não deixa dado pessoal em coluna nenhuma, mantém pedidos e faturas, encerra as sessões', async () => {
    const needles = [ana.name, ana.email, ana.phone, ana.cpf.formatted, ana.cpf.digits];
    const before = await findPersonalData(needles);
    expect(before.found.length).toBeGreaterThan(5);
    for (const where of [
      'proposals.note',
      'inventory_holds.reason',
      'notifications.body',
      'media_plans.name',
    ])
      expect(before.found.join('\n')).toContain(where);
    const files = (await mediaKeysOf(ana.id)).filter(Boolean);
    expect(files.length).toBeGreaterThan(0);
    const second = await signIn(ctx, ana.email, ana.password);
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/account/delete',
      cookie: ana.cookie,
      headers: ORIGIN,
      payload: { password: ana.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await findPersonalData(needles);
    // Only what fiscal law keeps on the invoice: the buyer's legal name and CPF (issue #42 item 6).
    expect(after.found.sort()).toEqual(
      [`orders.billing ∋ ${ana.name}`, `orders.billing ∋ ${ana.cpf.digits}`].sort(),
    );
    expect(after.columns).toBeGreaterThan(50);
    // The shared plan's link and PDF are gone; the files are removed and the queue is empty.
    for (const url of [
      `/api/planos-compartilhados/${ana.shareToken}`,
      `/api/planos-compartilhados/${ana.shareToken}/pdf`,
    ])
      expect((await inject(ctx, { method: 'GET', url })).statusCode, url).toBe(404);
    for (const key of files) expect(await ctx.app.deps.storage.get(key!), key!).toBeNull();
    expect(await ctx.database.db.select().from(pendingFileDeletions)).toEqual([]);
    // The other person's data is untouched.
    expect((await findPersonalData([bia.name, bia.cpf.formatted])).found.length).toBeGreaterThan(3);
    const db = ctx.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, ana.orderId));
    expect(order!.total).toBeGreaterThan(0);
    expect(order!.billing).toEqual({
      anonimizado: true,
      person_type: 'pf',
      name: ana.name,
      document: ana.cpf.digits,
      retencao_fiscal_ate: `${Number(todayInBrasilia().slice(0, 4)) + 6}-01-01`,
      city: 'Brasília',
      state: 'DF',
    });
    expect(await db.select().from(invoices).where(eq(invoices.order_id, ana.orderId))).toHaveLength(1);
    for (const cookie of [ana.cookie, second])
      expect((await inject(ctx, { method: 'GET', url: '/api/profile', cookie })).statusCode).toBe(401);
    const signInAgain = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: ana.email, password: ana.password },
    });
    expect(signInAgain.statusCode).toBe(401);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'conta.excluida'));
    expect(entry).toMatchObject({ entity_id: ana.id });
    const [row] = await db.select().from(profiles).where(eq(profiles.id, ana.id));
    expect(row!.deleted_at).not.toBeNull();
    // Staff still run the kept order: its page opens, without the person's data.
    const op = await createUser(ctx, { tipo: 'operador', email: 'op-exclusao@urbana.com.br' });
    const staff = await signIn(ctx, op.email, op.password);
    const detail = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/pedidos/${ana.orderId}`,
      cookie: staff,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.body).not.toContain(ana.email);
    expect(detail.json().billing).toMatchObject({
      name: ana.name,
      document: ana.cpf.digits,
      phone: '',
      city: 'Brasília',
    });
    const pdf = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/pedidos/${ana.orderId}/fatura.pdf`,
      cookie: staff,
    });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(ana.name);
    expect(text).toContain(`CPF ${ana.cpf.formatted}`);
    // Once the retention ends, the name and CPF go too and the invoice names nobody.
    expect(await purgeExpiredFiscalData(db, todayInBrasilia())).toBe(0);
    expect(await purgeExpiredFiscalData(db, `${Number(todayInBrasilia().slice(0, 4)) + 6}-01-01`)).toBe(1);
    // (The sign-in tried above with the deleted e-mail is in the audit log as that attempt's.)
    expect((await findPersonalData([ana.name, ana.phone, ana.cpf.formatted, ana.cpf.digits])).found).toEqual(
      [],
    );
    const purged = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/pedidos/${ana.orderId}/fatura.pdf`,
      cookie: staff,
    });
    const purgedText = await pdfText(purged.rawPayload);
    expect(purgedText).toContain(DELETED_HOLDER);
    expect(purgedText).not.toContain(ana.cpf.formatted);
    const list = await inject(ctx, { method: 'GET', url: '/api/admin/pedidos', cookie: staff });
    expect(list.statusCode, list.body).toBe(200);
  });

  it('morrer logo depois do commit não deixa os arquivos: a fila fica e o trabalho os remove', async () => {
    const caio = await busyCustomer('Caio');
    const files = await mediaKeysOf(caio.id);
    expect(files.length).toBeGreaterThan(0);
    // As if the process died right after the commit: the store never got the deletions.
    const dead = { ...ctx.app.deps.storage, delete: () => Promise.reject(new Error('processo encerrado')) };
    await deleteAccount({ db: ctx.database.db, storage: dead, config: ctx.config }, caio.id, {
      actorId: caio.id,
      ip: '127.0.0.1',
      password: caio.password,
    });
    const queued = await ctx.database.db.select().from(pendingFileDeletions);
    expect(queued.map((q) => q.storage_key).sort()).toEqual([...files].sort());
    expect(queued.every((q) => q.attempts === 1 && q.last_error?.includes('processo encerrado'))).toBe(true);
    for (const key of files) expect(await ctx.app.deps.storage.get(key), key).not.toBeNull();
    // The worker, later (its pause elapsed), with the store back.
    await ctx.database.db.update(pendingFileDeletions).set({ next_attempt_at: new Date() });
    expect(await processFileDeletions(ctx.app.deps)).toBe(files.length);
    for (const key of files) expect(await ctx.app.deps.storage.get(key), key).toBeNull();
    expect(await ctx.database.db.select().from(pendingFileDeletions)).toEqual([]);
  });

  it('o admin exclui a conta de um cliente a pedido dele; operador não pode; conta da equipe não', async () => {
    const admin = await createUser(ctx, { tipo: 'admin', email: 'admin@urbana.com.br' });
    const adminCookie = await signIn(ctx, admin.email, admin.password);
    const op = await createUser(ctx, { tipo: 'operador' });
    const opCookie = await signIn(ctx, op.email, op.password);
    // The copy of the data asked on the customer's behalf: the message speaks to the admin.
    const exported = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/usuarios/${bia.id}/exportar-dados`,
      cookie: adminCookie,
      headers: ORIGIN,
    });
    expect(exported.statusCode, exported.body).toBe(202);
    expect(exported.json()).toEqual({ message: accountSettingsMessages.exportRequestedForCustomer });
    const url = `/api/admin/usuarios/${bia.id}/excluir`;
    expect((await inject(ctx, { method: 'POST', url, cookie: opCookie, headers: ORIGIN })).statusCode).toBe(
      403,
    );
    const staff = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/usuarios/${op.user.id}/excluir`,
      cookie: adminCookie,
      headers: ORIGIN,
    });
    expect(staff.statusCode).toBe(409);
    const res = await inject(ctx, { method: 'POST', url, cookie: adminCookie, headers: ORIGIN });
    expect(res.statusCode, res.body).toBe(200);
    expect((await findPersonalData([bia.name, bia.email, bia.cpf.formatted, bia.phone])).found).toEqual([
      `orders.billing ∋ ${bia.name}`,
    ]);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'usuario.excluido'));
    expect(entry).toMatchObject({ actor_id: admin.user.id, entity_id: bia.id });

    // The deleted account stays only for the orders and invoices: staff see it as such and cannot
    // bring it back (unblocked, it counted again among the active users and received broadcasts).
    const as = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
      inject(ctx, { method, url, cookie: adminCookie, headers: ORIGIN, ...(body ? { payload: body } : {}) });
    const reach = async () =>
      (await as('GET', '/api/admin/notificacoes/alcance?segment=cliente')).json<{ recipients: number }>()
        .recipients;
    const before = await reach();
    for (const [method, url, body] of [
      ['POST', `/api/admin/usuarios/${bia.id}/desbloquear`],
      ['PUT', `/api/admin/usuarios/${bia.id}/papel`, { tipo_usuario: 'operador' }],
      ['PUT', `/api/admin/usuarios/${bia.id}/limites-pedido`, { liberado: true }],
      ['POST', `/api/admin/usuarios/${bia.id}/reenviar-confirmacao`],
    ] as const) {
      const refused = await as(method, url, body);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json(), url).toEqual({ message: DELETED_ACCOUNT });
    }
    expect(await reach()).toBe(before);
    const detail = (await as('GET', `/api/admin/usuarios/${bia.id}`)).json();
    expect(detail).toMatchObject({ deleted: true, blocked: true, tipo_usuario: 'cliente' });
    expect(detail.deleted_at).toEqual(expect.any(String));
    const deleted = (await as('GET', '/api/admin/usuarios?status=excluido&page_size=100')).json();
    expect(deleted.items.map((u: { id: string }) => u.id)).toContain(bia.id);
    const blocked = (await as('GET', '/api/admin/usuarios?status=bloqueado&page_size=100')).json();
    expect(blocked.items.map((u: { id: string }) => u.id)).not.toContain(bia.id);
  });
});
