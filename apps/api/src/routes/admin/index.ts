import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import type { SectionGuardFactory } from '../../lib/endpoint-route.ts';
import { requireSection, requireStaff } from '../../plugins/app/auth.ts';
import { agencyAdminRoutes } from './agencies.ts';
import { insertionOrderAdminRoutes } from './insertion-orders.ts';
import { adminCampaignRoutes } from './campaigns.ts';
import { couponAdminRoutes } from './coupons.ts';
import { dashboardAdminRoutes } from './dashboard.ts';
import { fiscalAdminRoutes } from './fiscal.ts';
import { inventoryAdminRoutes } from './inventory.ts';
import { logAdminRoutes } from './logs.ts';
import { makeGoodAdminRoutes } from './make-goods.ts';
import { messagingAdminRoutes } from './messaging.ts';
import { orderAdminRoutes } from './orders.ts';
import { playerAdminRoutes } from './players.ts';
import { proposalAdminRoutes } from './proposals.ts';
import { productAdminRoutes } from './products.ts';
import { reportAdminRoutes } from './reports.ts';
import { supportAdminRoutes } from './support.ts';
import { teamAdminRoutes } from './team.ts';
import { unmatchedPixAdminRoutes } from './unmatched-pix.ts';
import { userAdminRoutes } from './users.ts';

/**
 * /api/admin/*, the only place admin routes register (apps/api/test/admin-gate.test.ts checks it).
 * One gate on the prefix lets only staff in, before anything else runs (issue 18); each route still
 * takes its section from its entry in the endpoint table (packages/shared/src/endpoints/admin.ts), whose
 * guard applies docs/spec/product.md §1's matrix (admin-only sections).
 */
export const adminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Decorated on this encapsulated instance only: the test finds every admin route behind it.
    app.decorate('staffGate', requireStaff(deps.config));
    app.addHook('onRequest', app.getDecorator<onRequestAsyncHookHandler>('staffGate'));
    // The guard of an endpoint's section (its entry's `section`), applied by lib/endpoint-route.ts.
    const sectionGuard: SectionGuardFactory = (section) => requireSection(section, deps.config.adminEmails);
    app.decorate('sectionGuard', sectionGuard);
    await app.register(dashboardAdminRoutes(deps));
    await app.register(userAdminRoutes(deps));
    await app.register(teamAdminRoutes(deps));
    await app.register(productAdminRoutes(deps));
    await app.register(playerAdminRoutes(deps));
    await app.register(makeGoodAdminRoutes(deps));
    await app.register(couponAdminRoutes(deps));
    await app.register(reportAdminRoutes(deps));
    await app.register(logAdminRoutes(deps));
    await app.register(orderAdminRoutes(deps));
    await app.register(unmatchedPixAdminRoutes(deps));
    await app.register(inventoryAdminRoutes(deps));
    await app.register(proposalAdminRoutes(deps));
    await app.register(agencyAdminRoutes(deps));
    await app.register(insertionOrderAdminRoutes(deps));
    await app.register(adminCampaignRoutes(deps));
    await app.register(supportAdminRoutes(deps));
    await app.register(messagingAdminRoutes(deps));
    await app.register(fiscalAdminRoutes(deps));
  };
