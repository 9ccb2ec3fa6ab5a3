import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  endpoints,
  productDetailSchema,
  searchMapResponseSchema,
  searchResponseSchema,
  todayInBrasilia,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { AppError } from '../../lib/errors.ts';
import { sendCached } from '../../lib/read-cache.ts';
import { featuredProducts, networkStats, productsByIds } from '../../services/catalog/cards.ts';
import { productDetail } from '../../services/catalog/product-detail.ts';
import { defaultStart, searchProducts } from '../../services/catalog/search.ts';
import { searchMap } from '../../services/catalog/search-map.ts';
import { searchPlaces } from '../../services/places.ts';

/** Public catalogue: places, search, products, network numbers, catalogue photos. */
export const catalogRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config, storage, catalogCache } = deps;

    /** Answers from the read cache when it can, else computes, validates and keeps the JSON. */
    const cachedJson = async (
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      compute: () => Promise<unknown>,
    ) => {
      const answer = catalogCache.get(key) ?? catalogCache.set(key, JSON.stringify(await compute()));
      return sendCached(request, reply, answer, catalogCache.seconds);
    };

    route(app, endpoints.catalog.config, async () => ({
      tile_url: config.tileUrl,
      tile_attribution: config.tileAttribution,
      cep_url: config.cepLookupUrl,
      cnpj_lookup: config.cnpjLookupUrl !== '',
      lead_business_days: config.leadBusinessDays,
      today: todayInBrasilia(),
      earliest_start: defaultStart(config.leadBusinessDays),
      long_run_weeks: config.pricing.longRunWeeks,
      long_run_percent: config.pricing.longRunPercent,
      payment_window_minutes: Math.round(config.paymentWindowMs / 60_000),
    }));

    route(app, endpoints.catalog.places, async (request) => ({
      items: searchPlaces(request.query.q, request.query.limite),
    }));

    route(app, endpoints.catalog.search, async (request, reply) => {
      return cachedJson(
        request,
        reply,
        `busca|${todayInBrasilia()}|${JSON.stringify(request.query)}`,
        async () =>
          searchResponseSchema.parse(await searchProducts(db, request.query, config.leadBusinessDays)),
      );
    });

    route(app, endpoints.catalog.searchMap, async (request, reply) => {
      // The page and its size do not change the map: one cache entry for every page (the zoom and
      // the view are in the key).
      const { pagina: _page, por_pagina: _size, ...query } = request.query;
      return cachedJson(
        request,
        reply,
        `busca-mapa|${todayInBrasilia()}|${JSON.stringify(query)}`,
        async () =>
          searchMapResponseSchema.parse(
            await searchMap(db, request.query, config.leadBusinessDays, config.mapMarkers),
          ),
      );
    });

    route(app, endpoints.catalog.featured, async () => ({ items: await featuredProducts(db) }));

    route(app, endpoints.catalog.byIds, async (request) => ({
      items: await productsByIds(db, request.query.ids.split(',').filter(Boolean).slice(0, 100)),
    }));

    route(app, endpoints.catalog.product, async (request, reply) => {
      const { slug } = request.params;
      const { inicio, semanas } = request.query;
      return cachedJson(
        request,
        reply,
        `produto|${todayInBrasilia()}|${slug}|${inicio ?? ''}|${semanas}`,
        async () =>
          productDetailSchema.parse(
            await productDetail(db, slug, {
              start: inicio,
              weeks: semanas,
              leadBusinessDays: config.leadBusinessDays,
            }),
          ),
      );
    });

    route(app, endpoints.catalog.network, async () => networkStats(db));

    route(app, endpoints.catalog.photo, async (request, reply) => {
      const object = await storage.get(`catalogo/${request.params.name}`);
      if (!object) throw new AppError(404, 'Arquivo não encontrado.');
      return (
        reply
          .header('content-type', object.contentType)
          .header('content-length', object.size)
          .header('content-disposition', `inline; filename="${request.params.name}"`)
          // Keys are content hashes: a file never changes under its name.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(object.body)
      );
    });
  };
