import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPageQuery,
  auditLogPageSchema,
  dateRangeQuery,
  emailDetailSchema,
  emailLogPageSchema,
  emailStatuses,
  withDateRange,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { emailDetail, listAudit, listEmails, resendEmail } from '../../services/admin-logs.ts';
import { toWire } from '../../lib/wire.ts';
import { actorOf, errors, idParams } from './common.ts';

export const logAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const emailGuard = requireSection('email-logs', deps.config.adminEmails);
    const params = idParams('Email não encontrado.');

    app.get(
      '/email-logs',
      {
        preValidation: emailGuard,
        schema: {
          tags: ['admin'],
          summary: 'Todos os emails: destinatário, assunto, modelo, status, erro, datas (somente admin)',
          querystring: withDateRange(
            z.object({
              ...adminPageQuery,
              ...dateRangeQuery,
              status: z.enum(emailStatuses, { error: 'Status inválido.' }).optional(),
              template: z.string().trim().max(80, { error: 'Modelo inválido.' }).optional(),
            }),
          ),
          response: { 200: emailLogPageSchema, ...errors },
        },
      },
      async (request) => {
        const { page, page_size, ...rest } = request.query;
        return { ...(await listEmails(deps.db, { ...rest, page, pageSize: page_size })), page, page_size };
      },
    );

    app.get(
      '/email-logs/:id',
      {
        preValidation: emailGuard,
        schema: {
          tags: ['admin'],
          summary: 'Um email com o corpo',
          params,
          response: { 200: emailDetailSchema, ...errors },
        },
      },
      async (request) => emailDetail(deps.db, request.params.id),
    );

    app.post(
      '/email-logs/:id/reenviar',
      {
        preValidation: emailGuard,
        schema: {
          tags: ['admin'],
          summary: 'Reenvia (uma nova cópia na fila)',
          params,
          response: { 201: emailDetailSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await resendEmail(deps, request.params.id, actorOf(request))),
    );

    app.get(
      '/logs',
      {
        preValidation: requireSection('logs', deps.config.adminEmails),
        schema: {
          tags: ['admin'],
          summary: 'Trilha de auditoria: ações da equipe e eventos de entrada (somente admin)',
          querystring: withDateRange(
            z.object({
              ...adminPageQuery,
              ...dateRangeQuery,
              actor: z.string().trim().max(200, { error: 'Busca longa demais.' }).optional(),
              action: z.string().trim().max(80, { error: 'Ação inválida.' }).optional(),
              kind: z.enum(['equipe', 'acesso'], { error: 'Tipo inválido.' }).optional(),
            }),
          ),
          response: { 200: auditLogPageSchema, ...errors },
        },
      },
      async (request) => {
        const { page, page_size, ...rest } = request.query;
        return toWire({
          ...(await listAudit(deps.db, { ...rest, page, pageSize: page_size })),
          page,
          page_size,
        });
      },
    );
  };
