import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { isPgError } from '../src/db/errors.ts';
import { createTestDatabase, testDriver } from './helpers.ts';

// docs/decisions/056-checkout-refusals-keep-their-connection.md: a statement the database refuses
// leaves its connection in the pool; a connection that is gone is replaced.
describe('conexões do pool', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  /** Whether the database refused the statement with this SQLSTATE. */
  const refused = async (db: Database['db'], statement: ReturnType<typeof sql>, code: string) => {
    const error = await db.execute(statement).then(
      () => undefined,
      (e: unknown) => e,
    );
    return isPgError(error, code);
  };

  it('um comando recusado pelo banco não atrapalha os seguintes', async () => {
    expect(await refused(database.db, sql`select 1 / 0`, '22012')).toBe(true);
    expect((await database.db.execute(sql`select 2 as n`)).rows).toEqual([{ n: 2 }]);
  });

  // PGlite has one connection and no pool: the answers above are what matters there.
  if (testDriver !== 'pg') return;

  let single: Database;
  beforeAll(async () => {
    single = await openDatabase({ url: database.url!, poolMax: 1 });
  });
  afterAll(async () => {
    await single.close();
  });
  const backend = async (db: Database['db']) =>
    Number((await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid);

  it('no servidor, a mesma conexão segue depois de comandos recusados', async () => {
    const before = await backend(single.db);
    expect(await refused(single.db, sql`select 1 / 0`, '22012')).toBe(true);
    const raised = sql`do $$ begin raise exception using errcode = 'U0001', message = 'sem_vaga'; end $$`;
    expect(await refused(single.db, raised, 'U0001')).toBe(true);
    expect(await refused(single.db, sql`select 'x'::int`, '22P02')).toBe(true);
    expect(await backend(single.db)).toBe(before);
  });

  it('uma conexão encerrada pelo servidor sai do pool e a próxima consulta usa outra', async () => {
    const before = await backend(single.db);
    await database.db.execute(sql`select pg_terminate_backend(${before})`);
    // The statement that meets the closed connection may fail; the one after it is answered.
    await single.db.execute(sql`select 1`).catch(() => undefined);
    const after = await backend(single.db);
    expect(after).not.toBe(before);
  });
});
