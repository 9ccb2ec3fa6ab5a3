/**
 * Restore drill (issue #46 item 4): a populated instance (orders, sessions, files) is backed up while
 * checkouts run and again at rest; each copy is restored into an empty database and folder, and every
 * table's rows and every file's checksum are compared. On PGlite (through the running process's
 * backup socket) and on the PostgreSQL server (pg_dump / pg_restore).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import pg from 'pg';
import S3rver from 's3rver';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@urbana/shared';
import { openDatabase, type Database } from '../src/db/client.ts';
import { startBackupSocket } from '../src/services/backup/backup-socket.ts';
import { backup, BackupRefused, restore, sha256File } from '../src/services/backup/backup.ts';
import { S3Storage } from '../src/services/storage.ts';
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

  it('arquivos no S3: a cópia lista cada objeto com seu SHA-256; a restauração confere o bucket e recusa o que falta', async () => {
    const s3server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(root, 's3rver'),
      configureBuckets: [{ name: 'urbana-copia', configs: [] }],
    });
    const address = (await s3server.run()) as AddressInfo;
    const s3Env = {
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_BUCKET: 'urbana-copia',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    try {
      const withS3 = testConfig({
        ...NO_ORDER_LIMITS,
        DATA_DIR: path.join(root, 'origem'),
        DATABASE_URL: source.url ?? '',
        ...s3Env,
      });
      const bucket = new S3Storage(withS3.s3!);
      const contents = [Buffer.from('arte um'), Buffer.alloc(70_000, 7)];
      for (const [i, body] of contents.entries())
        await bucket.put(`midia/s3/arte-${i}.png`, body, 'image/png');
      const folder = path.join(root, 'copia-s3');
      const manifest = await backup(withS3, folder);
      expect(manifest.files_in).toBe('s3');
      const listed = new Map(manifest.files.map((f) => [f.key, f]));
      for (const [i, body] of contents.entries())
        expect(listed.get(`midia/s3/arte-${i}.png`)).toMatchObject({
          size: body.length,
          sha256: createHash('sha256').update(body).digest('hex'),
        });
      const expected = await snapshot(source);

      // The bucket as it was: the database comes back.
      const good = { ...(await target('destino-s3')), s3: withS3.s3 };
      await restore(good, folder);
      const restored = await openRestored(good);
      try {
        expect(await snapshot(restored)).toEqual(expected);
      } finally {
        await restored.close();
      }

      // An object gone from the bucket: refused, naming it, and the empty database stays empty.
      await bucket.delete('midia/s3/arte-1.png');
      const gone = { ...(await target('destino-s3-falta')), s3: withS3.s3 };
      await expect(restore(gone, folder)).rejects.toThrow(/midia\/s3\/arte-1\.png/);
      if (gone.databaseUrl) {
        const client = new pg.Client({ connectionString: gone.databaseUrl });
        await client.connect();
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_tables where schemaname = 'public'`,
        );
        await client.end();
        expect(rows[0]!.n).toBe(0);
      } else expect(await readdir(path.join(gone.dataDir, 'pglite')).catch(() => [])).toEqual([]);
    } finally {
      await s3server.close();
    }
  }, 240_000);

  it('recusa restaurar sobre um banco ou pasta que não estão vazios, e copiar para uma pasta cheia', async () => {
    const folder = path.join(root, 'copia-recusa');
    await backup(ctx.config, folder);
    await expect(restore(ctx.config, folder)).rejects.toBeInstanceOf(BackupRefused);
    await expect(backup(ctx.config, folder)).rejects.toThrow(/não está vazia/);
  });
});
