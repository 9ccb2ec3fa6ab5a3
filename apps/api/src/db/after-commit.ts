import type { Db, Tx } from './types.ts';

type Work = (db: Db) => Promise<unknown>;

/**
 * The work each running transaction (or savepoint) of a database opened by `openDatabase` has been
 * given, by its executor. Kept by the executor itself rather than in an `AsyncLocalStorage`: once a
 * store is entered, Node 20 carries it through every later promise and callback of the process, each
 * API answer included (docs/decisions/060-no-async-context-on-every-request.md).
 */
const pending = new WeakMap<object, Work[]>();

/**
 * True when `executor` is a transaction of a database opened by `openDatabase` whose callback is
 * running: work given to `afterCommit` then runs once it commits.
 */
export function canRunAfterCommit(executor: Db | Tx): executor is Tx {
  return pending.has(executor);
}

/**
 * Runs `work` with the pool once `tx` has committed, never after a rollback
 * (docs/decisions/054-announcements-after-commit.md). Only where `canRunAfterCommit(tx)` holds.
 */
export function afterCommit(tx: Tx, work: Work): void {
  const list = pending.get(tx);
  if (!list) throw new Error('afterCommit fora de uma transação');
  list.push(work);
}

/**
 * Gives `tx` its list of work, and its savepoints (`tx.transaction`) lists of their own that join it
 * when they are released; a savepoint rolled back takes its work away with it.
 */
function tracked(tx: Tx, list: Work[]): Tx {
  pending.set(tx, list);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = ((callback: (inner: Tx) => Promise<unknown>) =>
    savepoint(async (inner) => {
      const own: Work[] = [];
      const result = await callback(tracked(inner, own));
      list.push(...own);
      return result;
    })) as Tx['transaction'];
  return tx;
}

/**
 * Makes `db.transaction` run, after its commit, the work registered with `afterCommit` in its
 * callback. That work's failure goes to `onError`: the transaction has committed either way.
 */
export function runWorkAfterCommit(db: Db, onError: (error: unknown) => void): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (
    callback: (tx: Tx) => Promise<unknown>,
    config?: Parameters<Db['transaction']>[1],
  ) => {
    const list: Work[] = [];
    const result = await transaction((tx) => callback(tracked(tx, list)), config);
    for (const work of list) await work(db).catch(onError);
    return result;
  }) as Db['transaction'];
  return db;
}
