import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerProposalListResponse,
  messageSchema,
  proposalAcceptResponse,
  proposalAcceptSchema,
  proposalCounterSchema,
  proposalDeclineSchema,
  proposalMessages,
  proposalRequestSchema,
  proposalSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { acceptProposal } from '../../services/proposals/accept.ts';
import { counterProposal, declineProposal, requestProposal } from '../../services/proposals/negotiate.ts';
import { staffProposalPdf } from '../../services/pdf/proposal.ts';
import { getProposal, listCustomerProposals } from '../../services/proposals/read.ts';

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  410: messageSchema,
};
const params = z.object({ id: z.uuid({ error: proposalMessages.notFound }) });

/**
 * A customer's own proposals: ask for one, list, read, download, accept, counter or decline (issue #19
 * item 4, #40 item 5, #44 item 4).
 */
export const proposalRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/propostas',
      {
        preValidation: requireUser,
        schema: {
          tags: ['propostas'],
          summary: 'As propostas recebidas, das mais novas',
          response: { 200: customerProposalListResponse, ...errors },
        },
      },
      async (request) => listCustomerProposals(deps.db, request.user!.id),
    );

    app.post(
      '/propostas',
      {
        preValidation: requireUser,
        schema: {
          tags: ['propostas'],
          summary: 'Pede uma proposta para o carrinho ou um plano: mensagem e orçamento-alvo',
          body: proposalRequestSchema,
          response: { 201: proposalSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await requestProposal(deps, request.user!.id, request.body)),
    );

    app.get(
      '/propostas/:id',
      {
        preValidation: requireUser,
        schema: {
          tags: ['propostas'],
          summary: 'Uma proposta recebida',
          params,
          response: { 200: proposalSchema, ...errors },
        },
      },
      async (request) => getProposal(deps.db, request.params.id, request.user!.id),
    );

    app.get(
      '/propostas/:id/pdf',
      { preValidation: requireUser, schema: { tags: ['propostas'], summary: 'A proposta em PDF', params } },
      async (request, reply) => {
        const proposal = await getProposal(deps.db, request.params.id, request.user!.id);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="proposta-${proposal.code}.pdf"`)
          .send(await staffProposalPdf(proposal, deps.config.publicUrl));
      },
    );

    app.post(
      '/propostas/:id/aceitar',
      {
        preValidation: requireUser,
        schema: {
          tags: ['propostas'],
          summary: 'Aceita a proposta: cria o pedido e reserva as vagas',
          params,
          body: proposalAcceptSchema,
          response: { 201: proposalAcceptResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await acceptProposal(deps, request.params.id, request.user!.id, request.body.payment_method)),
    );

    app.post(
      '/propostas/:id/contraproposta',
      {
        preValidation: requireUser,
        schema: {
          tags: ['propostas'],
          summary: 'Contrapropõe: um preço por local ou um total',
          params,
          body: proposalCounterSchema,
          response: { 200: proposalSchema, ...errors },
        },
      },
      async (request) => counterProposal(deps.db, request.params.id, request.user!.id, request.body),
    );

    app.post(
      '/propostas/:id/recusar',
      {
        preValidation: requireUser,
        schema: {
          tags: ['propostas'],
          summary: 'Recusa a proposta, dizendo por quê',
          params,
          body: proposalDeclineSchema,
          response: { 200: proposalSchema, ...errors },
        },
      },
      async (request) => declineProposal(deps.db, request.params.id, request.user!.id, request.body.reason),
    );
  };
