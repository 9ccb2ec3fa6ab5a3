import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adMessages,
  adminCampaignDetailSchema,
  adminCampaignListQuery,
  adminCampaignPageSchema,
  campaignMessages,
  campaignProofSchema,
  campaignRuleMessages,
  messageSchema,
  noContentSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { finishCampaign, reviewAd, startCampaign } from '../../services/campaigns/lifecycle.ts';
import { addProof, removeProof } from '../../services/campaigns/proofs.ts';
import { campaignDetail, listCampaigns } from '../../services/campaigns/queries.ts';
import { acceptRawUploads, uploadBody } from '../account/ads.ts';
import { actorOf } from './common.ts';

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  413: messageSchema,
  415: messageSchema,
  422: messageSchema,
};
const itemId = z.object({ id: z.string().uuid({ error: campaignMessages.notFound }) });

const detailOut = adminCampaignDetailSchema;

/** /api/admin/campanhas: campaigns are the paid order items (admin and operador). */
export const adminCampaignRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;
    acceptRawUploads(app);
    const staff = app.withTypeProvider<ZodTypeProvider>();
    staff.addHook('preValidation', requireSection('campanhas', config.adminEmails));
    const detail = (id: string) => campaignDetail(db, id);

    staff.get(
      '/campanhas',
      {
        schema: {
          tags: ['admin'],
          summary: 'Campanhas por status e período, com busca e paginação',
          querystring: adminCampaignListQuery,
          response: {
            200: adminCampaignPageSchema,
            ...errors,
          },
        },
      },
      async (request) => {
        const q = request.query;
        return listCampaigns(db, {
          status: q.status,
          from: q.de,
          to: q.ate,
          q: q.q,
          page: q.page,
          page_size: q.page_size,
        });
      },
    );

    staff.get(
      '/campanhas/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Uma campanha: cliente, período, torres, anúncio e comprovações',
          params: itemId,
          response: { 200: detailOut, ...errors },
        },
      },
      async (request) => detail(request.params.id),
    );

    staff.post(
      '/anuncios/:id/revisao',
      {
        schema: {
          tags: ['admin'],
          summary: 'Aprova ou reprova um anúncio em análise (reprovação exige motivo)',
          params: z.object({ id: z.string().uuid({ error: adMessages.notFound }) }),
          body: z.object({
            decisao: z.enum(['aprovar', 'reprovar'], { error: 'Escolha aprovar ou reprovar.' }),
            motivo: z.string().max(2000, { error: adMessages.reasonRequired }).optional(),
          }),
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await reviewAd(deps, actorOf(request), request.params.id, {
          approve: request.body.decisao === 'aprovar',
          reason: request.body.motivo,
        });
        return reply.code(204).send(null);
      },
    );

    staff.post(
      '/campanhas/:id/iniciar',
      {
        schema: {
          tags: ['admin'],
          summary: 'Inicia a veiculação (anúncio aprovado)',
          params: itemId,
          response: { 200: detailOut, ...errors },
        },
      },
      async (request) => {
        await startCampaign(deps, actorOf(request), request.params.id);
        return detail(request.params.id);
      },
    );

    staff.post(
      '/campanhas/:id/finalizar',
      {
        schema: {
          tags: ['admin'],
          summary: 'Finaliza a veiculação (antes do último dia do período, com motivo)',
          params: itemId,
          body: z
            .object({
              motivo: z.string().max(2000, { error: campaignRuleMessages.reasonLength }).optional(),
            })
            .nullish(),
          response: { 200: detailOut, ...errors },
        },
      },
      async (request) => {
        await finishCampaign(deps, actorOf(request), request.params.id, request.body?.motivo);
        return detail(request.params.id);
      },
    );

    staff.post(
      '/campanhas/:id/comprovacoes',
      {
        schema: {
          tags: ['admin'],
          summary: 'Envia uma foto de comprovação (corpo = bytes da imagem; data em ?data=aaaa-mm-dd)',
          params: itemId,
          querystring: z.object({
            data: z
              .string({ error: campaignMessages.proofDate })
              .max(20, { error: campaignMessages.proofDate }),
            legenda: z.string().max(300, { error: 'Legenda longa demais (até 300 caracteres).' }).optional(),
          }),
          response: { 201: campaignProofSchema, ...errors },
        },
      },
      async (request, reply) => {
        const proof = await addProof(deps, actorOf(request), request.params.id, uploadBody(request), {
          taken_on: request.query.data,
          caption: request.query.legenda,
        });
        return reply.code(201).send(proof);
      },
    );

    staff.delete(
      '/campanhas/:id/comprovacoes/:proofId',
      {
        schema: {
          tags: ['admin'],
          summary: 'Remove uma foto de comprovação enviada por engano (com motivo, no log de auditoria)',
          params: itemId.extend({
            proofId: z.string().uuid({ error: campaignMessages.proofNotFound }),
          }),
          body: z.object({
            motivo: z
              .string({ error: campaignMessages.proofRemovalReason })
              .trim()
              .min(1, { error: campaignMessages.proofRemovalReason })
              .max(300, { error: campaignMessages.proofRemovalReason }),
          }),
          response: { 200: detailOut, ...errors },
        },
      },
      async (request) => {
        const { id, proofId } = request.params;
        await removeProof(deps, actorOf(request), id, proofId, request.body.motivo);
        return detail(id);
      },
    );
  };
