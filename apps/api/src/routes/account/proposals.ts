import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerProposalListResponse,
  messageSchema,
  proposalAcceptResponse,
  proposalAcceptSchema,
  proposalMessages,
  proposalSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { acceptProposal } from '../../services/proposals/accept.ts';
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

/** A customer's own proposals: list, read, download and accept (issue #19 item 4, #40 item 5). */
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
  };
