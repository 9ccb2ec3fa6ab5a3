import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orderStatuses } from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import { observeRequest, registry, scraped, startProcessMetrics } from '../../lib/metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * The figures read from the database at scrape time, in one statement: orders by state (a count
 * grouped by status) and the outbox's backlog (its partial index on pending rows). The oldest age is
 * how long the oldest message that is due has waited: a retry waiting for its backoff is not late.
 */
async function collectDatabaseFigures(deps: AppDeps): Promise<void> {
  const pool = deps.database.poolStats();
  scraped.poolSize.set(pool.max);
  if (pool.inUse !== undefined) scraped.poolInUse.set(pool.inUse);
  if (pool.idle !== undefined) scraped.poolIdle.set(pool.idle);
  if (pool.waiting !== undefined) scraped.poolWaiting.set(pool.waiting);
  try {
    const result = await deps.db.execute<{ kind: string; state: string; n: number; age: number }>(sql`
      select 'pedido' as kind, status as state, count(*)::int as n, 0::float8 as age
        from orders group by status
      union all
      select 'fila', 'pendente', count(*)::int,
        coalesce(extract(epoch from now() - min(send_after) filter (where send_after <= now())), 0)::float8
        from email_log where status = 'pendente'`);
    for (const state of orderStatuses) scraped.ordersByState.set({ state }, 0);
    for (const row of result.rows) {
      if (row.kind === 'pedido') scraped.ordersByState.set({ state: row.state }, Number(row.n));
      else {
        scraped.outboxQueued.set(Number(row.n));
        scraped.outboxOldestAge.set(Math.max(0, Number(row.age)));
      }
    }
  } catch {
    // The process figures still answer; the alert on this counter says the database did not.
    scraped.scrapeErrors.inc();
  }
}

/** The whole text of /metrics (Prometheus text format 0.0.4). */
export async function renderMetrics(deps: AppDeps): Promise<{ contentType: string; body: string }> {
  await collectDatabaseFigures(deps);
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/**
 * Request durations for every answer, by route template, when metrics can be read (METRICS_PORT or
 * METRICS_TOKEN); `/metrics` on the main port only with METRICS_TOKEN
 * (docs/decisions/086-metrics-and-alerts.md).
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps): void {
  const { port, token } = deps.config.metrics;
  // Nobody can read them without a listener or a token: no event-loop monitor, no hook per request.
  if (port === undefined && !token) return;
  startProcessMetrics();
  // A callback hook: no promise per request (issue #21, per-request tax).
  app.addHook('onResponse', (request, reply, done) => {
    observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'Informe o token de métricas.' });
    const { contentType, body } = await renderMetrics(deps);
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

/**
 * The listener of METRICS_PORT, apart from the public one: bound to METRICS_HOST (loopback unless
 * told otherwise), answering GET /metrics only — with the token too when METRICS_TOKEN is set.
 */
export async function startMetricsServer(
  metrics: Config['metrics'],
  deps: AppDeps,
): Promise<Server | undefined> {
  if (metrics.port === undefined) return undefined;
  const allowed = (req: IncomingMessage) =>
    !metrics.token || bearerMatches(req.headers.authorization, metrics.token);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Não encontrado.\n');
      return;
    }
    if (!allowed(req)) {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    renderMetrics(deps).then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(metrics.port, metrics.host, () => resolve());
  });
  return server;
}
