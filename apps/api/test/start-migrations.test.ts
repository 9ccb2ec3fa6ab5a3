import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../src/db/client.ts';
import { journalApplied, NEWEST_APPLIED_SQL } from '../src/db/migrated.ts';
import { sql } from '../src/db/sql.ts';
import { createTestDatabase } from './helpers.ts';

// Issue #21: at start, a database that already holds the journal's last migration is checked with one
// query; any other answer runs drizzle's migrator as before.
const folder = mkdtempSync(path.join(os.tmpdir(), 'urbana-journal-'));
mkdirSync(path.join(folder, 'meta'));
writeFileSync(
  path.join(folder, 'meta/_journal.json'),
  JSON.stringify({ entries: [{ when: 1000 }, { when: 3000 }, { when: 2000 }] }),
);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('verificação das migrações no início', () => {
  it('só dá o diário por aplicado quando o banco tem a última migração', async () => {
    expect(await journalApplied(folder, async () => 3000)).toBe(true);
    expect(await journalApplied(folder, async () => '3000')).toBe(true);
    expect(await journalApplied(folder, async () => 2999)).toBe(false);
    expect(await journalApplied(folder, async () => null)).toBe(false);
    expect(
      await journalApplied(folder, async () => {
        throw new Error('relation "drizzle.__drizzle_migrations" does not exist');
      }),
    ).toBe(false);
    expect(await journalApplied(path.join(folder, 'nada'), async () => 3000)).toBe(false);
  });

  it('cada migração do diário é mais nova que a anterior', () => {
    // drizzle's migrator applies only entries newer than the newest applied one, and journalApplied
    // reads the greatest `when`: an entry stamped earlier (0023 was stamped ahead of the clock, and
    // drizzle-kit stamps Date.now()) would never run on a database that already has the one before.
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });

  it('um banco novo recebe todas as migrações; depois a consulta única basta', async () => {
    const fresh = await openDatabase({ dataDir: 'memory://' });
    try {
      const newest = async () => (await fresh.db.execute(sql.raw(NEWEST_APPLIED_SQL))).rows[0]?.newest;
      expect(await journalApplied(migrationsFolder, newest)).toBe(false);
      await fresh.migrate();
      expect(await journalApplied(migrationsFolder, newest)).toBe(true);
      const products = await fresh.db.execute(sql`select count(*)::int as n from products`);
      expect(products.rows[0]).toEqual({ n: 0 });
      // A second start applies nothing and fails on nothing.
      await fresh.migrate();
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('no banco de testes (PGlite ou servidor) o diário está aplicado', async () => {
    const database = await createTestDatabase();
    try {
      const newest = async () => (await database.db.execute(sql.raw(NEWEST_APPLIED_SQL))).rows[0]?.newest;
      expect(await journalApplied(migrationsFolder, newest)).toBe(true);
      await database.migrate();
    } finally {
      await database.drop();
    }
  }, 60_000);
});
