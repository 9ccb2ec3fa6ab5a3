/**
 * Restore drill (issue #46 item 4): a populated instance (orders, sessions, files) is backed up while
 * checkouts run and again at rest; each copy is restored into an empty database and folder, and every
 * table's rows and every file's checksum are compared. On PGlite (through the running process's
 * backup socket) and on the PostgreSQL server (pg_dump / pg_restore).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@urbana/shared';
import { openDatabase, type Database } from '../src/db/client.ts';
import { startBackupSocket } from '../src/services/backup/backup-socket.ts';
import { backup, BackupRefused, restore, sha256File } from '../src/services/backup/backup.ts';
import {
  createTestApp,
  createTestDatabase,
  inject,
  NO_ORDER_LIMITS,
  testConfig,
  type TestContext,
} from './helpers.ts';
import {
  billing,
  insertProduct,
  person,
  placeOrder,
  snapshot,
  START,
  type Person,
} from './security/world.ts';

let root: string;
let ctx: TestContext;
let source: Awaited<ReturnType<typeof createTestDatabase>>;
let socket: Server | undefined;
let ana: Person;
let productId: string;
const created: string[] = [];

const serverUrl = process.env.DATABASE_URL;
/** A new, empty database on the server (PostgreSQL runs only). */
async function emptyServerDatabase(): Promise<string> {
  const name = `urbana_restauro_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A config for a target: its own DATA_DIR, and an empty server database on PostgreSQL runs. */
async function target(name: string) {
  const url = source.driver === 'pg' ? await emptyServerDatabase() : '';
  return testConfig({ DATA_DIR: path.join(root, name), DATABASE_URL: url });
}

function openRestored(config: ReturnType<typeof testConfig>): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ url: config.databaseUrl, poolMax: 2 })
    : openDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'urbana-copia-'));
  source = await createTestDatabase();
  const config = testConfig({
    ...NO_ORDER_LIMITS,
    DATA_DIR: path.join(root, 'origem'),
    DATABASE_URL: source.url ?? '',
  });
  ctx = await createTestApp({ database: source, config });
  socket = await startBackupSocket(config.dataDir, source);
  ana = await person(ctx, { nome: 'Ana Cópia' });
  await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie: ana.cookie, payload: billing });
  productId = (await insertProduct(source, 'Outdoor da Cópia', 10_000, 500)).id;
  for (let i = 0; i < 3; i += 1) await placeOrder(ctx, ana, productId);
  for (let i = 0; i < 4; i += 1)
    await ctx.app.deps.storage.put(`midia/teste/arte-${i}.png`, Buffer.alloc(5000 + i, i + 1), 'image/png');
});
afterAll(async () => {
  socket?.close();
  await ctx.app.close();
  await source.drop();
  if (created.length > 0) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  await rm(root, { recursive: true, force: true });
});

describe('cópia e restauração', () => {
  it('uma cópia feita durante checkouts restaura um banco consistente; uma cópia em repouso, idêntico', async () => {
    let running = true;
    let placed = 0;
    const checkouts = (async () => {
      while (running) {
        await placeOrder(ctx, ana, productId, {
          items: [
            { product_id: productId, start_date: addDays(START, 7 * (placed % 40)), weeks: 1, tower_ids: [] },
          ],
        });
        placed += 1;
      }
    })();
    const during = path.join(root, 'copia-durante');
    const manifestDuring = await backup(ctx.config, during);
    running = false;
    await checkouts;
    expect(placed).toBeGreaterThan(0);
    expect(manifestDuring.files).toHaveLength(8); // 4 files, each with its content type beside it

    const rest = path.join(root, 'copia-repouso');
    const manifest = await backup(ctx.config, rest);
    const expected = await snapshot(source);

    // At rest: every table's rows and every file identical.
    const calm = await target('destino-repouso');
    await restore(calm, rest);
    const restored = await openRestored(calm);
    try {
      expect(await snapshot(restored)).toEqual(expected);
    } finally {
      await restored.close();
    }
    for (const file of manifest.files) {
      const original = await sha256File(path.join(ctx.config.dataDir, 'arquivos', file.key));
      expect(await sha256File(path.join(calm.dataDir, 'arquivos', file.key))).toBe(original);
      expect(file.sha256).toBe(original);
    }

    // During checkouts: a committed prefix — every order whole, each identical to the source's.
    const busy = await target('destino-durante');
    await restore(busy, during);
    const copy = await openRestored(busy);
    try {
      const orphans = await copy.db.execute<{ n: number }>(sql`
        select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`);
      expect(orphans.rows[0]!.n).toBe(0);
      const rows = async (db: Database) =>
        (await db.db.execute<{ r: string }>(sql`select o::text as r from orders o order by o.id`)).rows.map(
          (r) => r.r,
        );
      const copied = await rows(copy);
      expect(copied.length).toBeGreaterThanOrEqual(3);
      const all = new Set(await rows(source));
      for (const row of copied) expect(all.has(row)).toBe(true);
    } finally {
      await copy.close();
    }
  }, 240_000);

  it('recusa restaurar sobre um banco ou pasta que não estão vazios, e copiar para uma pasta cheia', async () => {
    const folder = path.join(root, 'copia-recusa');
    await backup(ctx.config, folder);
    await expect(restore(ctx.config, folder)).rejects.toBeInstanceOf(BackupRefused);
    await expect(backup(ctx.config, folder)).rejects.toThrow(/não está vazia/);
  });
});
