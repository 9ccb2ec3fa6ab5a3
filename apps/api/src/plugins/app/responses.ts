import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/** True when Fastify writes its own two lines a request (debug and trace). */
export const fullRequestLog = (config: Config) => config.logLevel === 'debug' || config.logLevel === 'trace';

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

/** What every answer gets: the API's cache policy, the end of a refused large body, the access log. */
export function registerResponses(app: FastifyInstance, config: Config): void {
  const compactLog = !fullRequestLog(config);
  // Answers of the API carry personal data more often than not (profile, billing, orders, invoices,
  // Pix, media, notifications): none may be kept by a browser or a shared cache unless the route set
  // its own policy (public catalogue answers, immutable photos). Issue 22, item 6.
  // Callback hooks: no promise per request (issue #21, per-request tax).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    // A body refused as too large is not read to its end: the connection cannot be reused (item 3).
    if (reply.statusCode === 413) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (compactLog) accessLog(request, reply, config.accessLogSample);
    if (reply.statusCode === 413) closeAfter(request);
    done();
  });
}

/**
 * After a 413: the answer is flushed; close our side, read and drop what the browser still sends for
 * a moment (closing with unread data would reset the connection and could lose the answer), then
 * destroy the socket. Without this Chromium, still sending a 26 MB body, never saw the 413 (issue 22).
 */
function closeAfter(request: FastifyRequest): void {
  const socket = request.raw.socket as Socket | null;
  if (!socket || socket.destroyed || typeof socket.end !== 'function') return;
  request.raw.resume();
  socket.end();
  setTimeout(() => socket.destroy(), 1000).unref();
}
