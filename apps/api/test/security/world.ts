import { request as httpRequest } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import type { Database } from '../../src/db/client.ts';
import { products, towers } from '../../src/db/schema/index.ts';
import { createUser, inject, signIn, type TestContext, billingPf } from '../helpers.ts';

export const ADMIN_EMAILS = 'chefe@urbana.com.br,diretoria@urbana.com.br';
export const WEBHOOK_SECRET = 'segredo-do-provedor-de-testes';
/** A booking start the lead time always allows. */
export const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 14);
/** Contents planted outside the catalogue folder: no answer may ever contain them. */
export const SECRET = 'CONTEUDO-SECRETO-FORA-DA-PASTA';

export const billing = billingPf;

/**
 * Folders for one test file: DATA_DIR (local storage, with a secret next to the catalogue folder)
 * and a built web app (index.html and one hashed asset).
 */
export async function makeFolders() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'urbana-seguranca-'));
  const dataDir = path.join(root, 'dados');
  const webDist = path.join(root, 'web');
  await mkdir(path.join(dataDir, 'arquivos', 'catalogo'), { recursive: true });
  await writeFile(path.join(dataDir, 'segredo.txt'), SECRET);
  await writeFile(path.join(dataDir, 'arquivos', 'segredo.txt'), SECRET);
  await writeFile(path.join(root, 'segredo.txt'), SECRET);
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="pt-BR"><head><script type="module" src="/assets/app-3f2a1b.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webDist, 'assets', 'app-3f2a1b.js'), 'export const urbana = true;');
  return { root, dataDir, webDist, remove: () => rm(root, { recursive: true, force: true }) };
}

export interface Person {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

export async function person(
  ctx: TestContext,
  input: { email?: string; tipo?: 'cliente' | 'operador' | 'admin'; nome?: string } = {},
): Promise<Person> {
  const { user, email, password } = await createUser(ctx, input);
  return { id: user.id, email, password, cookie: await signIn(ctx, email, password) };
}

export async function insertProduct(database: Database, name: string, dailyPrice: number, slots: number) {
  const [row] = await database.db
    .insert(products)
    .values({
      slug: name.toLowerCase().replace(/\W+/g, '-'),
      name,
      type: 'outdoor',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79,
      longitude: -47.88,
      daily_price: dailyPrice,
      is_tower_based: false,
      weekly_audience: 10_000,
    })
    .returning();
  const [face] = await database.db
    .insert(towers)
    .values({ product_id: row!.id, name: 'Face A', slots })
    .returning();
  return { ...row!, towerId: face!.id };
}

let keyN = 0;
/** Places a Pix order through the API, as the checkout does. */
export async function placeOrder(ctx: TestContext, who: Person, productId: string, extra: object = {}) {
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie: who.cookie,
    headers: { 'idempotency-key': `seguranca-${++keyN}-${Date.now()}` },
    payload: {
      items: [{ product_id: productId, start_date: START, weeks: 1, tower_ids: [] }],
      payment_method: 'pix',
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; code: string; status: string; total: number };
}

/**
 * What any signed-in request touches, at most once a minute (services/auth/sessions.ts): a session's
 * last use and its person's `updated_at`. A suite that runs past a minute on a slow machine sees them
 * move whatever the request was, so the fingerprint leaves them out.
 */
const touchedBySignedInRequests: Record<string, string[]> = {
  sessions: ['last_seen_at'],
  profiles: ['updated_at'],
};

/**
 * A fingerprint of every table in the public schema (row count and a hash of the rows), in one
 * statement, to prove that a refused request changed nothing.
 */
export async function snapshot(database: Database): Promise<Record<string, string>> {
  const tables = await database.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const rowText = (table: string) =>
    `(${(touchedBySignedInRequests[table] ?? []).reduce((row, column) => `${row} - '${column}'`, 'to_jsonb(x)')})::text`;
  const parts = tables.rows.map(
    (t) =>
      `select '${t.table_name}' as t, count(*)::text || ':' || coalesce(md5(string_agg(${rowText(t.table_name)}, '|' order by ${rowText(t.table_name)})), '') as f from public."${t.table_name}" x`,
  );
  const result = await database.db.execute<{ t: string; f: string }>(sql.raw(parts.join(' union all ')));
  return Object.fromEntries(result.rows.map((r) => [r.t, r.f]));
}

/** What an error answer must never reveal (stack frames, SQL, drivers, validation internals). */
export const LEAK_PATTERNS: RegExp[] = [
  /at \//,
  /node_modules/,
  /\bSELECT\b/,
  /\bINSERT\b/,
  /\bUPDATE\b.*\bSET\b/,
  /postgres/i,
  /pglite/i,
  /drizzle/i,
  /ZodError/,
  /stack/i,
  /FST_ERR/,
  /\.ts:\d+/,
];

export function expectNoLeak(body: string) {
  for (const pattern of LEAK_PATTERNS) expect(body, `a resposta revela ${pattern}`).not.toMatch(pattern);
}

/** An error answer: JSON `{ message }` in Portuguese and nothing else. */
export function expectMessageOnly(res: { body: string; headers: Record<string, unknown> }, message?: string) {
  expectNoLeak(res.body);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['message']);
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
}

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function setCookies(res: { headers: Record<string, unknown> }): ParsedCookie[] {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
  return list.map((line) => {
    const [pair, ...attrs] = line.split(';').map((s) => s.trim());
    const eq = pair!.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const attr of attrs) {
      const i = attr.indexOf('=');
      if (i === -1) attributes[attr.toLowerCase()] = true;
      else attributes[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1);
    }
    return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), attributes };
  });
}

/** The CSP as a map of directive → sources. */
export function cspDirectives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

const listening = new WeakMap<TestContext, Promise<string>>();
/**
 * A request over a real socket with the path exactly as given (app.inject normalises "." and ".."
 * segments the way a browser would; an attacker's client does not).
 */
export async function rawRequest(
  ctx: TestContext,
  input: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; type: string; body: string }> {
  if (!listening.has(ctx)) listening.set(ctx, ctx.app.listen({ port: 0, host: '127.0.0.1' }));
  const url = new URL(await listening.get(ctx)!);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: input.method, path: input.path, headers: input.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(input.body);
  });
}
