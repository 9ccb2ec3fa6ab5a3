import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import { and, asc, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { textSearch } from '../../db/search.ts';
import { profiles } from '../../db/schema/index.ts';
import { route } from '../../lib/endpoint-route.ts';
import {
  broadcastNotification,
  countAudience,
  listBroadcasts,
} from '../../services/messaging/notifications.ts';
import {
  cancelScheduledEmail,
  createScheduledEmail,
  listScheduledEmails,
  updateScheduledEmail,
} from '../../services/messaging/scheduled-emails.ts';

const PAGE_SIZE = 20;

/** /admin/notificacoes (staff) and /admin/email-agendados (admin only). */
export const messagingAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const { notifications, scheduledEmails } = endpoints.admin;

    route(app, notifications.recipients, async (request) => {
      const items = await db
        .select({
          id: profiles.id,
          email: profiles.email,
          nome_completo: profiles.nome_completo,
          tipo_usuario: profiles.tipo_usuario,
        })
        .from(profiles)
        .where(
          and(
            isNull(profiles.blocked_at),
            textSearch(request.query.q, [profiles.email, profiles.nome_completo]) ?? sql`false`,
          ),
        )
        .orderBy(asc(profiles.email))
        .limit(10);
      return { items };
    });
    route(app, notifications.list, async (request) => ({
      ...(await listBroadcasts(db, request.query.page, PAGE_SIZE)),
      page: request.query.page,
      page_size: PAGE_SIZE,
    }));
    route(app, notifications.audience, async (request) => ({
      recipients: await countAudience(db, request.query.segment, request.query.user_id ?? null),
    }));
    route(app, notifications.send, async (request) => {
      const sent = await broadcastNotification(db, request.user!.id, request.ip, request.body);
      return { id: sent.id, recipients: sent.recipients };
    });

    route(app, scheduledEmails.list, async (request) => ({
      ...(await listScheduledEmails(db, request.query.page, PAGE_SIZE)),
      page: request.query.page,
      page_size: PAGE_SIZE,
    }));
    route(app, scheduledEmails.create, async (request) =>
      createScheduledEmail(db, request.user!.id, request.body, request.ip),
    );
    route(app, scheduledEmails.update, async (request) =>
      updateScheduledEmail(db, request.user!.id, request.params.id, request.body, request.ip),
    );
    route(app, scheduledEmails.cancel, async (request) =>
      cancelScheduledEmail(db, request.user!.id, request.params.id, request.ip),
    );
  };
