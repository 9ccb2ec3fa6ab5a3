import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockInputSchema,
  cellOccupantsResponse,
  customerSearchQuery,
  customerSearchResponse,
  holdInputSchema,
  holdResponse,
  inventoryCellQuery,
  inventoryGridQuery,
  inventoryGridResponse,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { cellOccupants } from '../../services/inventory/cell.ts';
import { searchCustomers } from '../../services/inventory/customers.ts';
import { inventoryGrid } from '../../services/inventory/grid.ts';
import { createBlock, createHold, releaseHold } from '../../services/inventory/holds.ts';
import { actorOf, errors, idParams } from './common.ts';

/** /api/admin/inventario: the calendar, its cells, blocks and reservas técnicas (issue #19 items 2–3). */
export const inventoryAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireSection('inventario', deps.config.adminEmails);

    app.get(
      '/inventario',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Faces por semanas: vendidas, reservadas, bloqueadas e livres',
          querystring: inventoryGridQuery,
          response: { 200: inventoryGridResponse, ...errors },
        },
      },
      async (request) => inventoryGrid(deps.db, request.query),
    );

    app.get(
      '/inventario/celula',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'O que ocupa uma face num período (pedidos, reservas e bloqueios)',
          querystring: inventoryCellQuery,
          response: { 200: cellOccupantsResponse, ...errors },
        },
      },
      async (request) => cellOccupants(deps.db, request.query.torre, request.query.de, request.query.ate),
    );

    app.get(
      '/inventario/clientes',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Clientes para reserva técnica ou proposta',
          querystring: customerSearchQuery,
          response: { 200: customerSearchResponse, ...errors },
        },
      },
      async (request) => ({ items: await searchCustomers(deps.db, request.query.q) }),
    );

    app.post(
      '/inventario/bloqueios',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Bloqueia semanas de faces (manutenção)',
          body: blockInputSchema,
          response: { 201: holdResponse, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await createBlock(deps, request.body, actorOf(request))),
    );

    app.post(
      '/inventario/reservas',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Reserva técnica para um cliente, com validade',
          body: holdInputSchema,
          response: { 201: holdResponse, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await createHold(deps, request.body, actorOf(request))),
    );

    app.post(
      '/inventario/reservas/:id/liberar',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Libera um bloqueio ou reserva técnica',
          params: idParams('Reserva não encontrada.'),
          response: { 200: holdResponse, ...errors },
        },
      },
      async (request) => releaseHold(deps, request.params.id, actorOf(request)),
    );
  };
