// What the two sides of the PGlite worker thread agree on (pglite-thread.ts, pglite-worker.ts).
import os from 'node:os';

/** The main thread asks the worker to close PGlite cleanly; the worker answers CLOSED. */
export const CLOSE_REQUEST = 'urbana:close';
export const CLOSED = 'urbana:closed';

/** A database error as it crosses the thread: the DatabaseError's fields, among the protocol messages. */
export interface WireError {
  name: 'error';
  message: string;
  length: number;
  code?: string;
  [field: string]: unknown;
}

type LockCallback = () => unknown;

/**
 * PGlite's worker wrapper takes Web Locks (`navigator.locks`), which Node has only from version 22.
 * Without them, a lock for one thread: granted at once, except those `neverFree` names (a lock
 * another thread would hold). Node 20 has no `navigator` either: it gets the one Node 21 defines.
 */
export function ensureNavigatorLocks(neverFree: (name: string) => boolean = () => false): void {
  const global = globalThis as { navigator?: { locks?: unknown } };
  if (global.navigator?.locks) return;
  const locks = {
    request: (name: string, callback: LockCallback) =>
      neverFree(name) ? new Promise(() => {}) : Promise.resolve().then(callback),
  };
  if (global.navigator) {
    Object.defineProperty(global.navigator, 'locks', { value: locks, configurable: true });
    return;
  }
  Object.defineProperty(globalThis, 'navigator', {
    value: {
      hardwareConcurrency: os.availableParallelism(),
      language: 'en-US',
      platform: process.platform,
      userAgent: `Node.js/${process.versions.node.split('.')[0]}`,
      locks,
    },
    configurable: true,
    writable: true,
  });
}
