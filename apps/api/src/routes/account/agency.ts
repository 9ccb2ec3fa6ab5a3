import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { addMember, myAgency, registerAgency, updateAgency } from '../../services/agencies/agency.ts';
import {
  advertiserOfCaller,
  advertiserView,
  createAdvertiser,
  listAdvertisers,
  updateAdvertiser,
} from '../../services/agencies/advertisers.ts';

/** /usuario/agencia: an agency, its people and its advertisers (issue #44 item 1). */
export const agencyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const { agency } = endpoints;
    app.addHook('preValidation', requireUser);

    route(app, agency.mine, async (request) =>
      myAgency(db, request.user!.id, deps.config.agencyCommissionPercent),
    );

    route(app, agency.register, async (request, reply) =>
      reply.code(201).send(await registerAgency(db, request.user!.id, request.body, request.ip)),
    );

    route(app, agency.update, async (request) =>
      updateAgency(db, request.user!.id, request.body, request.ip),
    );

    route(app, agency.addMember, async (request) =>
      addMember(db, request.user!.id, request.body.email, request.ip),
    );

    route(app, agency.advertisers, async (request) => listAdvertisers(db, request.user!.id));

    route(app, agency.createAdvertiser, async (request, reply) =>
      reply.code(201).send(await createAdvertiser(db, request.user!.id, request.body, request.ip)),
    );

    route(app, agency.advertiser, async (request) =>
      advertiserView(await advertiserOfCaller(db, request.user!.id, request.params.id)),
    );

    route(app, agency.updateAdvertiser, async (request) =>
      updateAdvertiser(db, request.user!.id, request.params.id, request.body, request.ip),
    );
  };
