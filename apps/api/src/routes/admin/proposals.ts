import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  proposalAnswerSchema,
  proposalInputSchema,
  proposalListQuery,
  proposalListResponse,
  proposalSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { cancelProposal, createProposal } from '../../services/proposals/create.ts';
import { staffProposalPdf } from '../../services/pdf/proposal.ts';
import { getProposal, listProposals } from '../../services/proposals/read.ts';
import { sendProposal } from '../../services/proposals/send.ts';
import { answerProposal } from '../../services/proposals/answer.ts';
import { actorOf, errors, idParams } from './common.ts';

/** /api/admin/propostas: staff build, send, answer and withdraw proposals (issues #19 item 4, #44 item 4). */
export const proposalAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireSection('propostas', deps.config.adminEmails);
    const params = idParams('Proposta não encontrada.');

    app.get(
      '/propostas',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Propostas, das mais novas',
          querystring: proposalListQuery,
          response: { 200: proposalListResponse, ...errors },
        },
      },
      async (request) => listProposals(deps.db, request.query),
    );

    app.post(
      '/propostas',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Cria uma proposta (rascunho) para um cliente',
          body: proposalInputSchema,
          response: { 201: proposalSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createProposal(deps, request.body, actorOf(request))),
    );

    app.get(
      '/propostas/:id',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Uma proposta',
          params,
          response: { 200: proposalSchema, ...errors },
        },
      },
      async (request) => getProposal(deps.db, request.params.id),
    );

    app.get(
      '/propostas/:id/pdf',
      { preValidation: guard, schema: { tags: ['admin'], summary: 'A proposta em PDF', params } },
      async (request, reply) => {
        const proposal = await getProposal(deps.db, request.params.id);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="proposta-${proposal.code}.pdf"`)
          .send(await staffProposalPdf(proposal, deps.config.publicUrl));
      },
    );

    app.post(
      '/propostas/:id/enviar',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Envia (ou reenvia) a proposta por e-mail com o link',
          params,
          response: { 200: proposalSchema, ...errors },
        },
      },
      async (request) => sendProposal(deps, request.params.id, actorOf(request)),
    );

    app.post(
      '/propostas/:id/responder',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Responde a um pedido de proposta ou a uma contraproposta com preços, e envia',
          params,
          body: proposalAnswerSchema,
          response: { 200: proposalSchema, ...errors },
        },
      },
      async (request) => answerProposal(deps, request.params.id, request.body, actorOf(request)),
    );

    app.post(
      '/propostas/:id/cancelar',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Cancela uma proposta ainda não aceita',
          params,
          response: { 200: proposalSchema, ...errors },
        },
      },
      async (request) => cancelProposal(deps.db, request.params.id, actorOf(request)),
    );
  };
