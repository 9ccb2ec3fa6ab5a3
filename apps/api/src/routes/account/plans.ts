import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageSchema,
  planCreateBodySchema,
  planDetailSchema,
  planIdParamsSchema,
  planListSchema,
  planMessages,
  planRenameBodySchema,
  planShareSchema,
  planSummarySchema,
  noContentSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import * as manage from '../../services/plans/manage.ts';
import { planMapPng } from '../../services/plans/plan-map.ts';
import { readPlan, revokeShare, sharePlan } from '../../services/plans/read.ts';

const errors = { 400: messageSchema, 401: messageSchema, 404: messageSchema, 409: messageSchema };
const params = planIdParamsSchema;

/** /api/planos: the signed-in user's named media plans (issue #23 item 3); only their own. */
export const planRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;
    const tags = ['planos'];
    app.addHook('preValidation', requireUser);

    app.get(
      '/planos',
      { schema: { tags, summary: 'Os planos salvos', response: { 200: planListSchema, ...errors } } },
      async (request) => ({ plans: await manage.listPlans(db, request.user!.id) }),
    );

    app.post(
      '/planos',
      {
        bodyLimit: 512 * 1024,
        schema: {
          tags,
          summary: 'Salva um carrinho ou um resultado do planejador como plano',
          body: planCreateBodySchema,
          response: { 201: planSummarySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await manage.createPlan(db, request.user!.id, request.body, config)),
    );

    app.get(
      '/planos/:id',
      {
        schema: {
          tags,
          summary: 'Um plano, com preços e vagas de agora e o que mudou desde que foi salvo',
          params,
          response: { 200: planDetailSchema, ...errors },
        },
      },
      async (request) => readPlan(db, request.user!.id, request.params.id, config),
    );

    app.get(
      '/planos/:id/mapa.png',
      { schema: { tags, summary: 'O mapa do plano, desenhado no servidor', params } },
      async (request, reply) => {
        const plan = await readPlan(db, request.user!.id, request.params.id, config);
        const png = await planMapPng(
          plan.lines.map((l, i) => ({ latitude: l.latitude, longitude: l.longitude, label: String(i + 1) })),
        );
        if (!png) return reply.code(404).send({ message: planMessages.notFound });
        return reply.header('cache-control', 'private, no-store').type('image/png').send(png);
      },
    );

    app.patch(
      '/planos/:id',
      {
        schema: {
          tags,
          summary: 'Renomeia o plano ou muda o anunciante (agência)',
          params,
          body: planRenameBodySchema,
          response: { 200: planSummarySchema, ...errors },
        },
      },
      async (request) => manage.renamePlan(db, request.user!.id, request.params.id, request.body),
    );

    app.post(
      '/planos/:id/duplicar',
      {
        schema: { tags, summary: 'Duplica o plano', params, response: { 201: planSummarySchema, ...errors } },
      },
      async (request, reply) =>
        reply.code(201).send(await manage.duplicatePlan(db, request.user!.id, request.params.id)),
    );

    app.delete(
      '/planos/:id',
      { schema: { tags, summary: 'Exclui o plano', params, response: { 204: noContentSchema, ...errors } } },
      async (request, reply) => {
        await manage.deletePlan(db, request.user!.id, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/planos/:id/compartilhar',
      {
        schema: {
          tags,
          summary: 'Cria (ou devolve) o link público do plano',
          params,
          response: { 200: planShareSchema, ...errors },
        },
      },
      async (request) => ({ share_token: await sharePlan(db, request.user!.id, request.params.id) }),
    );

    app.delete(
      '/planos/:id/compartilhar',
      {
        schema: {
          tags,
          summary: 'Revoga o link público: a página e o PDF passam a responder 404',
          params,
          response: { 200: planShareSchema, ...errors },
        },
      },
      async (request) => {
        await revokeShare(db, request.user!.id, request.params.id);
        return { share_token: null };
      },
    );
  };
