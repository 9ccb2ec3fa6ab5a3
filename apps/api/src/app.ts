import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import { ReadCache } from './lib/read-cache.ts';
import { tracing, type TracingHooks } from './lib/tracing-hooks.ts';
import { serializerCompiler } from './lib/zod-serializer.ts';
import { registerAuth } from './plugins/app/auth.ts';
import { registerErrorHandler } from './plugins/app/errors.ts';
import { registerMetrics } from './plugins/app/metrics.ts';
import { pageHeads } from './plugins/app/page-head.ts';
import { fullRequestLog, registerResponses } from './plugins/app/responses.ts';
import { registerWeb } from './plugins/app/web.ts';
import { registerWorkers } from './plugins/app/workers.ts';
import { registerCompress } from './plugins/external/compress.ts';
import { registerCookie } from './plugins/external/cookie.ts';
import { rateLimitsFor, registerRateLimit, type RateLimits } from './plugins/external/rate-limit.ts';
import { frameworkErrorHandler, registerSecurity } from './plugins/external/security.ts';
import { registerSse } from './plugins/external/sse.ts';
import { registerSwagger } from './plugins/external/swagger.ts';
import { proposalRoutes } from './routes/account/proposals.ts';
import { agencyRoutes } from './routes/account/agency.ts';
import { insertionOrderRoutes } from './routes/account/insertion-orders.ts';
import { adRoutes } from './routes/account/ads.ts';
import { billingRoutes } from './routes/account/billing.ts';
import { campaignReportRoutes } from './routes/account/campaign-reports.ts';
import { cartRoutes } from './routes/account/cart.ts';
import { notificationStreamRoutes } from './routes/account/notifications.ts';
import { orderRoutes } from './routes/account/orders.ts';
import { planRoutes } from './routes/account/plans.ts';
import { profileRoutes } from './routes/account/profile.ts';
import { accountRoutes } from './routes/account/settings.ts';
import { supportRoutes } from './routes/account/support.ts';
import { watchRoutes } from './routes/account/watches.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { accountLinkRoutes } from './routes/public/account-links.ts';
import { authRoutes } from './routes/public/auth.ts';
import { catalogRoutes } from './routes/public/catalog.ts';
import { contentRoutes } from './routes/public/content.ts';
import { healthRoutes } from './routes/public/health.ts';
import { paymentWebhookRoutes } from './routes/public/payment-webhooks.ts';
import { playerRoutes } from './routes/public/players.ts';
import { plannerRoutes } from './routes/public/planner.ts';
import { sharedPlanRoutes } from './routes/public/shared-plans.ts';
import { deliverCampaignReports } from './services/campaign-reports/deliver-reports.ts';
import { NotificationHub } from './services/messaging/notification-hub.ts';
import { Outbox } from './services/messaging/outbox.ts';
import { createApiPixProvider } from './services/payments/api-pix/provider.ts';
import { SessionCache } from './services/session-cache.ts';
import { createStorage, type Storage } from './services/storage.ts';
import { deliverWatchAlerts } from './services/watches/deliver-alerts.ts';

z.config(z.locales.ptBR());

export interface BuildAppOptions {
  config: Config;
  database: Database;
  rateLimits?: Partial<RateLimits>;
  /** Start the outbox worker's timer (off in tests, which drain it explicitly). */
  startWorkers?: boolean;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  storage?: Storage;
  /**
   * Called for every route as it registers, with its options and schemas (the fuzz tests list them);
   * `this` is the (encapsulated) instance the route registers on.
   */
  onRoute?: (this: FastifyInstance, route: RouteOptions & { routePath: string; prefix: string }) => void;
  /** Interval of the comment that keeps a notification stream open through proxies (25 s). */
  sseHeartbeatMs?: number;
}

/** The zod compilers as Fastify's compiler factories (typed for JSON schemas, hence the cast). */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

function createFastify(
  config: Config,
  logger: boolean | undefined,
  logStream: BuildAppOptions['logStream'],
  traces: TracingHooks | undefined,
) {
  return Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // Request lines carry `reqId` (Fastify's child logger); with tracing on, every line written
            // inside a span also carries its trace_id and span_id (decision 114).
            ...(traces ? { mixin: () => traces.logMixin() } : {}),
            ...(logStream ? { stream: logStream } : {}),
            ...(!logStream && process.stdout.isTTY && config.env !== 'production'
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
                  },
                }
              : {}),
          },
    // Two full lines per request cost a third of a bare route's time (issue #21): below debug, the
    // access log is one compact line, sampled for successful answers (plugins/app/responses.ts).
    logController: new LogController({ disableRequestLogging: !fullRequestLog(config) }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A body that stalls, or a request that never finishes, does not hold a connection forever
    // (issue 22, item 3). The idle timeout also closes sockets nobody uses.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.bodyIdleTimeoutMs,
    frameworkErrors: frameworkErrorHandler(config),
    // Every route validates and serialises with its zod schemas. Given here rather than with
    // setValidatorCompiler, Fastify does not load its JSON-schema compilers (ajv, fast-json-stringify:
    // ≈ 250 files, 50 ms at start) that no route uses (issue #21).
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();
}

