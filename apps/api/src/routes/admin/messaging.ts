import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  audienceCountSchema,
  audienceQuerySchema,
  broadcastSchema,
  broadcastSentSchema,
  messagingPageQuery,
  messageSchema,
  recipientListSchema,
  recipientQuerySchema,
  scheduledEmailPageSchema,
  scheduledEmailRowSchema,
  scheduledEmailSchema,
  sentBroadcastPageSchema,
} from '@urbana/shared';
import { and, asc, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { textSearch } from '../../db/search.ts';
import { profiles } from '../../db/schema/index.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import {
  broadcastNotification,
  countAudience,
  listBroadcasts,
} from '../../services/messaging/notifications.ts';
import {
  cancelScheduledEmail,
  createScheduledEmail,
  listScheduledEmails,
  SCHEDULED_NOT_FOUND,
  updateScheduledEmail,
} from '../../services/messaging/scheduled-emails.ts';

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
};
const PAGE_SIZE = 20;

const idParams = z.object({ id: z.string().uuid({ error: SCHEDULED_NOT_FOUND }) });

/** /admin/notificacoes (staff) and /admin/email-agendados (admin only). */
export const messagingAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;

    app.register(async (inner) => {
      const staff = inner.withTypeProvider<ZodTypeProvider>();
      staff.addHook('preValidation', requireSection('notificacoes', config.adminEmails));

      staff.get(
        '/notificacoes/destinatarios',
        {
          schema: {
            tags: ['admin'],
            summary: 'Busca um usuário por nome ou email para enviar a ele',
            querystring: recipientQuerySchema,
            response: {
              200: recipientListSchema,
              ...errors,
            },
          },
        },
        async (request) => {
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
        },
      );

      staff.get(
        '/notificacoes',
        {
          schema: {
            tags: ['admin'],
            summary: 'Histórico de notificações enviadas pela equipe, com a taxa de leitura',
            querystring: messagingPageQuery,
            response: {
              200: sentBroadcastPageSchema,
              ...errors,
            },
          },
        },
        async (request) => ({
          ...(await listBroadcasts(db, request.query.page, PAGE_SIZE)),
          page: request.query.page,
          page_size: PAGE_SIZE,
        }),
      );

      staff.get(
        '/notificacoes/alcance',
        {
          schema: {
            tags: ['admin'],
            summary: 'Quantos usuários ativos uma notificação a este público alcançaria',
            querystring: audienceQuerySchema,
            response: { 200: audienceCountSchema, ...errors },
          },
        },
        async (request) => ({
          recipients: await countAudience(db, request.query.segment, request.query.user_id ?? null),
        }),
      );

      staff.post(
        '/notificacoes',
        {
          schema: {
            tags: ['admin'],
            summary: 'Envia uma notificação a todos, a um papel ou a um usuário',
            body: broadcastSchema,
            response: {
              201: broadcastSentSchema,
              ...errors,
            },
          },
        },
        async (request, reply) => {
          const sent = await broadcastNotification(db, request.user!.id, request.ip, request.body);
          return reply.code(201).send({ id: sent.id, recipients: sent.recipients });
        },
      );
    });

    app.register(async (inner) => {
      const admin = inner.withTypeProvider<ZodTypeProvider>();
      admin.addHook('preValidation', requireSection('email-agendados', config.adminEmails));

      admin.get(
        '/emails-agendados',
        {
          schema: {
            tags: ['admin'],
            summary: 'Emails agendados, com status e contagens de envio',
            querystring: messagingPageQuery,
            response: {
              200: scheduledEmailPageSchema,
              ...errors,
            },
          },
        },
        async (request) => ({
          ...(await listScheduledEmails(db, request.query.page, PAGE_SIZE)),
          page: request.query.page,
          page_size: PAGE_SIZE,
        }),
      );

      admin.post(
        '/emails-agendados',
        {
          schema: {
            tags: ['admin'],
            summary: 'Agenda um email para um público numa data e hora',
            body: scheduledEmailSchema,
            response: { 201: scheduledEmailRowSchema, ...errors },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await createScheduledEmail(db, request.user!.id, request.body, request.ip)),
      );

      admin.put(
        '/emails-agendados/:id',
        {
          schema: {
            tags: ['admin'],
            summary: 'Edita um email ainda agendado',
            params: idParams,
            body: scheduledEmailSchema,
            response: { 200: scheduledEmailRowSchema, ...errors },
          },
        },
        async (request) =>
          updateScheduledEmail(db, request.user!.id, request.params.id, request.body, request.ip),
      );

      admin.post(
        '/emails-agendados/:id/cancelar',
        {
          schema: {
            tags: ['admin'],
            summary: 'Cancela um email ainda agendado',
            params: idParams,
            body: z.object({}).nullish(),
            response: { 200: scheduledEmailRowSchema, ...errors },
          },
        },
        async (request) => cancelScheduledEmail(db, request.user!.id, request.params.id, request.ip),
      );
    });
  };
