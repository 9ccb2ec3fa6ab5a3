import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTicketSchema,
  messageSchema,
  ticketListSchema,
  ticketReplySchema,
  ticketSchema,
  ticketThreadSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { customerReply, myTicket, myTickets, openTicket, TICKET_NOT_FOUND } from '../../services/support.ts';

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
};

const ticketIdParams = z.object({ id: z.string().uuid({ error: TICKET_NOT_FOUND }) });

/** /suporte: tickets of visitors and customers (the staff inbox is routes/admin/support.ts). */
export const supportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, rateLimits } = deps;

    app.post(
      '/support/tickets',
      {
        config: { rateLimit: rateLimits.supportTickets },
        schema: {
          tags: ['suporte'],
          summary: 'Abre um atendimento (visitante informa nome e email; com sessão, os da conta)',
          body: createTicketSchema,
          response: { 201: ticketSchema, ...errors },
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
            response: { 200: ticketListSchema, ...errors },
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
            params: ticketIdParams,
            response: { 200: ticketThreadSchema, ...errors },
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
            params: ticketIdParams,
            body: ticketReplySchema,
            response: { 200: ticketThreadSchema, ...errors },
          },
        },
        async (request) => customerReply(deps, request.user!, request.params.id, request.body.message),
      );
    });
  };
