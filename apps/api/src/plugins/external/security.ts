import { Stream } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpMessages } from '@urbana/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { statusMessage } from '../app/errors.ts';

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
  // An upload's body is the raw stream: its bytes are the file's, not text for the database.
  if (value instanceof Stream) return false;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (
      item !== null &&
      typeof item === 'object' &&
      !Buffer.isBuffer(item) &&
      !(item instanceof Stream)
    ) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** Routes called by other servers, authenticated by their own signature. */
// The one-click unsubscribe is POSTed by mail programs from anywhere (RFC 8058); it only turns e-mails off.
const CROSS_SITE_ALLOWED = ['/api/webhooks/', '/api/email/descadastrar'];

/** The Content-Security-Policy of every answer (HTML, JSON, files and errors). */
function cspDirectives(config: Config): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', tileSource(config.tileUrl)],
    'font-src': ["'self'", 'data:'],
    // The billing form asks the CEP service for an address (docs/decisions/023-customer-journey-details.md).
    'connect-src': ["'self'", ...(config.cepLookupUrl ? [new URL(config.cepLookupUrl).origin] : [])],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(config.secureCookies ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

const HSTS_MAX_AGE = 31536000;

/**
 * The security headers of every answer (HTML, JSON, files and errors), computed once when the app
 * starts: the policy is fixed by the configuration, so no request rebuilds it (issue #21: building
 * it per request cost 16 % of a bare route's CPU). The same set a hardened server sends: CSP,
 * isolation of the browsing context and of resources, nosniff, no framing, the referrer policy and,
 * over https, HSTS.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const csp = Object.entries(cspDirectives(config))
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(config.secureCookies
      ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE}; includeSubDomains` }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (`/api/%zz`) is answered like every other
 * bad request, `{ message }` in Portuguese with the security headers, instead of Fastify's English
 * JSON that repeats the path.
 */
export function frameworkErrorHandler(config: Config) {
  const headers = securityHeaders(config);
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 400;
    if (status >= 500) void reply.code(500).headers(headers).send({ message: httpMessages.internal });
    else
      void reply
        .code(status)
        .headers(headers)
        .send({ message: statusMessage(status) });
  };
}

/** The API docs (Swagger UI) keep their own CSP, but may not be framed either. */
export function docsCsp(header: string): string {
  return header.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'");
}

/**
 * Security headers, and the same-origin rule for state-changing requests: a browser always sends
 * Sec-Fetch-Site or Origin on a cross-site POST, and either one from elsewhere is refused.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // The API reads JSON only: a text/plain body (what a form on another site can send without a
  // preflight) is refused with 415 like any other type.
  app.removeContentTypeParser('text/plain');

  // PostgreSQL text cannot hold U+0000: refuse it in any input instead of failing in the database.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new AppError(400, httpMessages.invalidCharacters);
    }
  });

  const headers = securityHeaders(config);
  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
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
