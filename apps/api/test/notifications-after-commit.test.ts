import { executionAsyncResource } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.ts';
import { upsertConfirmedAccount } from '../src/services/accounts.ts';
import {
  announceCommitted,
  NOTIFICATION_CHANNEL,
  notify,
  notifyStaff,
  type WrittenNotification,
} from '../src/services/messaging/notifications.ts';
import { createTestDatabase } from './helpers.ts';

// docs/decisions/054-announcements-after-commit.md: a transaction's notifications are announced
// after its commit, together, and never for a rolled-back one.
describe('avisos depois do commit', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let userId: string;
  const heard: Array<{ user_id: string; id: string }> = [];
  let stop: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const user = await upsertConfirmedAccount(database.db, {
      email: 'avisos@exemplo.com.br',
      password: 'Outdoor-Brasilia-2026',
      nome_completo: 'Cliente dos Avisos',
      tipo_usuario: 'cliente',
    });
    userId = user.id;
    for (const [i, tipo] of (['admin', 'operador'] as const).entries()) {
      await upsertConfirmedAccount(database.db, {
        email: `equipe-${i}@exemplo.com.br`,
        password: 'Outdoor-Brasilia-2026',
        nome_completo: `Equipe ${i}`,
        tipo_usuario: tipo,
      });
    }
    stop = await database.listen(NOTIFICATION_CHANNEL, (payload) => heard.push(JSON.parse(payload)));
  });
  afterAll(async () => {
    await stop();
    await database.drop();
  });

  /** The statements a transaction runs, by wrapping its executor. */
  function recorded(tx: Tx) {
    const texts: string[] = [];
    const execute = tx.execute.bind(tx);
    const dialect = new PgDialect();
    tx.execute = ((query: SQL) => {
      texts.push(dialect.sqlToQuery(query).sql);
      return execute(query);
    }) as Tx['execute'];
    return texts;
  }

  const heardIds = async (ids: string[]) => {
    await expect.poll(() => ids.every((id) => heard.some((h) => h.id === id)), { timeout: 5000 }).toBe(true);
  };

  it('o que a transação escreve é anunciado depois do commit, num comando fora dela', async () => {
    let inside: string[] = [];
    await database.db.transaction(async (tx) => {
      inside = recorded(tx);
      await notify(tx, { userId, kind: 'teste', title: 'Primeiro' });
      await notifyStaff(tx, { kind: 'teste_equipe', title: 'Para a equipe' });
    });
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.some((text) => text.includes('pg_notify'))).toBe(false);
    const rows = await database.db.execute<{ id: string; user_id: string; kind: string }>(
      sql`select id, user_id, kind from notifications where kind in ('teste', 'teste_equipe')`,
    );
    expect(rows.rows).toHaveLength(3);
    await heardIds(rows.rows.map((r) => r.id));
    expect(heard.filter((h) => rows.rows.some((r) => r.id === h.id))).toHaveLength(3);
  });

  it('uma transação desfeita não deixa linha nem aviso', async () => {
    const before = heard.length;
    await expect(
      database.db.transaction(async (tx) => {
        await notify(tx, { userId, kind: 'desfeito', title: 'Nunca' });
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    // A notification after it, outside any transaction, arrives: the one before would have too.
    await notify(database.db, { userId, kind: 'depois', title: 'Depois' });
    const after = await database.db.execute<{ id: string }>(
      sql`select id from notifications where kind = 'depois'`,
    );
    await heardIds(after.rows.map((r) => r.id));
    const undone = await database.db.execute(sql`select 1 from notifications where kind = 'desfeito'`);
    expect(undone.rows).toHaveLength(0);
    expect(heard.slice(before).map((h) => h.id)).toEqual(after.rows.map((r) => r.id));
  });

  it('os avisos de commits que terminam na mesma volta do laço saem num comando só', async () => {
    const dialect = new PgDialect();
    const statements: string[] = [];
    const execute = database.db.execute.bind(database.db);
    database.db.execute = ((query: SQL) => {
      const text = dialect.sqlToQuery(query).sql;
      if (text.includes('pg_notify')) statements.push(text);
      return execute(query);
    }) as typeof database.db.execute;
    try {
      const written: WrittenNotification[][] = [];
      for (const title of ['Junto 1', 'Junto 2', 'Junto 3']) {
        const { rows } = await execute<WrittenNotification>(sql`
          insert into notifications (user_id, kind, title) values (${userId}, 'junto', ${title})
          returning id, user_id`);
        written.push(rows);
      }
      // Three commits' announcements asked for in one turn, as a burst of checkouts does.
      await Promise.all(written.map((rows) => announceCommitted(database.db, rows)));
      await heardIds(written.flat().map((r) => r.id));
      expect(statements).toHaveLength(1);
      // Asked for in a later turn: a statement of its own.
      await announceCommitted(database.db, written[0]!);
      expect(statements).toHaveLength(2);
    } finally {
      database.db.execute = execute;
    }
  });
  it('um savepoint desfeito leva seus avisos; um liberado anuncia com a transação', async () => {
    const other = await upsertConfirmedAccount(database.db, {
      email: 'avisos-savepoint@exemplo.com.br',
      password: 'Outdoor-Brasilia-2026',
      nome_completo: 'Cliente do Savepoint',
      tipo_usuario: 'cliente',
    });
    await database.db.transaction(async (tx) => {
      await expect(
        tx.transaction(async (savepoint) => {
          await notify(savepoint, { userId: other.id, kind: 'savepoint_desfeito', title: 'Nunca' });
          throw new Error('desfaz o savepoint');
        }),
      ).rejects.toThrow('desfaz o savepoint');
      await tx.transaction(async (savepoint) => {
        await notify(savepoint, { userId: userId, kind: 'savepoint_liberado', title: 'Liberado' });
      });
    });
    const kept = await database.db.execute<{ id: string }>(
      sql`select id from notifications where kind = 'savepoint_liberado'`,
    );
    await heardIds(kept.rows.map((r) => r.id));
    // Announced after the released one's: nothing for the undone savepoint's recipient.
    expect(heard.filter((h) => h.user_id === other.id)).toHaveLength(0);
  });

  it('nenhum contexto assíncrono fica ligado para o processo depois de uma transação', async () => {
    // Once an AsyncLocalStorage store is entered, Node 20 marks every new async resource with it
    // (docs/decisions/060-no-async-context-on-every-request.md).
    const propagated = async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      return Object.getOwnPropertySymbols(executionAsyncResource()).some(
        (s) => s.description === 'kResourceStore',
      );
    };
    expect(await propagated()).toBe(false);
    await database.db.transaction(async (tx) => {
      await notify(tx, { userId, kind: 'sem_contexto', title: 'Sem contexto' });
    });
    expect(await propagated()).toBe(false);
  });
});
