import type { FastifyInstance, FastifyReply } from 'fastify';

/** One Server-Sent Event: `event`, JSON `data` and, when given, the `id` a browser resumes from. */
export function sseEvent(event: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface EventStream {
  /** Queues a chunk: chunks go out one at a time, in the order they were queued (null sends nothing). */
  send(task: () => Promise<string | null>): void;
  /** Called once when the stream ends (the browser left, the check failed, the server closes). */
  onEnd(listener: () => void): void;
  end(): void;
}

export interface EventStreamOptions {
  /** Asked at every heartbeat, after the comment: false ends the stream (e.g. the session ended). */
  stillOpen?: () => Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Answers with an event stream written by hand: no compression, no buffering, nothing waits for
     * the end of the body. A HEAD gets the headers alone, at once, and null.
     */
    eventStream(options?: EventStreamOptions): EventStream | null;
  }
}

/**
 * The plumbing of Server-Sent Events (used by GET /api/notifications/stream): headers, a comment every
 * heartbeatMs that keeps the connection open through proxies, the order of events, and the end of
 * every open stream when the server closes (open streams would keep it from closing).
 */
export function registerSse(app: FastifyInstance, { heartbeatMs }: { heartbeatMs: number }): void {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.decorateReply('eventStream', function (this: FastifyReply, options: EventStreamOptions = {}) {
    return openEventStream(this, open, heartbeatMs, options);
  });
}

function openEventStream(
  reply: FastifyReply,
  open: Set<() => void>,
  heartbeatMs: number,
  options: EventStreamOptions,
): EventStream | null {
  reply.hijack();
  const res = reply.raw;
  if (reply.request.method === 'HEAD') {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    res.end();
    return null;
  }
  // Headers set so far by the hooks (security headers) go out too.
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) res.setHeader(name, value);
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    // Personal data: never stored by a cache (issue 22, item 6).
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });

  let ended = false;
  let queue = Promise.resolve();
  const listeners: Array<() => void> = [];
  const write = (chunk: string) => {
    if (!ended) res.write(chunk);
  };
  const send = (task: () => Promise<string | null>) => {
    queue = queue
      .then(task)
      .then((chunk) => {
        if (chunk) write(chunk);
      })
      .catch((err: unknown) => reply.request.log.warn({ err }, 'falha ao enviar evento ao vivo'));
  };
  const heartbeat = setInterval(() => {
    write(': ping\n\n');
    const { stillOpen } = options;
    if (stillOpen)
      send(async () => {
        if (!(await stillOpen())) end();
        return null;
      });
  }, heartbeatMs);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    for (const listener of listeners) listener();
    open.delete(end);
    res.end();
  };
  open.add(end);
  res.on('close', end);
  write('retry: 5000\n: conectado\n\n');
  const onEnd = (listener: () => void) => {
    if (ended) listener();
    else listeners.push(listener);
  };
  return { send, onEnd, end };
}
