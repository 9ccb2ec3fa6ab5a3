import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { httpMessages, messageSchema, notificationReadSchema, unreadCountSchema } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { readSessionToken, requireUser } from '../../plugins/app/auth.ts';
import { isSessionActive } from '../../services/auth/index.ts';
import { z } from 'zod';
import {
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATION_NOT_FOUND,
  notificationForStream,
  unreadCount,
} from '../../services/messaging/notifications.ts';

/** Open streams one user may hold on one instance (tabs, devices). */
const MAX_STREAMS_PER_USER = 10;

function sseEvent(event: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /api/notifications/stream — Server-Sent Events for the signed-in user:
 * `notificacao` ({ notification, unread }) for each new notification, `sincronizar` ({ unread }) when
 * some may have been missed (the database connection was lost), a comment every heartbeatMs. The
 * stream ends when the session does.
 */
export const notificationStreamRoutes =
  (deps: AppDeps, options: { heartbeatMs: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, hub, config } = deps;
    const open = new Set<() => void>();
    // Open streams would keep the server from closing.
    app.addHook('preClose', async () => {
      for (const end of [...open]) end();
    });

    app.get(
      '/notifications/stream',
      {
        preHandler: requireUser,
        schema: {
          tags: ['notificações'],
          summary: 'Notificações ao vivo (Server-Sent Events): evento "notificacao" a cada nova',
          response: { 401: messageSchema, 429: messageSchema },
        },
      },
      async (request, reply) => {
        const userId = request.user!.id;
        const token = readSessionToken(request, config)!;
        if (hub.subscriberCount(userId) >= MAX_STREAMS_PER_USER)
          throw new AppError(429, httpMessages.tooManyRequests);

        // HEAD (which Fastify adds for every GET) gets the stream's headers and no body, at once.
        if (request.method === 'HEAD') {
          reply.hijack();
          reply.raw.writeHead(200, {
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-store',
          });
          reply.raw.end();
          return;
        }

        // Written by hand: no compression, no buffering, nothing waits for the end of the body.
        reply.hijack();
        const res = reply.raw;
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
        const write = (chunk: string) => {
          if (!ended) res.write(chunk);
        };
        // Events go out one at a time, in the order they were heard.
        const enqueue = (task: () => Promise<string | null>) => {
          queue = queue
            .then(task)
            .then((chunk) => {
              if (chunk) write(chunk);
            })
            .catch((err: unknown) => request.log.warn({ err }, 'falha ao enviar notificação ao vivo'));
        };

        const unsubscribe = hub.subscribe(userId, (event) =>
          enqueue(async () => {
            if (event.type === 'resync')
              return sseEvent('sincronizar', { unread: await unreadCount(db, userId) });
            const found = await notificationForStream(db, userId, event.id);
            return found ? sseEvent('notificacao', found, found.notification.id) : null;
          }),
        );
        const heartbeat = setInterval(() => {
          write(': ping\n\n');
          enqueue(async () => {
            // Signed out, blocked or expired: the stream ends (a database outage does not end it).
            const active = await isSessionActive(deps, token).catch(() => true);
            if (!active) end();
            return null;
          });
        }, options.heartbeatMs);
        const end = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          unsubscribe();
          open.delete(end);
          res.end();
        };
        open.add(end);
        res.on('close', end);
        write('retry: 5000\n: conectado\n\n');
      },
    );

    app.post(
      '/notifications/:id/read',
      {
        preValidation: requireUser,
        schema: {
          tags: ['notificações'],
          summary: 'Marca uma notificação como lida',
          params: z.object({ id: z.string().uuid({ error: NOTIFICATION_NOT_FOUND }) }),
          body: z.object({}).nullish(),
          response: {
            200: notificationReadSchema,
            400: messageSchema,
            401: messageSchema,
            404: messageSchema,
          },
        },
      },
      async (request) => markNotificationRead(db, request.user!.id, request.params.id),
    );

    app.post(
      '/notifications/read-all',
      {
        preValidation: requireUser,
        schema: {
          tags: ['notificações'],
          summary: 'Marca todas as minhas notificações como lidas',
          body: z.object({}).nullish(),
          response: { 200: unreadCountSchema, 401: messageSchema },
        },
      },
      async (request) => markAllNotificationsRead(db, request.user!.id),
    );
  };
