import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { httpMessages, messageSchema, notificationReadSchema, unreadCountSchema } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { readSessionToken, requireUser } from '../../plugins/app/auth.ts';
import { sseEvent } from '../../plugins/external/sse.ts';
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

/**
 * GET /api/notifications/stream — Server-Sent Events for the signed-in user:
 * `notificacao` ({ notification, unread }) for each new notification, `sincronizar` ({ unread }) when
 * some may have been missed (the database connection was lost), a comment at every heartbeat
 * (plugins/external/sse.ts). The stream ends when the session does.
 */
export const notificationStreamRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, hub, config } = deps;

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

        const stream = reply.eventStream({
          // Signed out, blocked or expired: the stream ends (a database outage does not end it).
          stillOpen: () => isSessionActive(deps, token).catch(() => true),
        });
        if (!stream) return;
        const unsubscribe = hub.subscribe(userId, (event) =>
          stream.send(async () => {
            if (event.type === 'resync')
              return sseEvent('sincronizar', { unread: await unreadCount(db, userId) });
            const found = await notificationForStream(db, userId, event.id);
            return found ? sseEvent('notificacao', found, found.notification.id) : null;
          }),
        );
        stream.onEnd(unsubscribe);
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
