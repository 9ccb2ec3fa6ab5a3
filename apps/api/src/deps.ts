// The dependencies every route and plugin receives (app.deps), and the per-IP limits' one table.
// Routes import this module, never app.ts, so that app.ts can import the routes without a circle.
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { ReadCache } from './lib/read-cache.ts';
import type { NotificationHub } from './services/messaging/notification-hub.ts';
import type { Outbox } from './services/messaging/outbox.ts';
import type { SessionCache } from './services/session-cache.ts';
import type { Storage } from './services/storage.ts';

export interface RateLimit {
  max: number;
  timeWindow: number;
}

/** Per-IP limits (docs/spec/product.md §1, issue: 30 sign-ups per 5 minutes per IP, …). */
export const defaultRateLimits = {
  signUp: { max: 30, timeWindow: 5 * 60_000 },
  signIn: { max: 30, timeWindow: 5 * 60_000 },
  emails: { max: 10, timeWindow: 15 * 60_000 },
  tokens: { max: 30, timeWindow: 15 * 60_000 },
  supportTickets: { max: 5, timeWindow: 15 * 60_000 },
} satisfies Record<string, RateLimit>;

export interface AppDeps {
  db: Db;
  database: Database;
  config: Config;
  outbox: Outbox;
  storage: Storage;
  rateLimits: typeof defaultRateLimits;
  catalogCache: ReadCache;
  /** Live notifications of the users connected to this instance. */
  hub: NotificationHub;
  /** Checked sessions for a few seconds, forgotten across instances by NOTIFY (docs/decisions/039). */
  sessionCache: SessionCache;
  /** Start preparing pending data exports now (a no-op unless the workers run). */
  kickExports: () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
