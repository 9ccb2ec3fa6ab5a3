import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../src/db/client.ts';
import { createTestDatabase } from './helpers.ts';

// Issue #45, docs/decisions/100: each SQL function of the database (place_order, order_detail,
// unpaid_held, the triggers' functions) has one source file, apps/api/src/db/functions/<name>.sql,
// holding the text of its newest definition. A change is a new migration carrying the new text; this
// test keeps the two equal (a source edited without a migration, or a migration without its source,
// fails), and checks that a migrated database runs that very body.
const functionsFolder = path.resolve(import.meta.dirname, '../src/db/functions');

interface Definition {
  name: string;
  migration: string;
  /** The whole statement, from CREATE to the `;` after the closing dollar quote. */
  statement: string;
  /** The text between the dollar quotes: what PostgreSQL keeps as the function's source. */
  body: string;
}

const DEFINE_OR_DROP =
  /\b(?:CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION|DROP\s+FUNCTION(?:\s+IF\s+EXISTS)?)\s+"?([a-z_][a-z0-9_]*)"?\s*\(/gi;

/** The statement that starts at `start` (a CREATE FUNCTION), up to the `;` after its body. */
function statementAt(text: string, start: number, where: string): { statement: string; body: string } {
  const opening = /\bAS\s+(\$[a-z_]*\$)/gi;
  opening.lastIndex = start;
  const quote = opening.exec(text);
  if (!quote) throw new Error(`${where}: função sem corpo entre cifrões`);
  const bodyStart = quote.index + quote[0].length;
  const bodyEnd = text.indexOf(quote[1]!, bodyStart);
  const end = text.indexOf(';', bodyEnd + quote[1]!.length);
  if (bodyEnd < 0 || end < 0) throw new Error(`${where}: corpo da função sem fim`);
  return { statement: text.slice(start, end + 1), body: text.slice(bodyStart, bodyEnd) };
}

/** The newest definition of each function the migrations leave in the database, in journal order. */
function newestDefinitions(): Map<string, Definition> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const newest = new Map<string, Definition>();
  for (const { tag } of journal.entries) {
    const migration = `${tag}.sql`;
    const text = readFileSync(path.join(migrationsFolder, migration), 'utf8');
    for (const match of text.matchAll(DEFINE_OR_DROP)) {
      const name = match[1]!.toLowerCase();
      if (/^DROP/i.test(match[0])) newest.delete(name);
      else newest.set(name, { name, migration, ...statementAt(text, match.index, `${migration}: ${name}`) });
    }
  }
  return newest;
}

/** The source files, by function name: their text without the final newline. */
function sources(): Map<string, string> {
  const files = readdirSync(functionsFolder).filter((file) => file.endsWith('.sql'));
  return new Map(
    files.map((file) => [
      file.slice(0, -'.sql'.length),
      readFileSync(path.join(functionsFolder, file), 'utf8').replace(/\n$/, ''),
    ]),
  );
}

describe('funções SQL: um arquivo-fonte cada, igual à migração mais nova que a define', () => {
  const definitions = newestDefinitions();
  const files = sources();

  it('cada função das migrações tem seu arquivo, e cada arquivo uma função', () => {
    expect([...files.keys()].sort()).toEqual([...definitions.keys()].sort());
    // The ones the issue names, so that a broken reading of the migrations cannot pass empty.
    expect([...definitions.keys()]).toEqual(
      expect.arrayContaining(['place_order', 'order_detail', 'unpaid_held']),
    );
  });

  it.each([...definitions.values()].map((d) => [d.name, d] as const))(
    '%s: a migração mais nova que a define traz exatamente o texto do arquivo',
    (name, definition) => {
      const source = files.get(name);
      expect(source, `falta apps/api/src/db/functions/${name}.sql`).toBeDefined();
      expect(
        definition.statement,
        `apps/api/src/db/functions/${name}.sql difere de apps/api/drizzle/${definition.migration}: ` +
          'mudar uma função é uma migração nova com o texto novo (docs/testing.md)',
      ).toBe(source);
    },
  );

  describe('no banco migrado', () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await database?.drop();
    });

    it('as funções do banco (fora as das extensões) são as dos arquivos, com o mesmo corpo', async () => {
      const result = await database.db.execute<{ name: string; body: string }>(sql`
        select p.proname as name, p.prosrc as body
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`);
      const inDatabase = new Map(result.rows.map((row) => [row.name, row.body]));
      expect([...inDatabase.keys()].sort()).toEqual([...files.keys()].sort());
      for (const [name, source] of files) {
        const { body } = statementAt(source, 0, `${name}.sql`);
        expect(inDatabase.get(name), name).toBe(body);
      }
    });
  });
});
