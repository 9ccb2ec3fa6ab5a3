import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { migrationsFolder, openDatabase } from '../src/db/client.ts';

/**
 * Every API test file starts its own database from one already migrated, instead of migrating a
 * new one (73 files on each driver):
 * - PGlite: from the dump of a migrated data folder (`loadDataDir`), ≈ 0.35 s instead of initdb
 *   (≈ 2.4 s) and the migrations (≈ 0.5 s). The dump lives in node_modules/.cache, one at a time.
 * - the PostgreSQL server: `create database … template` a migrated database, ≈ 40 ms instead of
 *   ≈ 420 ms.
 * Both are named by the migrations they hold (and PGlite's version), so a new migration makes new
 * ones and the old are removed.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const cacheDir = path.join(root, 'node_modules/.cache/urbana-pglite');

let fingerprint: Promise<string> | undefined;
function migrationsFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const hash = createHash('sha256');
    hash.update(await readFile(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
    const files = (await readdir(migrationsFolder, { recursive: true })).sort();
    for (const file of files) {
      if (!/\.(sql|json)$/.test(file)) continue;
      hash.update(file).update(await readFile(path.join(migrationsFolder, file)));
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return fingerprint;
}

let snapshot: Promise<Blob> | undefined;

/** The PGlite dump of a freshly migrated database, made once per set of migrations. */
export function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const name = `migrado-${await migrationsFingerprint()}.tar`;
    const file = path.join(cacheDir, name);
    const existing = await readFile(file).catch(() => null);
    if (existing) return new Blob([existing]);
    const client = await PGlite.create('memory://', { extensions: { btree_gist } });
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await client.close();
    await mkdir(cacheDir, { recursive: true });
    for (const old of await readdir(cacheDir)) {
      if (!old.startsWith(name)) await rm(path.join(cacheDir, old), { force: true });
    }
    // Written aside and renamed: test files in other workers may be making the same one.
    const partial = `${file}.${process.pid}.parcial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  })();
  return snapshot;
}

// Named after the checkout too: several checkouts (git worktrees) share one server, and each removes
// only its own old templates.
const TEMPLATE_PREFIX = `urbana_test_modelo_${createHash('sha256').update(root).digest('hex').slice(0, 6)}_`;

/**
 * A migrated database on the server to copy, made by the first test file that asks (the others wait
 * on an advisory lock meanwhile); its name.
 */
export async function migratedTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${await migrationsFingerprint()}`;
  await admin.query(`select pg_advisory_lock(hashtext('${TEMPLATE_PREFIX}'))`);
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`,
    );
    if (rows.some((row) => row.datname === name)) return name;
    for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolMax: 1 });
    try {
      await database.migrate();
    } catch (error) {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      throw error;
    }
    await database.close();
    return name;
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('${TEMPLATE_PREFIX}'))`);
  }
}
