import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { couponAdminRoutes } from './coupons.ts';
import { dashboardAdminRoutes } from './dashboard.ts';
import { inventoryAdminRoutes } from './inventory.ts';
import { logAdminRoutes } from './logs.ts';
import { orderAdminRoutes } from './orders.ts';
import { proposalAdminRoutes } from './proposals.ts';
import { productAdminRoutes } from './products.ts';
import { reportAdminRoutes } from './reports.ts';
import { userAdminRoutes } from './users.ts';

/** /api/admin/*: every route names its section; the guard applies docs/spec/product.md §1's matrix. */
export const adminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(dashboardAdminRoutes(deps));
    await app.register(userAdminRoutes(deps));
    await app.register(productAdminRoutes(deps));
    await app.register(couponAdminRoutes(deps));
    await app.register(reportAdminRoutes(deps));
    await app.register(logAdminRoutes(deps));
    await app.register(orderAdminRoutes(deps));
    await app.register(inventoryAdminRoutes(deps));
    await app.register(proposalAdminRoutes(deps));
  };
