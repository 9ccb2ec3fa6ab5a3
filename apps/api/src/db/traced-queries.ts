/**
 * SQL spans at Urbana's own database layer (decision 114): OpenTelemetry's pg instrumentation patches
 * `pg` through require hooks, which do not see the `pg` that Urbana's ES modules import, nor PGlite at
 * all. Installed only when tracing is on at the time the database opens: otherwise nothing is wrapped.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { QueryInfo, TracingHooks } from '../lib/tracing-hooks.ts';

type Where = Omit<QueryInfo, 'text'>;

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && typeof (query as { text?: unknown }).text === 'string')
    return (query as { text: string }).text;
  return '';
}

/**
 * Runs `run` inside the statement's span, ended with its outcome. Without an active trace (the
 * workers) the statement runs as it is: no extra promise per statement (decision 115).
 */
function inSpan<T>(hooks: TracingHooks, info: QueryInfo, run: () => Promise<T>): Promise<T> {
  const span = hooks.query(info);
  if (!span) return run();
  let running: Promise<T>;
  try {
    running = run();
  } catch (error) {
    span.end({ error });
    throw error;
  }
  return running.then(
    (result) => {
      span.end();
      return result;
    },
    (error: unknown) => {
      span.end({ error });
      throw error;
    },
  );
}

/** Every promise-style `query` of this pooled connection gets a span (callback style passes through). */
export function traceClientQueries(
  client: pg.PoolClient | pg.Client,
  hooks: TracingHooks,
  where: Where,
): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    if (
      args.some((a) => typeof a === 'function') ||
      typeof (args[0] as { submit?: unknown })?.submit === 'function'
    )
      return query(...args);
    return inSpan(hooks, { ...where, text: textOf(args[0]) }, () => query(...args) as Promise<unknown>);
  }) as typeof client.query;
}

/** The connections of this pool, as they open. */
export function tracePoolQueries(pool: pg.Pool, hooks: TracingHooks, url: string): void {
  const parsed = new URL(url);
  const where: Where = {
    driver: 'pg',
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || undefined,
    host: parsed.hostname || undefined,
    port: parsed.port ? Number(parsed.port) : 5432,
  };
  pool.on('connect', (client) => traceClientQueries(client, hooks, where));
}

type QueryRunner = Pick<Transaction, 'query' | 'exec'>;

function traceRunner<T extends QueryRunner>(runner: T, hooks: TracingHooks, where: Where): T {
  const query = runner.query.bind(runner);
  const exec = runner.exec.bind(runner);
  runner.query = ((text: string, ...rest: unknown[]) =>
    inSpan(hooks, { ...where, text }, () =>
      (query as (...a: unknown[]) => Promise<unknown>)(text, ...rest),
    )) as T['query'];
  runner.exec = ((text: string, ...rest: unknown[]) =>
    inSpan(hooks, { ...where, text }, () =>
      (exec as (...a: unknown[]) => Promise<unknown>)(text, ...rest),
    )) as T['exec'];
  return runner;
}

/** PGlite (in this thread or on its worker): its statements, and those of its transactions. */
export function tracePgliteQueries(client: PGlite, hooks: TracingHooks): void {
  const where: Where = { driver: 'pglite', database: 'postgres' };
  traceRunner(client, hooks, where);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    // The callback runs when PGlite's lock frees, from another request's context: bound to this one.
    transaction(
      hooks.bind((tx: Transaction) => callback(traceRunner(tx, hooks, where))),
    )) as typeof client.transaction;
}
