import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { grantMakeGood, listMakeGoods } from '../../services/players/make-goods.ts';
import { actorOf } from './common.ts';

/**
 * Make-goods of under-delivered screen bookings (issue #43 item 5, decision 105): staff see them with
 * the campaigns; granting one gives money back as a coupon, so it takes the coupons' section (admins).
 */
export const makeGoodAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { makeGoods } = endpoints.admin;
    route(app, makeGoods.list, async () => listMakeGoods(deps.db));
    route(app, makeGoods.grant, async (request) =>
      grantMakeGood(deps.db, request.params.id, request.body, actorOf(request)),
    );
  };
