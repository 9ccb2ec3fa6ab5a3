import { AsyncLocalStorage } from 'node:async_hooks';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './types.ts';

type Work = (db: Db) => Promise<unknown>;

/** The work registered by the transaction whose callback is running (innermost `db.transaction`). */
const pending = new AsyncLocalStorage<Work[]>();

/**
 * True when `executor` is a transaction of a database opened by `openDatabase` whose callback is
 * running: work given to `afterCommit` then runs once it commits.
 */
export function canRunAfterCommit(executor: Db | Tx): executor is Tx {
  return executor instanceof PgTransaction && pending.getStore() !== undefined;
}

/**
 * Runs `work` with the pool once the running transaction has committed, never after a rollback
 * (docs/decisions/054-announcements-after-commit.md). Only where `canRunAfterCommit` holds.
 */
export function afterCommit(work: Work): void {
  const list = pending.getStore();
  if (!list) throw new Error('afterCommit fora de uma transação');
  list.push(work);
}

/**
 * Makes `db.transaction` run, after its commit, the work registered with `afterCommit` in its
 * callback. That work's failure goes to `onError`: the transaction has committed either way.
 * A savepoint (`tx.transaction`) adds to its outer transaction's work.
 */
export function runWorkAfterCommit(db: Db, onError: (error: unknown) => void): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<Db['transaction']>) => {
    const list: Work[] = [];
    const result = await pending.run(list, () => transaction(...args));
    for (const work of list) await work(db).catch(onError);
    return result;
  }) as Db['transaction'];
  return db;
}
