import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executePrepared } from '../src/db/prepared.ts';
import { productDetail } from '../src/services/catalog/product-detail.ts';
import { createTestDatabase, testDriver } from './helpers.ts';

// docs/decisions/053-prepared-hot-reads.md: a hot read runs as a named prepared statement.
describe('leituras preparadas', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const square = (n: number) => sql`select ${n}::int * ${n}::int as value, ${`n${n}`}::text as label`;

  it('devolve o mesmo que a consulta comum, com os valores de cada chamada', async () => {
    for (const n of [3, 7, 3]) {
      const prepared = await executePrepared(database.db, 'teste_quadrado', square(n));
      const plain = await database.db.execute(square(n));
      expect(prepared.rows).toEqual([{ value: n * n, label: `n${n}` }]);
      expect(prepared.rows).toEqual(plain.rows);
    }
  });

  // PGlite runs the same text each time: the answers above are what matters there.
  if (testDriver !== 'pg') return;
  it('no servidor, a conexão guarda o comando pelo nome (planejado uma vez)', async () => {
    // A transaction keeps one connection, whose prepared statements the view lists.
    const names = await database.db.transaction(async (tx) => {
      await executePrepared(tx, 'teste_cubo', sql`select ${2}::int * 4 as value`);
      await tx.execute(sql`select ${2}::int * 5 as value`);
      const listed = await tx.execute(sql`select name, statement from pg_prepared_statements`);
      return listed.rows as Array<{ name: string; statement: string }>;
    });
    expect(names.map((r) => r.name)).toContain('teste_cubo');
    expect(names.find((r) => r.name === 'teste_cubo')?.statement).toContain('* 4');
    expect(names.some((r) => r.statement.includes('* 5'))).toBe(false);
  });

  it('a página do produto continua a responder quando outra instância acrescenta uma coluna', async () => {
    await database.db.execute(sql`
      with p as (
        insert into products (slug, name, type, city, state, latitude, longitude, daily_price)
        values ('painel-preparado', 'Painel Preparado', 'painel_led', 'Brasília', 'DF', -15.8, -47.9, 30000)
        returning id)
      insert into towers (product_id, name, slots) select id, 'Face principal', 5 from p`);
    const read = () => productDetail(database.db, 'painel-preparado', { weeks: 4, leadBusinessDays: 2 });
    // Every pooled connection prepares the statement before the table changes.
    await Promise.all(Array.from({ length: 25 }, read));
    await database.db.execute(sql`alter table products add column prepared_probe int`);
    try {
      const after = await Promise.all(Array.from({ length: 25 }, read));
      expect(after.every((p) => p.name === 'Painel Preparado' && p.towers[0]?.remaining === 5)).toBe(true);
    } finally {
      await database.db.execute(sql`alter table products drop column prepared_probe`);
    }
  });
});
