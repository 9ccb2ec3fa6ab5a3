import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { cellOccupants } from '../../services/inventory/cell.ts';
import { searchCustomers } from '../../services/inventory/customers.ts';
import { inventoryGrid } from '../../services/inventory/grid.ts';
import { createBlock, createHold, releaseHold } from '../../services/inventory/holds.ts';
import { actorOf } from './common.ts';

/** /api/admin/inventario: the calendar, its cells, blocks and reservas técnicas (issue #19 items 2–3). */
export const inventoryAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { inventory } = endpoints.admin;
    route(app, inventory.grid, async (request) => inventoryGrid(deps.db, request.query));
    route(app, inventory.cell, async (request) =>
      cellOccupants(deps.db, request.query.torre, request.query.de, request.query.ate),
    );
    route(app, inventory.customers, async (request) => ({
      items: await searchCustomers(deps.db, request.query.q),
    }));
    route(app, inventory.block, async (request) => createBlock(deps, request.body, actorOf(request)));
    route(app, inventory.hold, async (request) => createHold(deps, request.body, actorOf(request)));
    route(app, inventory.release, async (request) => releaseHold(deps, request.params.id, actorOf(request)));
  };
