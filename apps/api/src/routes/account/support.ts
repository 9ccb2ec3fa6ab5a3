import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { customerReply, myTicket, myTickets, openTicket } from '../../services/support.ts';

/** /suporte: tickets of visitors and customers (the staff inbox is routes/admin/support.ts). */
export const supportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, rateLimits } = deps;
    const { support } = endpoints;

    route(app, support.open, async (request) => openTicket(deps, request.user, request.body), {
      config: { rateLimit: rateLimits.supportTickets },
    });

    app.register(async (user) => {
      user.addHook('preValidation', requireUser);
      route(user, support.list, async (request) => ({ items: await myTickets(db, request.user!) }));
      route(user, support.ticket, async (request) => myTicket(db, request.user!, request.params.id));
      route(user, support.reply, async (request) =>
        customerReply(deps, request.user!, request.params.id, request.body.message),
      );
    });
  };
