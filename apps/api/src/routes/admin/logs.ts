import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { emailDetail, listAudit, listEmails, resendEmail } from '../../services/admin-logs.ts';
import { toWire } from '../../lib/wire.ts';
import { actorOf } from './common.ts';

export const logAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { emailLogs, auditLog } = endpoints.admin;
    route(app, emailLogs.list, async (request) => {
      const { page, page_size, ...rest } = request.query;
      return { ...(await listEmails(deps.db, { ...rest, page, pageSize: page_size })), page, page_size };
    });
    route(app, emailLogs.one, async (request) => emailDetail(deps.db, request.params.id));
    route(app, emailLogs.resend, async (request) => resendEmail(deps, request.params.id, actorOf(request)));
    route(app, auditLog.list, async (request) => {
      const { page, page_size, ...rest } = request.query;
      return toWire({
        ...(await listAudit(deps.db, { ...rest, page, pageSize: page_size })),
        page,
        page_size,
      });
    });
  };
