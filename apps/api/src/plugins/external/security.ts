import { Stream } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpMessages } from '@urbana/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { AFTER_PAINT_CSP_SOURCE } from '../app/after-paint.ts';
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

/** A string holds U+0000, which PostgreSQL text cannot store: the request is refused. */
export const HAS_NUL = 1;
/** A string holds a lone surrogate (`\ud800`), which is not Unicode: jsonb refuses it, text mangles it. */
export const ILL_FORMED = 2;

/**
 * What the strings anywhere in the value (keys included) hold that the database cannot keep as they
 * are: 0, HAS_NUL and/or ILL_FORMED. One walk, without recursion, that stops at the first NUL.
 */
export function textFlaws(value: unknown): number {
  // An upload's body is the raw stream: its bytes are the file's, not text for the database.
  if (value instanceof Stream) return 0;
  let flaws = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return HAS_NUL;
      if (!item.isWellFormed()) flaws = ILL_FORMED;
    } else if (isWalkable(item)) {
      for (const key in item) {
        if (key.includes('\u0000')) return HAS_NUL;
        if (!key.isWellFormed()) flaws = ILL_FORMED;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return flaws;
}

function isWalkable(item: unknown): item is object {
  return item !== null && typeof item === 'object' && !Buffer.isBuffer(item) && !(item instanceof Stream);
}

/**
 * The value with every lone surrogate of its strings and keys replaced by U+FFFD, as a UTF-8 decoder
 * would have done had the client sent bytes instead of a JSON escape (issue #39 item 9). Objects and
 * arrays are fixed in place; only a value textFlaws found ILL_FORMED is walked.
 */
export function toWellFormedDeep<T>(value: T): T {
  if (typeof value === 'string') return value.toWellFormed() as T;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!isWalkable(item)) continue;
    const record = item as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      const fixed = typeof child === 'string' && !child.isWellFormed() ? child.toWellFormed() : child;
      if (!key.isWellFormed()) {
        delete record[key];
        record[key.toWellFormed()] = fixed;
      } else if (fixed !== child) record[key] = fixed;
      stack.push(child);
    }
  }
  return value;
}

/**
 * A path spelled as nobody's browser spells it: percent-encoded unreserved characters (`%61dmin`) or
 * slashes (`%2F`, `%5C`), empty segments (`//`), dot segments, or a segment ending in a dot. The
 * router decodes what the raw URL hides, so any decision taken from the raw URL could be walked around
 * (issue #39 item 1, docs/decisions/070-canonical-paths.md): such a path is refused before anything
 * runs, and every access decision is taken on the matched route anyway.
 */
export function nonCanonicalPath(url: string): boolean {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (path.includes('//') || path.includes('\\')) return true;
  if (/%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[def]|5[cf]|7e)/i.test(path)) return true;
  return path.split('/').some((segment) => segment.endsWith('.'));
}

/** Routes called by other servers, authenticated by their own signature. */
// The one-click unsubscribe is POSTed by mail programs from anywhere (RFC 8058); it only turns e-mails off.
const CROSS_SITE_ALLOWED = ['/api/webhooks/', '/api/email/descadastrar'];

/** The Content-Security-Policy of every answer (HTML, JSON, files and errors). */
function cspDirectives(config: Config): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    // The one inline script: the loader of a server-drawn page's scripts (plugins/app/after-paint.ts).
    'script-src': ["'self'", AFTER_PAINT_CSP_SOURCE],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', tileSource(config.tileUrl)],
    // The screens' web player plays its cached videos from object URLs (decision 101).
    'media-src': ["'self'", 'blob:'],
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
 * What the API answers (JSON, files, PDFs) may load: nothing, and no page may frame them. The pages'
 * policy is for HTML; an answer of /api is never a page, so its policy is the strictest one and a
 * tenth of the bytes every answer carries (issue #21, per-request tax). The API docs are a page.
 */
const API_CSP = "default-src 'none';frame-ancestors 'none'";

/**
 * The security headers of every answer (HTML, JSON, files and errors), computed once when the app
 * starts: the policy is fixed by the configuration, so no request rebuilds it (issue #21: building
 * it per request cost 16 % of a bare route's CPU). The same set a hardened server sends: CSP,
 * isolation of the browsing context and of resources, nosniff, no framing, the referrer policy and,
 * over https, HSTS. `kind` chooses the CSP: a page's, or the API's (`api`).
 */
export function securityHeaders(config: Config, kind: 'page' | 'api' = 'page'): Record<string, string> {
  const csp =
    kind === 'api'
      ? API_CSP
      : Object.entries(cspDirectives(config))
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
  const headersFor = securityHeadersFor(config);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const headers = headersFor(request.url);
    const status = error.statusCode ?? 400;
    if (status >= 500) void reply.code(500).headers(headers).send({ message: httpMessages.internal });
    else
      void reply
        .code(status)
        .headers(headers)
        .send({ message: statusMessage(status) });
  };
}

/** The headers for a URL: the API's under /api/ (its docs excepted, a page), else a page's. */
export function securityHeadersFor(config: Config): (url: string) => Record<string, string> {
  const page = securityHeaders(config, 'page');
  const api = securityHeaders(config, 'api');
  return (url) => (url.startsWith('/api/') && !url.startsWith('/api/docs') ? api : page);
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
  // A lone surrogate is made U+FFFD before validation, so that every rule, every column and the
  // audit entry's jsonb see the same valid Unicode (issue #39 item 9). One walk finds both; only an
  // input that has a lone surrogate is walked again. Callback hooks: no promise per request (issue
  // #21, per-request tax).
  app.addHook('preValidation', (request, _reply, done) => {
    const params = textFlaws(request.params);
    const query = textFlaws(request.query);
    const body = textFlaws(request.body);
    if ((params | query | body) & HAS_NUL) return done(new AppError(400, httpMessages.invalidCharacters));
    if (params) request.params = toWellFormedDeep(request.params);
    if (query) request.query = toWellFormedDeep(request.query);
    if (body) request.body = toWellFormedDeep(request.body);
    done();
  });

  const headersFor = securityHeadersFor(config);
  const publicOrigin = new URL(config.publicUrl).origin;
  const crossSite = (request: FastifyRequest): boolean => {
    if (SAFE_METHODS.has(request.method)) return false;
    if (CROSS_SITE_ALLOWED.some((prefix) => request.url.startsWith(prefix))) return false;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
    const origin = request.headers.origin;
    if (origin === undefined) return false;
    return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url));
    if (nonCanonicalPath(request.url)) return done(new AppError(400, httpMessages.nonCanonicalPath));
    done(crossSite(request) ? new AppError(403, httpMessages.crossSite) : undefined);
  });
}
