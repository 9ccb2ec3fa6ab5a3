import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findPgError,
  isDatabaseDown,
  isPgError,
  pgConstraint,
  pgErrorCode,
  pgErrors,
} from '../src/db/errors.ts';
import { createTestDatabase } from './helpers.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('db/errors.ts: o único leitor de erros do PostgreSQL', () => {
  it('lê o SQLSTATE e a constraint de um erro real, também embrulhado em cause', async () => {
    await database.db.execute('create temporary table t (k text primary key)');
    await database.db.execute(`insert into t values ('a')`);
    const error = await database.db.execute(`insert into t values ('a')`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(pgErrorCode(error)).toBe(pgErrors.uniqueViolation);
    expect(isPgError(error, pgErrors.uniqueViolation)).toBe(true);
    expect(isPgError(error, pgErrors.exclusionViolation)).toBe(false);
    expect(pgConstraint(error)).toBe('t_pkey');
    const wrapped = new Error('consulta falhou', { cause: new Error('driver', { cause: error }) });
    expect(pgErrorCode(wrapped)).toBe('23505');
    expect(pgConstraint(wrapped)).toBe('t_pkey');
  });

  it('acha a recusa de uma função do banco com sua mensagem e detalhe, também embrulhada', async () => {
    const error = await database.db
      .execute(`do $$ begin raise exception 'sem_vaga' using errcode = 'U0001', detail = 'face-1'; end $$`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    const wrapped = new Error('consulta falhou', { cause: error });
    for (const e of [error, wrapped]) {
      expect(findPgError(e, pgErrors.refusal)).toMatchObject({
        code: 'U0001',
        message: 'sem_vaga',
        detail: 'face-1',
      });
      expect(isPgError(e, pgErrors.refusal)).toBe(true);
    }
    expect(findPgError(wrapped, pgErrors.uniqueViolation)).toBeUndefined();
  });

  it('ignora erros que não são do banco', () => {
    expect(pgErrorCode(new Error('x'))).toBeUndefined();
    expect(pgErrorCode(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
    expect(pgConstraint({ code: '23505' })).toBeUndefined();
  });

  it('reconhece o banco fora do ar', () => {
    expect(isDatabaseDown(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseDown(new Error('y', { cause: { code: '57P01' } }))).toBe(true);
    expect(isDatabaseDown(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseDown({ code: '23505' })).toBe(false);
  });
});
