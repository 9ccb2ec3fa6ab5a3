import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTicketSchema,
  messageSchema,
  ticketCategories,
  ticketReplySchema,
  ticketStatuses,
  ticketUpdateSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection, requireUser } from '../../plugins/app/auth.ts';
import {
  customerReply,
  listTicketsForStaff,
  myTicket,
  myTickets,
  openTicket,
  staffMembers,
  staffReply,
  TICKET_NOT_FOUND,
  ticketForStaff,
  updateTicket,
} from '../../services/support.ts';

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
};

const ticketOut = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.enum(ticketCategories),
  status: z.enum(ticketStatuses),
  assignee_id: z.string().nullable(),
  created_at: z.string(),
  last_message_at: z.string(),
});
const threadOut = ticketOut.extend({
  messages: z.array(
    z.object({
      id: z.string(),
      author_role: z.enum(['cliente', 'equipe']),
      author_name: z.string().nullable(),
      body: z.string(),
      created_at: z.string(),
    }),
  ),
});
const idParams = z.object({ id: z.string().uuid({ error: TICKET_NOT_FOUND }) });

/** /suporte (tickets of visitors and customers) and /admin/suporte (staff inbox). */
export const supportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config, rateLimits } = deps;

    app.post(
      '/support/tickets',
      {
        config: { rateLimit: rateLimits.supportTickets },
        schema: {
          tags: ['suporte'],
          summary: 'Abre um atendimento (visitante informa nome e email; com sessão, os da conta)',
          body: createTicketSchema,
          response: { 201: ticketOut, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await openTicket(deps, request.user, request.body)),
    );

    app.register(async (inner) => {
      const user = inner.withTypeProvider<ZodTypeProvider>();
      user.addHook('preValidation', requireUser);

      user.get(
        '/support/tickets',
        {
          schema: {
            tags: ['suporte'],
            summary: 'Meus atendimentos',
            response: { 200: z.object({ items: z.array(ticketOut) }), ...errors },
          },
        },
        async (request) => ({ items: await myTickets(db, request.user!) }),
      );

      user.get(
        '/support/tickets/:id',
        {
          schema: {
            tags: ['suporte'],
            summary: 'Um atendimento meu e a conversa',
            params: idParams,
            response: { 200: threadOut, ...errors },
          },
        },
        async (request) => myTicket(db, request.user!, request.params.id),
      );

      user.post(
        '/support/tickets/:id/messages',
        {
          schema: {
            tags: ['suporte'],
            summary: 'Respondo no meu atendimento',
            params: idParams,
            body: ticketReplySchema,
            response: { 200: threadOut, ...errors },
          },
        },
        async (request) => customerReply(deps, request.user!, request.params.id, request.body.message),
      );
    });

    app.register(async (inner) => {
      const staff = inner.withTypeProvider<ZodTypeProvider>();
      staff.addHook('preValidation', requireSection('suporte', config.adminEmails));

      staff.get(
        '/admin/support/tickets',
        {
          schema: {
            tags: ['admin'],
            summary: 'Caixa de atendimentos com filtro por status e busca',
            querystring: z.object({
              status: z.enum(ticketStatuses, { error: 'Status inválido.' }).optional(),
              q: z.string().max(200, { error: 'Busca longa demais.' }).optional(),
              meus: z.enum(['1'], { error: 'Filtro inválido.' }).optional(),
              page: z.coerce
                .number({ error: 'Página inválida.' })
                .int({ error: 'Página inválida.' })
                .min(1, { error: 'Página inválida.' })
                .max(100000, { error: 'Página inválida.' })
                .default(1),
            }),
            response: {
              200: z.object({
                total: z.number(),
                page: z.number(),
                page_size: z.number(),
                counts: z.record(z.string(), z.number()),
                items: z.array(ticketOut),
              }),
              ...errors,
            },
          },
        },
        async (request) => {
          const pageSize = 20;
          const result = await listTicketsForStaff(db, {
            status: request.query.status,
            q: request.query.q,
            mine: request.query.meus ? request.user!.id : undefined,
            page: request.query.page,
            pageSize,
          });
          return { ...result, page: request.query.page, page_size: pageSize };
        },
      );

      staff.get(
        '/admin/support/staff',
        {
          schema: {
            tags: ['admin'],
            summary: 'Quem da equipe pode assumir atendimentos',
            response: {
              200: z.object({ items: z.array(z.object({ id: z.string(), nome_completo: z.string() })) }),
              ...errors,
            },
          },
        },
        async () => ({ items: await staffMembers(db, config.adminEmails) }),
      );

      staff.get(
        '/admin/support/tickets/:id',
        {
          schema: {
            tags: ['admin'],
            summary: 'Um atendimento e a conversa',
            params: idParams,
            response: { 200: threadOut, ...errors },
          },
        },
        async (request) => ticketForStaff(db, request.params.id),
      );

      staff.post(
        '/admin/support/tickets/:id/messages',
        {
          schema: {
            tags: ['admin'],
            summary: 'Responde ao cliente (notificação e email)',
            params: idParams,
            body: ticketReplySchema,
            response: { 200: threadOut, ...errors },
          },
        },
        async (request) =>
          staffReply(deps, request.user!, request.params.id, request.body.message, request.ip),
      );

      staff.patch(
        '/admin/support/tickets/:id',
        {
          schema: {
            tags: ['admin'],
            summary: 'Muda o status ou o responsável',
            params: idParams,
            body: ticketUpdateSchema,
            response: { 200: threadOut, ...errors },
          },
        },
        async (request) => updateTicket(deps, request.user!, request.params.id, request.body, request.ip),
      );
    });
  };
