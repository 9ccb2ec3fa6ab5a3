import type { Socket } from 'node:net';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { signInErrors } from '@urbana/shared';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AppError } from './lib/errors.ts';
import { ReadCache } from './lib/read-cache.ts';
import { registerAuth } from './plugins/app/auth.ts';
import { registerErrorHandler } from './plugins/app/errors.ts';
import { docsCsp, frameworkErrorHandler, registerSecurity } from './plugins/external/security.ts';
import { registerWeb } from './plugins/app/web.ts';
import { pageHeads } from './plugins/app/page-head.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { proposalRoutes } from './routes/account/proposals.ts';
import { expireHolds } from './services/inventory/holds.ts';
import { adminCampaignRoutes } from './routes/admin/campaigns.ts';
import { adRoutes } from './routes/account/ads.ts';
import { authRoutes } from './routes/public/auth.ts';
import { cartRoutes } from './routes/account/cart.ts';
import { catalogRoutes } from './routes/public/catalog.ts';
import { contentRoutes } from './routes/public/content.ts';
import { notificationStreamRoutes } from './routes/account/notifications.ts';
import { orderRoutes } from './routes/account/orders.ts';
import { expireOrders } from './services/orders/expire.ts';
import { healthRoutes } from './routes/public/health.ts';
import { accountRoutes } from './routes/account/settings.ts';
import { accountLinkRoutes } from './routes/public/account-links.ts';
import { planRoutes } from './routes/account/plans.ts';
import { sharedPlanRoutes } from './routes/public/shared-plans.ts';
import { plannerRoutes } from './routes/public/planner.ts';
import { teamAdminRoutes } from './routes/admin/team.ts';
import { processDataExports } from './services/account/data-export.ts';
import { profileRoutes } from './routes/account/profile.ts';
import { billingRoutes } from './routes/account/billing.ts';
import { supportRoutes } from './routes/account/support.ts';
import { messagingAdminRoutes } from './routes/admin/messaging.ts';
import { markOverdueInvoices } from './services/invoices.ts';
import { NotificationHub } from './services/messaging/notification-hub.ts';
import { SessionCache } from './services/session-cache.ts';
import { Outbox } from './services/messaging/outbox.ts';
import { watchRoutes } from './routes/account/watches.ts';
import { campaignReportRoutes } from './routes/account/campaign-reports.ts';
import { deliverWatchAlerts } from './services/watches/deliver-alerts.ts';
import { deliverCampaignReports } from './services/campaign-reports/deliver-reports.ts';
import { createStorage, type Storage } from './services/storage.ts';
import { defaultRateLimits, type AppDeps } from './deps.ts';

z.config(z.locales.ptBR());

function scaleLimits(limits: typeof defaultRateLimits, scale: number): typeof defaultRateLimits {
  const scaled = { ...limits };
  for (const key of Object.keys(scaled) as Array<keyof typeof scaled>) {
    scaled[key] = { ...scaled[key], max: Math.max(1, Math.round(scaled[key].max * scale)) };
  }
  return scaled;
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  rateLimits?: Partial<typeof defaultRateLimits>;
  /** Start the outbox worker's timer (off in tests, which drain it explicitly). */
  startWorkers?: boolean;
  logger?: boolean;
  storage?: Storage;
  /** Called for every route as it registers, with its options and schemas (the fuzz tests list them). */
  onRoute?: (route: RouteOptions & { routePath: string; prefix: string }) => void;
  /** Interval of the comment that keeps a notification stream open through proxies (25 s). */
  sseHeartbeatMs?: number;
}

/**
 * The shared store of the per-IP limits: Redis when REDIS_URL is set (limits hold across instances).
 * Commands give up after a second; the limiter then lets the request through (skipOnError) rather
 * than take the site down with Redis, and the per-e-mail limits in the database still apply.
 */
