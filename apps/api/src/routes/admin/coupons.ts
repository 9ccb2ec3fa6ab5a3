import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { createCoupon, getCoupon, listCoupons, updateCoupon } from '../../services/admin-coupons.ts';
import { actorOf } from './common.ts';

export const couponAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { coupons } = endpoints.admin;
    route(app, coupons.list, async (request) => {
      const { page, page_size, ...rest } = request.query;
      return { ...(await listCoupons(deps.db, { ...rest, page, pageSize: page_size })), page, page_size };
    });
    route(app, coupons.one, async (request) => getCoupon(deps.db, request.params.id));
    route(app, coupons.create, async (request) => createCoupon(deps.db, request.body, actorOf(request)));
    route(app, coupons.update, async (request) =>
      updateCoupon(deps.db, request.params.id, request.body, actorOf(request)),
    );
  };
