import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { httpMessages } from '@urbana/shared';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

/** The map tile server's origin for img-src ("{s}." subdomains become a wildcard). */
export function tileSource(tileUrl: string): string {
  try {
    const url = new URL(tileUrl.replace('{s}', 'subdominio').replace(/\{[a-z]+\}/g, '0'));
    return `${url.protocol}//${url.host.replace('subdominio', '*')}`;
  } catch {
    return "'self'";
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when a string anywhere in the value (keys included) holds U+0000; walks without recursion. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** Routes called by other servers, authenticated by their own signature. */
const CROSS_SITE_ALLOWED = ['/api/webhooks/'];

/**
 * Security headers, and the same-origin rule for state-changing requests: a browser always sends
 * Sec-Fetch-Site or Origin on a cross-site POST, and either one from elsewhere is refused.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:', tileSource(config.tileUrl)],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(config.secureCookies ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  // PostgreSQL text cannot hold U+0000: refuse it in any input instead of failing in the database.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new AppError(400, httpMessages.invalidCharacters);
    }
  });

  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (CROSS_SITE_ALLOWED.some((prefix) => request.url.startsWith(prefix))) return;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw new AppError(403, httpMessages.crossSite);
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== publicOrigin && origin !== own) throw new AppError(403, httpMessages.crossSite);
    }
  });
}
