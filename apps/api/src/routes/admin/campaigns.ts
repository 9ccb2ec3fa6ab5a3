import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { finishCampaign, reviewAd, startCampaign } from '../../services/campaigns/lifecycle.ts';
import { addProof, removeProof } from '../../services/campaigns/proofs.ts';
import { campaignDetail, listCampaigns } from '../../services/campaigns/queries.ts';
import { acceptRawUploads, uploadBody } from '../account/ads.ts';
import { actorOf } from './common.ts';

/** /api/admin/campanhas: campaigns are the paid order items (admin and operador). */
export const adminCampaignRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const { campaigns } = endpoints.admin;
    acceptRawUploads(app);
    const detail = (id: string) => campaignDetail(db, id);

    route(app, campaigns.list, async (request) => {
      const q = request.query;
      return listCampaigns(db, {
        status: q.status,
        from: q.de,
        to: q.ate,
        q: q.q,
        page: q.page,
        page_size: q.page_size,
      });
    });
    route(app, campaigns.one, async (request) => detail(request.params.id));
    route(app, campaigns.reviewAd, async (request) => {
      await reviewAd(deps, actorOf(request), request.params.id, {
        approve: request.body.decisao === 'aprovar',
        reason: request.body.motivo,
      });
    });
    route(app, campaigns.start, async (request) => {
      await startCampaign(deps, actorOf(request), request.params.id);
      return detail(request.params.id);
    });
    route(app, campaigns.finish, async (request) => {
      await finishCampaign(deps, actorOf(request), request.params.id, request.body?.motivo);
      return detail(request.params.id);
    });
    route(app, campaigns.addProof, async (request) =>
      addProof(deps, actorOf(request), request.params.id, uploadBody(request), {
        taken_on: request.query.data,
        caption: request.query.legenda,
      }),
    );
    route(app, campaigns.removeProof, async (request) => {
      const { id, proofId } = request.params;
      await removeProof(deps, actorOf(request), id, proofId, request.body.motivo);
      return detail(id);
    });
  };
