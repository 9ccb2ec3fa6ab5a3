import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { cancelProposal, createProposal } from '../../services/proposals/create.ts';
import { staffProposalPdf } from '../../services/pdf/proposal.ts';
import { getProposal, listProposals } from '../../services/proposals/read.ts';
import { sendProposal } from '../../services/proposals/send.ts';
import { answerProposal } from '../../services/proposals/answer.ts';
import { actorOf } from './common.ts';

/** /api/admin/propostas: staff build, send, answer and withdraw proposals (issues #19 item 4, #44 item 4). */
export const proposalAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { proposals } = endpoints.admin;
    route(app, proposals.list, async (request) => listProposals(deps.db, request.query));
    route(app, proposals.create, async (request) => createProposal(deps, request.body, actorOf(request)));
    route(app, proposals.one, async (request) => getProposal(deps.db, request.params.id));
    route(app, proposals.pdf, async (request, reply) => {
      const proposal = await getProposal(deps.db, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="proposta-${proposal.code}.pdf"`)
        .send(await staffProposalPdf(proposal, deps.config.publicUrl));
    });
    route(app, proposals.send, async (request) => sendProposal(deps, request.params.id, actorOf(request)));
    route(app, proposals.answer, async (request) =>
      answerProposal(deps, request.params.id, request.body, actorOf(request)),
    );
    route(app, proposals.cancel, async (request) =>
      cancelProposal(deps.db, request.params.id, actorOf(request)),
    );
  };
