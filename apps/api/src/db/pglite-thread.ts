// PGlite in a worker thread, so that a slow query never holds up the HTTP event loop (issue #21;
// docs/decisions/048-pglite-off-the-event-loop.md). The main side is PGlite's own PGliteWorker, which
// has PGlite's query interface (drizzle's pglite driver takes it as it is); the worker is
// pglite-worker.ts.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { messages, Mutex, type ParserOptions } from '@electric-sql/pglite';
import { PGliteWorker } from '@electric-sql/pglite/worker';
import { apiRoot } from '../paths.ts';
import { CLOSE_REQUEST, CLOSED, ensureNavigatorLocks, type WireError } from './pglite-wire.ts';

type Listener = (event: { data: unknown }) => void;

/** The compiled server runs dist/pglite-worker.js (build.mjs); from the sources, tsx compiles the worker. */
function startWorker(): Worker {
  const compiled = !import.meta.url.endsWith('.ts');
  if (compiled) return new Worker(path.join(apiRoot, 'dist/pglite-worker.js'), { name: 'pglite' });
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = pathToFileURL(path.join(apiRoot, 'src/db/pglite-worker.ts')).href;
  // A worker thread does not inherit the TypeScript loader (nor does vitest give it one).
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, name: 'pglite' });
}

/** The Web Worker face PGliteWorker expects (message events with `data`), over a Node worker thread. */
function asWebWorker(thread: Worker) {
  const wrapped = new Map<Listener, (data: unknown) => void>();
  return {
    addEventListener(type: 'message', listener: Listener, options?: { once?: boolean }) {
      const handler = (data: unknown) => {
        if (options?.once) wrapped.delete(listener);
        listener({ data });
      };
      wrapped.set(listener, handler);
      if (options?.once) thread.once(type, handler);
      else thread.on(type, handler);
    },
    removeEventListener(type: 'message', listener: Listener) {
      const handler = wrapped.get(listener);
      if (handler) thread.off(type, handler);
      wrapped.delete(listener);
    },
    postMessage: (message: unknown) => thread.postMessage(message),
    terminate: () => void thread.terminate(),
  };
}

function isWireError(message: unknown): message is WireError {
  return (message as { name?: unknown } | null)?.name === 'error';
}

/**
 * PGliteWorker for one thread of one process. The locks are taken here, in this thread (as PGlite
 * takes them in process), instead of through the worker on every query: the wrapper's worker-side
 * locks exist to share one database among browser tabs, and here there is one "tab".
 */
class ThreadPGlite extends PGliteWorker {
  readonly #thread: Worker;
  readonly #transactionMutex = new Mutex();
  readonly #queryMutex = new Mutex();
  #ending = false;

  constructor(thread: Worker, dataDir: string) {
    super(asWebWorker(thread) as unknown as ConstructorParameters<typeof PGliteWorker>[0], {
      dataDir,
      id: randomUUID(),
    });
    this.#thread = thread;
    // A worker that dies takes the database with it: the process stops, as it would with PGlite in it.
    thread.on('exit', (code) => {
      if (!this.#ending) throw new Error(`o PGlite parou na worker thread (código ${code})`);
    });
  }

  override async _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionMutex.runExclusive(fn);
  }

  override async _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(fn);
  }

  // Each call to the worker is a round trip between threads; these are left out of every query.
  // No query reads or writes PGlite's /dev/blob (COPY … TO/FROM '/dev/blob'), and the worker's PGlite
  // already syncs its files after every protocol message it runs (a folder on disk needs no sync).
  override async syncToFs(): Promise<void> {}
  override async _handleBlob(): Promise<void> {}
  override async _cleanupBlob(): Promise<void> {}
  override async _getWrittenBlob(): Promise<undefined> {
    return undefined;
  }

  /** A database error comes back among the messages (pglite-worker.ts): thrown here as PGlite does. */
  override async execProtocolStream(
    message: Uint8Array,
    options?: { throwOnError?: boolean },
  ): Promise<messages.BackendMessage[]> {
    const results = await super.execProtocolStream(message);
    const failure = results.find(isWireError);
    if (failure && options?.throwOnError !== false) {
      throw Object.assign(new messages.DatabaseError(failure.message, failure.length, 'error'), failure);
    }
    return results;
  }

  /** Waits for the queries under way, closes PGlite in the worker (its data folder), then ends it. */
  override async close(): Promise<void> {
    if (this.#ending) return;
    this.#ending = true;
    await this.#transactionMutex.runExclusive(() => this.#queryMutex.runExclusive(() => this.#closeWorker()));
    await super.close();
  }

  async #closeWorker(): Promise<void> {
    const closed = new Promise<void>((resolve) => {
      const onMessage = (data: unknown) => {
        if ((data as { type?: unknown } | null)?.type !== CLOSED) return;
        this.#thread.off('message', onMessage);
        resolve();
      };
      this.#thread.on('message', onMessage);
      this.#thread.once('exit', () => resolve());
    });
    this.#thread.postMessage({ type: CLOSE_REQUEST });
    await closed;
  }
}

/** PGlite on a worker thread, ready for queries; bigint (int8) parsed as on the in-process PGlite. */
export async function openPgliteThread(dataDir: string, parsers: ParserOptions): Promise<PGliteWorker> {
  ensureNavigatorLocks();
  const client = new ThreadPGlite(startWorker(), dataDir);
  Object.assign(client.parsers, parsers);
  await client.waitReady;
  return client;
}
