import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminMakeGoodListSchema,
  adminMakeGoodSchema,
  makeGoodGrantSchema,
  makeGoodMessages,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { grantMakeGood, listMakeGoods } from '../../services/players/make-goods.ts';
import { actorOf, errors, idParams } from './common.ts';

/**
 * Make-goods of under-delivered screen bookings (issue #43 item 5, decision 105): staff see them with
 * the campaigns; granting one gives money back as a coupon, so it takes the coupons' section (admins).
 */
export const makeGoodAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/reposicoes',
      {
        preValidation: requireSection('campanhas', deps.config.adminEmails),
        schema: {
          tags: ['admin'],
          summary: 'Reservas de telas entregues abaixo do contratado: reposições pendentes e concedidas',
          response: { 200: adminMakeGoodListSchema, ...errors },
        },
      },
      async () => listMakeGoods(deps.db),
    );

    app.post(
      '/reposicoes/:id/conceder',
      {
        preValidation: requireSection('cupons', deps.config.adminEmails),
        schema: {
          tags: ['admin'],
          summary: 'Concede a reposição de uma reserva: crédito (cupom de uso único) para o próximo pedido',
          params: idParams(makeGoodMessages.notFound),
          body: makeGoodGrantSchema,
          response: { 200: adminMakeGoodSchema, ...errors },
        },
      },
      async (request) => grantMakeGood(deps.db, request.params.id, request.body, actorOf(request)),
    );
  };
