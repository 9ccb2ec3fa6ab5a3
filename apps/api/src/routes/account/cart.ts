import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartAdvertiserBodySchema,
  cartAdvertiserSchema,
  cartBodySchema,
  cartPastStartLine,
  cartPastStartMessage,
  cartResponseSchema,
  favoriteParamsSchema,
  favoritesBodySchema,
  favoritesSchema,
  messageSchema,
  noContentSchema,
  todayInBrasilia,
} from '@urbana/shared';
import { AppError } from '../../lib/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import * as cart from '../../services/cart.ts';

const errors = { 400: messageSchema, 401: messageSchema, 404: messageSchema };

/** The signed-in user's own cart and favourites (docs/spec/specification.md §7). Every call acts on request.user only. */
export const cartRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.addHook('preValidation', requireUser);

    app.get(
      '/cart',
      {
        schema: {
          tags: ['carrinho'],
          summary: 'O carrinho na nuvem',
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request) => ({
        products: await cart.readCart(db, request.user!.id),
        advertiser: await cart.readCartAdvertiser(db, request.user!.id),
      }),
    );

    app.put(
      '/cart/advertiser',
      {
        schema: {
          tags: ['carrinho'],
          summary: 'O anunciante para quem a agência monta o carrinho (vai para o pedido)',
          body: cartAdvertiserBodySchema,
          response: { 200: cartAdvertiserSchema, ...errors },
        },
      },
      async (request) => ({
        advertiser: await cart.saveCartAdvertiser(db, request.user!.id, request.body.advertiser_id),
      }),
    );

    app.put(
      '/cart',
      {
        bodyLimit: 512 * 1024,
        schema: {
          tags: ['carrinho'],
          summary: 'Salva o carrinho (upsert por usuário)',
          body: cartBodySchema,
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request) => {
        // A start date in the past is refused, never moved (docs/decisions/023-customer-journey-details.md).
        const today = todayInBrasilia();
        const past = cartPastStartLine(request.body.products, today);
        if (past) throw new AppError(400, cartPastStartMessage(past.name, today));
        return { products: await cart.saveCart(db, request.user!.id, request.body.products) };
      },
    );

    app.get(
      '/favorites',
      {
        schema: {
          tags: ['favoritos'],
          summary: 'Ids dos produtos favoritos',
          response: { 200: favoritesSchema, ...errors },
        },
      },
      async (request) => ({ product_ids: await cart.listFavorites(db, request.user!.id) }),
    );

    app.post(
      '/favorites',
      {
        schema: {
          tags: ['favoritos'],
          summary: 'Adiciona vários favoritos (sincronização); ids inexistentes são ignorados',
          body: favoritesBodySchema,
          response: { 200: favoritesSchema, ...errors },
        },
      },
      async (request) => ({
        product_ids: await cart.addFavorites(db, request.user!.id, request.body.product_ids),
      }),
    );

    app.put(
      '/favorites/:productId',
      {
        schema: {
          tags: ['favoritos'],
          summary: 'Adiciona um favorito (nada muda se já existe)',
          params: favoriteParamsSchema,
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await cart.addFavorite(db, request.user!.id, request.params.productId);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/favorites/:productId',
      {
        schema: {
          tags: ['favoritos'],
          summary: 'Remove um favorito',
          params: favoriteParamsSchema,
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await cart.removeFavorite(db, request.user!.id, request.params.productId);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/favorites',
      {
        schema: {
          tags: ['favoritos'],
          summary: 'Remove todos os favoritos',
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await cart.clearFavorites(db, request.user!.id);
        return reply.code(204).send(null);
      },
    );
  };
