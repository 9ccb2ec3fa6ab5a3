import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { signInErrors } from '@urbana/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

export interface RateLimit {
  max: number;
  timeWindow: number;
}

/**
 * The one table of per-IP request limits (docs/spec/product.md §1; issue: 30 sign-ups per 5 minutes
 * per IP, …). Routes name their entry (`config: { rateLimit: deps.rateLimits.quotes }`). The per-account
 * limit on placing orders is not here: it is counted per account and set by ORDER_RATE_* (decision 026).
 */
export const defaultRateLimits = {
  signUp: { max: 30, timeWindow: 5 * 60_000 },
  signIn: { max: 30, timeWindow: 5 * 60_000 },
  emails: { max: 10, timeWindow: 15 * 60_000 },
  tokens: { max: 30, timeWindow: 15 * 60_000 },
  supportTickets: { max: 5, timeWindow: 15 * 60_000 },
  quotes: { max: 120, timeWindow: 60_000 },
  cnpjLookups: { max: 20, timeWindow: 60_000 },
  proposalPdfs: { max: 30, timeWindow: 60_000 },
  mediaUploads: { max: 120, timeWindow: 60_000 },
  paymentWebhooks: { max: 600, timeWindow: 60_000 },
} satisfies Record<string, RateLimit>;

export type RateLimits = typeof defaultRateLimits;

/** Called by the payment provider's servers, not by people behind one office network: not scaled. */
const UNSCALED = new Set<keyof RateLimits>(['paymentWebhooks']);

/** The table with tests' overrides, every limit multiplied by RATE_LIMIT_SCALE (at least 1). */
export function rateLimitsFor(config: Config, overrides: Partial<RateLimits> = {}): RateLimits {
  const limits: RateLimits = { ...defaultRateLimits, ...overrides };
  for (const key of Object.keys(limits) as Array<keyof RateLimits>) {
    if (UNSCALED.has(key)) continue;
    limits[key] = { ...limits[key], max: Math.max(1, Math.round(limits[key].max * config.rateLimitScale)) };
  }
  return limits;
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

/** @fastify/rate-limit, off unless a route names its limit; a refusal is a Portuguese 429. */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  const redis = await connectRedis(config, app.log);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, signInErrors.tooManyRequests, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
  if (!redis) return;
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
}
