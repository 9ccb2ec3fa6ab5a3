import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { couponAdminRoutes } from './coupons.ts';
import { dashboardAdminRoutes } from './dashboard.ts';
import { logAdminRoutes } from './logs.ts';
import { productAdminRoutes } from './products.ts';
import { reportAdminRoutes } from './reports.ts';
import { userAdminRoutes } from './users.ts';

/** /api/admin/*: every route names its section; the guard applies PRODUCT.md §1's matrix. */
export const adminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(dashboardAdminRoutes(deps));
    await app.register(userAdminRoutes(deps));
    await app.register(productAdminRoutes(deps));
    await app.register(couponAdminRoutes(deps));
    await app.register(reportAdminRoutes(deps));
    await app.register(logAdminRoutes(deps));
  };
