import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { acceptProposal } from '../../services/proposals/accept.ts';
import { counterProposal, declineProposal, requestProposal } from '../../services/proposals/negotiate.ts';
import { staffProposalPdf } from '../../services/pdf/proposal.ts';
import { getProposal, listCustomerProposals } from '../../services/proposals/read.ts';

/**
 * A customer's own proposals: ask for one, list, read, download, accept, counter or decline (issue #19
 * item 4, #40 item 5, #44 item 4).
 */
export const proposalRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { proposals } = endpoints;
    const signedIn = { preValidation: requireUser };

    route(app, proposals.list, async (request) => listCustomerProposals(deps.db, request.user!.id), signedIn);

    route(
      app,
      proposals.request,
      async (request, reply) =>
        reply.code(201).send(await requestProposal(deps, request.user!.id, request.body)),
      signedIn,
    );

    route(
      app,
      proposals.detail,
      async (request) => getProposal(deps.db, request.params.id, request.user!.id),
      signedIn,
    );

    route(
      app,
      proposals.pdf,
      async (request, reply) => {
        const proposal = await getProposal(deps.db, request.params.id, request.user!.id);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="proposta-${proposal.code}.pdf"`)
          .send(await staffProposalPdf(proposal, deps.config.publicUrl));
      },
      signedIn,
    );

    route(
      app,
      proposals.accept,
      async (request, reply) =>
        reply
          .code(201)
          .send(await acceptProposal(deps, request.params.id, request.user!.id, request.body.payment_method)),
      signedIn,
    );

    route(
      app,
      proposals.counter,
      async (request) => counterProposal(deps.db, request.params.id, request.user!.id, request.body),
      signedIn,
    );

    route(
      app,
      proposals.decline,
      async (request) => declineProposal(deps.db, request.params.id, request.user!.id, request.body.reason),
      signedIn,
    );
  };