/**
 * The dependencies of every route: the outbox and its producers, live notifications, sessions, caches.
 * `listening` settles when the hub's and the session cache's LISTEN connections are up: they connect
 * while the routes register, not one after the other before (issue #21: first answer ≤ 1 s).
 */
function createDeps(
  app: FastifyInstance,
  options: BuildAppOptions,
): { deps: AppDeps; listening: Promise<void> } {
  const { config, database } = options;
  const outbox = new Outbox(database.db, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    publicUrl: config.publicUrl,
  });
  // Watch alerts and campaign reports are produced after commit, by the outbox's worker (decision 036).
  outbox.addProducer('locais observados', () =>
    deliverWatchAlerts(database.db, outbox, {
      publicUrl: config.publicUrl,
      alertMinutes: config.watchAlertMinutes,
    }),
  );
  outbox.addProducer('relatórios de campanha', () =>
    deliverCampaignReports(database.db, outbox, config.publicUrl),
  );
  const hub = new NotificationHub(database, app.log);
  const sessionCache = new SessionCache(database, config.sessionCacheSeconds * 1000, app.log);
  const listening = Promise.all([hub.start(), sessionCache.start()]).then(() => undefined);
  const deps: AppDeps = {
    db: database.db,
    database,
    config,
    outbox,
    storage: options.storage ?? createStorage(config),
    catalogCache: new ReadCache(config.catalogCacheSeconds * 1000),
    rateLimits: rateLimitsFor(config, options.rateLimits),
    hub,
    sessionCache,
    kickExports: () => undefined,
    kickFiscal: () => undefined,
    payments: config.pixPsp ? createApiPixProvider(config.pixPsp, config.pix.key) : undefined,
    kickRefunds: () => undefined,
  };
  return { deps, listening };
}

/** Plugins, then routes (docs/decisions/038-api-layout.md): the whole API and the web app it serves. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const traces = tracing();
  const app = createFastify(config, options.logger, options.logStream, traces);
  // Before any plugin registers, so that no route is missed.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // A span per request and for its hooks, when tracing is on (before every hook and route it wraps).
  if (traces) await app.register(traces.fastifyPlugin());

  const { deps, listening } = createDeps(app, options);
  app.decorate('deps', deps);

  registerErrorHandler(app);
  registerResponses(app, config);
  registerMetrics(app, deps);
  await registerCompress(app);
  await registerCookie(app);
  await registerSecurity(app, config);
  await registerRateLimit(app, config);
  await registerSwagger(app);
  registerSse(app, { heartbeatMs: options.sseHeartbeatMs ?? 25_000 });
  registerAuth(app, deps);

  await app.register(healthRoutes(options.database));
  await app.register(authRoutes(deps), { prefix: '/api/auth' });
  await app.register(profileRoutes(deps), { prefix: '/api/profile' });
  await app.register(accountRoutes(deps), { prefix: '/api/account' });
  await app.register(accountLinkRoutes(deps), { prefix: '/api' });
  await app.register(cartRoutes(deps), { prefix: '/api' });
  await app.register(catalogRoutes(deps), { prefix: '/api' });
  await app.register(plannerRoutes(deps), { prefix: '/api' });
  await app.register(orderRoutes(deps), { prefix: '/api' });
  await app.register(paymentWebhookRoutes(deps), { prefix: '/api' });
  await app.register(playerRoutes(deps), { prefix: '/api' });
  await app.register(watchRoutes(deps), { prefix: '/api' });
  await app.register(campaignReportRoutes(deps), { prefix: '/api' });
  await app.register(proposalRoutes(deps), { prefix: '/api' });
  await app.register(agencyRoutes(deps), { prefix: '/api' });
  await app.register(insertionOrderRoutes(deps), { prefix: '/api' });
  await app.register(planRoutes(deps), { prefix: '/api' });
  await app.register(sharedPlanRoutes(deps), { prefix: '/api' });
  await app.register(notificationStreamRoutes(deps), { prefix: '/api' });
  await app.register(adminRoutes(deps), { prefix: '/api/admin' });
  await app.register(adRoutes(deps), { prefix: '/api' });
  await app.register(billingRoutes(deps), { prefix: '/api' });
  await app.register(supportRoutes(deps), { prefix: '/api' });

  await app.register(contentRoutes(deps));

  await registerWeb(app, config.webDist, pageHeads(deps), deps.catalogCache);
  registerWorkers(app, deps, options.startWorkers ?? false);
  await listening;
  return app;
}
