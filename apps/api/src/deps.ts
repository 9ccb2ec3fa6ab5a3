// The dependencies every route and plugin receives (app.deps).
// Routes import this module, never app.ts, so that app.ts can import the routes without a circle.
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { ReadCache } from './lib/read-cache.ts';
import type { RateLimits } from './plugins/external/rate-limit.ts';
import type { NotificationHub } from './services/messaging/notification-hub.ts';
import type { Outbox } from './services/messaging/outbox.ts';
import type { ApiPixProvider } from './services/payments/api-pix/provider.ts';
import type { SessionCache } from './services/session-cache.ts';
import type { Storage } from './services/storage.ts';

export interface AppDeps {
  db: Db;
  database: Database;
  config: Config;
  outbox: Outbox;
  storage: Storage;
  /** The per-IP limits' one table (plugins/external/rate-limit.ts), scaled by RATE_LIMIT_SCALE. */
  rateLimits: RateLimits;
  catalogCache: ReadCache;
  /** Live notifications of the users connected to this instance. */
  hub: NotificationHub;
  /** Checked sessions for a few seconds, forgotten across instances by NOTIFY (docs/decisions/039). */
  sessionCache: SessionCache;
  /** Start preparing pending data exports now (a no-op unless the workers run). */
  kickExports: () => void;
  /** Run the fiscal queue (NFS-e) now (a no-op unless the workers run). */
  kickFiscal: () => void;
  /** The API Pix PSP when PIX_PSP_URL is set (issue #41); undefined: the static code staff confirm. */
  payments: ApiPixProvider | undefined;
  /** Send the refunds just queued to the PSP now (a no-op unless the workers run). */
  kickRefunds: () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
