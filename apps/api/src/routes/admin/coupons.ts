import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCouponPageSchema,
  adminCouponSchema,
  adminPageQuery,
  couponInputSchema,
  couponStates,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import {
  couponSorts,
  createCoupon,
  getCoupon,
  listCoupons,
  updateCoupon,
} from '../../services/admin-coupons.ts';
import { actorOf, errors, idParams } from './common.ts';

export const couponAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireSection('cupons', deps.config.adminEmails);
    const params = idParams('Cupom não encontrado.');

    app.get(
      '/cupons',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Cupons com usos e receita (somente admin)',
          querystring: z.object({
            ...adminPageQuery,
            status: z.enum(couponStates, { error: 'Status inválido.' }).optional(),
            sort: z.enum(couponSorts, { error: 'Ordenação inválida.' }).default('created_at'),
          }),
          response: { 200: adminCouponPageSchema, ...errors },
        },
      },
      async (request) => {
        const { page, page_size, ...rest } = request.query;
        return { ...(await listCoupons(deps.db, { ...rest, page, pageSize: page_size })), page, page_size };
      },
    );

    app.get(
      '/cupons/:id',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Um cupom',
          params,
          response: { 200: adminCouponSchema, ...errors },
        },
      },
      async (request) => getCoupon(deps.db, request.params.id),
    );

    app.post(
      '/cupons',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Cria um cupom',
          body: couponInputSchema,
          response: { 201: adminCouponSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createCoupon(deps.db, request.body, actorOf(request))),
    );

    app.put(
      '/cupons/:id',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Edita um cupom (ativar e desativar também)',
          params,
          body: couponInputSchema,
          response: { 200: adminCouponSchema, ...errors },
        },
      },
      async (request) => updateCoupon(deps.db, request.params.id, request.body, actorOf(request)),
    );
  };
