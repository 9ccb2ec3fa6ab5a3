import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, httpMessages } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { AppError } from '../../lib/errors.ts';
import { readSessionToken, requireUser } from '../../plugins/app/auth.ts';
import { sseEvent } from '../../plugins/external/sse.ts';
import { isSessionActive } from '../../services/auth/index.ts';
import {
  markAllNotificationsRead,
  markNotificationRead,
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

    route(
      app,
      endpoints.notifications.stream,
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
      { preHandler: requireUser },
    );

    route(
      app,
      endpoints.notifications.read,
      async (request) => markNotificationRead(db, request.user!.id, request.params.id),
      {
        preValidation: requireUser,
      },
    );

    route(
      app,
      endpoints.notifications.readAll,
      async (request) => markAllNotificationsRead(db, request.user!.id),
      {
        preValidation: requireUser,
      },
    );
  };
