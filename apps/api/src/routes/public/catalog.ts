import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  appConfigSchema,
  isStartDate,
  messageSchema,
  networkStatsSchema,
  placeListSchema,
  productCardListSchema,
  productDetailSchema,
  searchMapQuerySchema,
  searchMapResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
  todayInBrasilia,
  DEFAULT_BOOKING_WEEKS,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { sendCached } from '../../lib/read-cache.ts';
import { featuredProducts, networkStats, productsByIds } from '../../services/catalog/cards.ts';
import { productDetail } from '../../services/catalog/product-detail.ts';
import { defaultStart, searchProducts } from '../../services/catalog/search.ts';
import { searchMap } from '../../services/catalog/search-map.ts';
import { searchPlaces } from '../../services/places.ts';

const errors = { 400: messageSchema, 404: messageSchema };

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

    app.get(
      '/config',
      {
        schema: {
          tags: ['catálogo'],
          summary: 'Configuração pública do app (mapa, antecedência mínima)',
          response: {
            200: appConfigSchema,
          },
        },
      },
      async () => ({
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
      }),
    );

    app.get(
      '/places',
      {
        schema: {
          tags: ['catálogo'],
          summary: 'Autocompletar cidades brasileiras (sem acentos, por população)',
          querystring: z.object({
            q: z
              .string({ error: 'Digite o nome de uma cidade.' })
              .trim()
              .min(1, { error: 'Digite o nome de uma cidade.' })
              .max(80, { error: 'Busca longa demais.' }),
            limite: z.coerce.number().int().min(1).max(20).default(8),
          }),
          response: { 200: placeListSchema, ...errors },
        },
      },
      async (request) => ({ items: searchPlaces(request.query.q, request.query.limite) }),
    );

    app.get(
      '/search',
      {
        schema: {
          tags: ['catálogo'],
          summary: 'Busca de locais por raio ou área do mapa, com filtros, ordem e disponibilidade',
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        return cachedJson(
          request,
          reply,
          `busca|${todayInBrasilia()}|${JSON.stringify(request.query)}`,
          async () =>
            searchResponseSchema.parse(await searchProducts(db, request.query, config.leadBusinessDays)),
        );
      },
    );

    app.get(
      '/search/mapa',
      {
        schema: {
          tags: ['catálogo'],
          summary:
            'Os resultados de uma busca na área visível do mapa: até 500 marcadores, ou grupos com a contagem',
          querystring: searchMapQuerySchema,
          response: { 200: searchMapResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
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
      },
    );

    app.get(
      '/products/featured',
      {
        schema: {
          tags: ['catálogo'],
          summary: 'Produtos em destaque (um de cada tipo e os de maior audiência)',
          response: { 200: productCardListSchema },
        },
      },
      async () => ({ items: await featuredProducts(db) }),
    );

    app.get(
      '/products',
      {
        schema: {
          tags: ['catálogo'],
          summary: 'Produtos pelos ids (até 100), na ordem pedida',
          querystring: z.object({ ids: z.string().max(4000, { error: 'Ids demais.' }).default('') }),
          response: { 200: productCardListSchema, ...errors },
        },
      },
      async (request) => ({
        items: await productsByIds(db, request.query.ids.split(',').filter(Boolean).slice(0, 100)),
      }),
    );

    app.get(
      '/products/:slug',
      {
        schema: {
          tags: ['catálogo'],
          summary:
            'Um produto: fotos, torres, especificação, disponibilidade do período e calendário de 12 semanas',
          params: z.object({ slug: z.string().max(200) }),
          querystring: z.object({
            inicio: z.string().refine(isStartDate, { error: 'Data de início inválida.' }).optional(),
            semanas: z.coerce
              .number({ error: 'Número de semanas inválido.' })
              .int()
              .min(1, { error: 'Escolha de 1 a 52 semanas.' })
              .max(52, { error: 'Escolha de 1 a 52 semanas.' })
              .default(DEFAULT_BOOKING_WEEKS),
          }),
          response: { 200: productDetailSchema, ...errors },
        },
      },
      async (request, reply) => {
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
      },
    );

    app.get(
      '/network',
      {
        schema: {
          tags: ['catálogo'],
          summary: 'A rede em números, calculada do catálogo',
          response: {
            200: networkStatsSchema,
          },
        },
      },
      async () => networkStats(db),
    );

    app.get(
      '/arquivos/catalogo/:name',
      {
        schema: {
          tags: ['catálogo'],
          summary: 'Foto do catálogo (pública)',
          params: z.object({
            name: z.string().regex(/^[a-z0-9_-]+(\.[a-z0-9]+)$/, { error: 'Arquivo não encontrado.' }),
          }),
        },
      },
      async (request, reply) => {
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
      },
    );
  };