async function connectRedis(config: Config, log: FastifyInstance['log']): Promise<Redis | undefined> {
  if (!config.redisUrl) return undefined;
  // ioredis (≈ 20 MB) loads only when it is used (docs/decisions/040-compiled-start-and-honest-reads.md).
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, {
    connectTimeout: 2000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
  });
  let lastWarning = 0;
  redis.on('error', (err) => {
    if (Date.now() - lastWarning < 30_000) return;
    lastWarning = Date.now();
    log.warn({ err }, 'Redis indisponível: limites por IP não estão sendo contados');
  });
  return redis;
}

/**
 * The access-log line of an answer, or null when it is left out: every refusal and error, and a
 * `sample` share of the successful answers (`roll` is a random number in [0, 1)).
 */
export function accessLogLine(
  answer: { method: string; url: string; status: number; ms: number },
  sample: number,
  roll: number,
): { level: 'info' | 'error'; line: typeof answer } | null {
  if (answer.status < 400 && roll >= sample) return null;
  return { level: answer.status >= 500 ? 'error' : 'info', line: answer };
}

function accessLog(request: FastifyRequest, reply: FastifyReply, sample: number): void {
  const entry = accessLogLine(
    { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
    sample,
    Math.random(),
  );
  if (entry) request.log[entry.level](entry.line, 'resposta');
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const fullRequestLog = config.logLevel === 'debug' || config.logLevel === 'trace';
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            ...(process.stdout.isTTY && config.env !== 'production'
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
                  },
                }
              : {}),
          },
    // Two full lines per request cost a third of a bare route's time (issue #21): below debug, the
    // access log is one compact line, sampled for successful answers (accessLog below).
    logController: new LogController({ disableRequestLogging: !fullRequestLog }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A body that stalls, or a request that never finishes, does not hold a connection forever
    // (issue 22, item 3). The idle timeout also closes sockets nobody uses.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.bodyIdleTimeoutMs,
    frameworkErrors: frameworkErrorHandler(config),
  }).withTypeProvider<ZodTypeProvider>();

  // Before any plugin registers, so that no route is missed.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const outbox = new Outbox(database.db, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    publicUrl: config.publicUrl,
  });
  // Watch alerts and campaign reports are produced after commit, by the outbox's worker (decision 036).
  outbox.addProducer('locais observados', () => deliverWatchAlerts(database.db, outbox, config.publicUrl));
  outbox.addProducer('relatórios de campanha', () =>
    deliverCampaignReports(database.db, outbox, config.publicUrl),
  );
  const hub = new NotificationHub(database, app.log);
  await hub.start();
  const sessionCache = new SessionCache(database, config.sessionCacheSeconds * 1000, app.log);
  await sessionCache.start();
  const deps: AppDeps = {
    db: database.db,
    database,
    config,
    outbox,
    storage: options.storage ?? createStorage(config),
    catalogCache: new ReadCache(config.catalogCacheSeconds * 1000),
    rateLimits: scaleLimits({ ...defaultRateLimits, ...options.rateLimits }, config.rateLimitScale),
    hub,
    sessionCache,
    kickExports: () => undefined,
  };
  app.decorate('deps', deps);

  registerErrorHandler(app);
  // Answers of the API carry personal data more often than not (profile, billing, orders, invoices,
  // Pix, media, notifications): none may be kept by a browser or a shared cache unless the route set
  // its own policy (public catalogue answers, immutable photos). Issue 22, item 6.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    // A body refused as too large is not read to its end: the connection cannot be reused (item 3).
    if (reply.statusCode === 413) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!fullRequestLog) accessLog(request, reply, config.accessLogSample);
    if (reply.statusCode !== 413) return;
    // The answer is flushed: close our side, read and drop what the browser still sends for a moment
    // (closing with unread data would reset the connection and could lose the answer), then destroy
    // the socket. Without this Chromium, still sending a 26 MB body, never saw the 413 (issue 22).
    const socket = request.raw.socket as Socket | null;
    if (!socket || socket.destroyed || typeof socket.end !== 'function') return;
    request.raw.resume();
    socket.end();
    setTimeout(() => socket.destroy(), 1000).unref();
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await registerSecurity(app, config);
  const redis = await connectRedis(config, app.log);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, signInErrors.tooManyRequests, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Urbana API',
        description: 'API do marketplace de mídia exterior Urbana.',
        version: '0.1.0',
      },
      components: { securitySchemes: { sessao: { type: 'apiKey', in: 'cookie', name: 'urbana_sessao' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: docsCsp,
  });

  registerAuth(app, deps);

  await app.register(healthRoutes(database));
  await app.register(authRoutes(deps), { prefix: '/api/auth' });
  await app.register(profileRoutes(deps), { prefix: '/api/profile' });
  await app.register(accountRoutes(deps), { prefix: '/api/account' });
  await app.register(accountLinkRoutes(deps), { prefix: '/api' });
  await app.register(cartRoutes(deps), { prefix: '/api' });
  await app.register(catalogRoutes(deps), { prefix: '/api' });
  await app.register(plannerRoutes(deps), { prefix: '/api' });
  await app.register(orderRoutes(deps), { prefix: '/api' });
  await app.register(watchRoutes(deps), { prefix: '/api' });
  await app.register(campaignReportRoutes(deps), { prefix: '/api' });
  await app.register(proposalRoutes(deps), { prefix: '/api' });
  await app.register(planRoutes(deps), { prefix: '/api' });
  await app.register(sharedPlanRoutes(deps), { prefix: '/api' });
  await app.register(notificationStreamRoutes(deps, { heartbeatMs: options.sseHeartbeatMs ?? 25_000 }), {
    prefix: '/api',
  });
  await app.register(adminRoutes(deps), { prefix: '/api/admin' });
  await app.register(adRoutes(deps), { prefix: '/api' });
  await app.register(adminCampaignRoutes(deps), { prefix: '/api/admin' });
  await app.register(billingRoutes(deps), { prefix: '/api' });
  await app.register(supportRoutes(deps), { prefix: '/api' });
  await app.register(messagingAdminRoutes(deps), { prefix: '/api/admin' });
  await app.register(teamAdminRoutes(deps), { prefix: '/api/admin' });

  await app.register(contentRoutes(deps));

  await registerWeb(app, config.webDist, pageHeads(deps), deps.catalogCache);

  let expiryTimer: NodeJS.Timeout | undefined;
  let overdueTimer: NodeJS.Timeout | undefined;
  let exportTimer: NodeJS.Timeout | undefined;
  if (options.startWorkers) {
    outbox.start();
    // Unpaid orders past their window give their slots back.
    expiryTimer = setInterval(() => {
      expireOrders(deps).catch((err: unknown) => app.log.error({ err }, 'falha ao expirar pedidos'));
      // Reservas técnicas past their time too (issue #19 item 3).
      expireHolds(deps).catch((err: unknown) => app.log.error({ err }, 'falha ao expirar reservas técnicas'));
    }, 30_000);
    expiryTimer.unref();
    // Pending invoices past their due date become overdue (the customer is told).
    const overdue = () =>
      void markOverdueInvoices(deps).catch((err: unknown) =>
        app.log.error({ err }, 'falha ao marcar faturas vencidas'),
      );
    overdue();
    overdueTimer = setInterval(overdue, 15 * 60_000);
    overdueTimer.unref();
    // "Baixar meus dados": prepared in the background, at once when asked and every minute.
    let exporting: Promise<unknown> | undefined;
    deps.kickExports = () => {
      exporting ??= processDataExports(deps)
        .catch((err: unknown) => app.log.error({ err }, 'falha ao preparar cópia de dados'))
        .finally(() => (exporting = undefined));
    };
    exportTimer = setInterval(deps.kickExports, 60_000);
    exportTimer.unref();
  }
  app.addHook('onClose', async () => {
    if (expiryTimer) clearInterval(expiryTimer);
    if (overdueTimer) clearInterval(overdueTimer);
    if (exportTimer) clearInterval(exportTimer);
    await outbox.stop();
    await hub.stop();
    await sessionCache.stop();
    if (redis) await redis.quit().catch(() => redis.disconnect());
  });
  return app;
}
