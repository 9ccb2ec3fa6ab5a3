// The worker thread that runs PGlite off the HTTP event loop (issue #21;
// docs/decisions/048-pglite-off-the-event-loop.md). It is PGlite's own worker wrapper
// (`@electric-sql/pglite/worker`), written for a browser's Web Worker, given here the few pieces of
// that world a Node 20 worker thread lacks. The main side is pglite-thread.ts.
import { parentPort } from 'node:worker_threads';
import { PGlite, type messages, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { worker } from '@electric-sql/pglite/worker';
import { CLOSE_REQUEST, CLOSED, ensureNavigatorLocks, type WireError } from './pglite-wire.ts';

if (!parentPort) throw new Error('pglite-worker.ts só roda numa worker thread');
const port = parentPort;

// A Web Worker's global messaging: the wrapper says "here"/"ready" and waits for its options.
Object.assign(globalThis, {
  postMessage: (message: unknown) => port.postMessage(message),
  addEventListener: (type: string, listener: (event: unknown) => void, options?: { once?: boolean }) =>
    port.addEventListener(type, listener as Parameters<typeof port.addEventListener>[1], options),
});

// The wrapper's tab-close lock tells it when the one "tab" (the main thread) is gone; the main thread
// ends this worker itself, so inside it that lock is never free.
ensureNavigatorLocks((name) => name.startsWith('pglite-tab-close:'));

/**
 * The wrapper answers a failed call with its message alone; the services need the SQLSTATE (`code`,
 * `constraint`…), so a database error goes back among the protocol messages, as plain fields, and the
 * main side throws it (pglite-thread.ts). PGlite's own calls pass options and keep their behaviour.
 */
class WorkerPGlite extends PGlite {
  override async execProtocolStream(
    message: Uint8Array,
    options?: Parameters<PGlite['execProtocolStream']>[1],
  ): Promise<messages.BackendMessage[]> {
    if (options) return super.execProtocolStream(message, options);
    const results = await super.execProtocolStream(message, { throwOnError: false });
    return results.map((m) =>
      m instanceof Error ? ({ ...m, name: 'error', message: m.message } as WireError) : m,
    ) as messages.BackendMessage[];
  }
}

let opened: Promise<PGlite> | undefined;

void worker({
  init: async (options: PGliteOptions) => {
    const db = new WorkerPGlite(options.dataDir ?? 'memory://', { extensions: { btree_gist } });
    opened = db.waitReady.then(() => db);
    return opened;
  },
});

// A clean shutdown before the main thread ends the worker: PGlite writes its data folder out.
port.on('message', (message: unknown) => {
  if ((message as { type?: unknown } | null)?.type !== CLOSE_REQUEST) return;
  void (async () => {
    const db = await opened;
    if (db && !db.closed) await db.close();
    port.postMessage({ type: CLOSED });
  })();
});
