import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartPastStartLine, cartPastStartMessage, endpoints, todayInBrasilia } from '@urbana/shared';
import { route } from '../../lib/endpoint-route.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import * as cart from '../../services/cart.ts';

/** The signed-in user's own cart and favourites (docs/spec/specification.md §7). Every call acts on request.user only. */
export const cartRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.addHook('preValidation', requireUser);

    route(app, endpoints.cart.read, async (request) => ({
      products: await cart.readCart(db, request.user!.id),
      advertiser: await cart.readCartAdvertiser(db, request.user!.id),
    }));

    route(app, endpoints.cart.advertiser, async (request) => ({
      advertiser: await cart.saveCartAdvertiser(db, request.user!.id, request.body.advertiser_id),
    }));

    route(
      app,
      endpoints.cart.save,
      async (request) => {
        // A start date in the past is refused, never moved (docs/decisions/023-customer-journey-details.md).
        const today = todayInBrasilia();
        const past = cartPastStartLine(request.body.products, today);
        if (past) throw new AppError(400, cartPastStartMessage(past.name, today));
        return { products: await cart.saveCart(db, request.user!.id, request.body.products) };
      },
      { bodyLimit: 512 * 1024 },
    );

    route(app, endpoints.favorites.list, async (request) => ({
      product_ids: await cart.listFavorites(db, request.user!.id),
    }));

    route(app, endpoints.favorites.addMany, async (request) => ({
      product_ids: await cart.addFavorites(db, request.user!.id, request.body.product_ids),
    }));

    route(app, endpoints.favorites.add, async (request) => {
      await cart.addFavorite(db, request.user!.id, request.params.productId);
    });

    route(app, endpoints.favorites.remove, async (request) => {
      await cart.removeFavorite(db, request.user!.id, request.params.productId);
    });

    route(app, endpoints.favorites.clear, async (request) => {
      await cart.clearFavorites(db, request.user!.id);
    });
  };
