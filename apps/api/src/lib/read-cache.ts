import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/**
 * Brotli quality of the answers. Most catalogue reads are of answers no one asked for in the last
 * seconds (many products, many searches), so each is compressed for one request: quality 3 takes
 * half the time of 5 for about 7 % more bytes (a product page: 35 against 76 µs, 1,246 against
 * 1,165 bytes; docs/decisions/053-prepared-hot-reads.md).
 */
const BROTLI_QUALITY = 3;

/**
 * A cached answer: its text, its ETag and its compressed bytes, each made once when first asked (a
 * page's document has no ETag, and a page kept for the next render is never sent as it is).
 */
export class CachedAnswer {
  private tag: string | undefined;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly body: string) {}

  get etag(): string {
    this.tag ??= `"${createHash('sha1').update(this.body).digest('base64url').slice(0, 22)}"`;
    return this.tag;
  }

  bytes(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(this.body),
              },
            })
          : gzipSync(this.body, { level: 6 });
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/**
 * A small in-process cache of serialised catalogue answers (a product page, a search). Entries
 * live `ttlMs` at most; any change of availability made by this process (an order placed, paid,
 * cancelled or expired) clears it at once, and the TTL bounds how long another instance's change
 * can go unseen. Bookings never trust it: placing an order re-checks every slot in the database.
 * Each entry keeps its compressed bytes, so a browser's `Accept-Encoding` costs no compression per
 * request (issue #21).
 */
export class ReadCache {
  private readonly entries = new Map<string, { answer: CachedAnswer; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  get seconds(): number {
    return Math.floor(this.ttlMs / 1000);
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  /** Keeps the body (when caching is on) and returns it as an answer either way. */
  set(key: string, body: string): CachedAnswer {
    const answer = new CachedAnswer(body);
    if (this.ttlMs <= 0) return answer;
    this.entries.delete(key);
    this.entries.set(key, { answer, expires: Date.now() + this.ttlMs });
    // Oldest first in a Map: drop from the front when over the limit.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return answer;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Answers below this size travel as they are (as @fastify/compress's threshold in app.ts). */
const COMPRESS_FROM_BYTES = 1024;

function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const offered = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  if ((offered.get('br') ?? 0) > 0) return 'br';
  if ((offered.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Sends a cached JSON answer the way a browser or a shared cache wants it: with its ETag (304 when
 * the browser already holds it), compressed as asked, and a Cache-Control that lets nginx or a CDN
 * keep it as long as this process would (`s-maxage`) while a browser revalidates each time.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  sharedSeconds: number,
): FastifyReply {
  reply
    .type('application/json; charset=utf-8')
    .header('etag', answer.etag)
    .header(
      'cache-control',
      sharedSeconds > 0 ? `public, max-age=0, s-maxage=${sharedSeconds}` : 'public, no-cache',
    );
  if (matches(request.headers['if-none-match'], answer.etag)) {
    return reply.header('vary', 'accept-encoding').code(304).send();
  }
  return sendEncoded(request, reply, answer);
}

/**
 * Sends an answer's text compressed as the browser asks (the bytes made once per answer), or as it
 * is when it is small or the browser asks for neither brotli nor gzip.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): FastifyReply {
  reply.header('vary', 'accept-encoding');
  const encoding =
    answer.body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer.bytes(encoding));
}
