import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import {
  listTicketsForStaff,
  staffMembers,
  staffReply,
  ticketForStaff,
  updateTicket,
} from '../../services/support.ts';

/** /admin/suporte: the staff inbox of tickets (docs/spec/product.md §8). */
export const supportAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;
    const { support } = endpoints.admin;

    route(app, support.tickets, async (request) => {
      const pageSize = 20;
      const result = await listTicketsForStaff(db, {
        status: request.query.status,
        q: request.query.q,
        mine: request.query.meus ? request.user!.id : undefined,
        page: request.query.page,
        pageSize,
      });
      return { ...result, page: request.query.page, page_size: pageSize };
    });
    route(app, support.staff, async () => ({ items: await staffMembers(db, config.adminEmails) }));
    route(app, support.ticket, async (request) => ticketForStaff(db, request.params.id));
    route(app, support.reply, async (request) =>
      staffReply(deps, request.user!, request.params.id, request.body.message, request.ip),
    );
    route(app, support.update, async (request) =>
      updateTicket(deps, request.user!, request.params.id, request.body, request.ip),
    );
  };
