import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageSchema,
  staffTicketPageSchema,
  staffTicketQuerySchema,
  supportStaffListSchema,
  ticketReplySchema,
  ticketThreadSchema,
  ticketUpdateSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import {
  listTicketsForStaff,
  staffMembers,
  staffReply,
  TICKET_NOT_FOUND,
  ticketForStaff,
  updateTicket,
} from '../../services/support.ts';
import { errors } from './common.ts';

const params = z.object({ id: z.uuid({ error: TICKET_NOT_FOUND }) });
const responses = { ...errors, 429: messageSchema };

/** /admin/suporte: the staff inbox of tickets (docs/spec/product.md §8). */
export const supportAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;
    app.addHook('preValidation', requireSection('suporte', config.adminEmails));

    app.get(
      '/support/tickets',
      {
        schema: {
          tags: ['admin'],
          summary: 'Caixa de atendimentos com filtro por status e busca',
          querystring: staffTicketQuerySchema,
          response: { 200: staffTicketPageSchema, ...responses },
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

    app.get(
      '/support/staff',
      {
        schema: {
          tags: ['admin'],
          summary: 'Quem da equipe pode assumir atendimentos',
          response: { 200: supportStaffListSchema, ...responses },
        },
      },
      async () => ({ items: await staffMembers(db, config.adminEmails) }),
    );

    app.get(
      '/support/tickets/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Um atendimento e a conversa',
          params,
          response: { 200: ticketThreadSchema, ...responses },
        },
      },
      async (request) => ticketForStaff(db, request.params.id),
    );

    app.post(
      '/support/tickets/:id/messages',
      {
        schema: {
          tags: ['admin'],
          summary: 'Responde ao cliente (notificação e email)',
          params,
          body: ticketReplySchema,
          response: { 200: ticketThreadSchema, ...responses },
        },
      },
      async (request) => staffReply(deps, request.user!, request.params.id, request.body.message, request.ip),
    );

    app.patch(
      '/support/tickets/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Muda o status ou o responsável',
          params,
          body: ticketUpdateSchema,
          response: { 200: ticketThreadSchema, ...responses },
        },
      },
      async (request) => updateTicket(deps, request.user!, request.params.id, request.body, request.ip),
    );
  };
