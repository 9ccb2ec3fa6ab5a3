import { z } from 'zod';
import { availabilityStatuses, isStartDate, productTypes } from './catalog.ts';
import {
  SEARCH_MAX_PAGE,
  SEARCH_MAX_PRICE,
  SEARCH_WEEKS_MAX,
  SEARCH_WEEKS_MIN,
  searchMessages,
  searchOrders,
} from './search-options.ts';

export * from './search-options.ts';

const MAX_PRICE = SEARCH_MAX_PRICE;

const num = (message: string) =>
  z.coerce.number({ error: message }).refine(Number.isFinite, { error: message });
const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'Use verdadeiro ou falso.' })
  .transform((v) => v === 'true' || v === '1');

/**
 * The search query (URL of /buscar-locais and GET /api/search): a place (lat/lng or the name of a
 * city), a radius or the map's bounds, filters, order, period and page.
 */
export const searchQuerySchema = z
  .object({
    local: z.string().trim().max(120, { error: 'Local longo demais.' }).optional(),
    lat: num('Latitude inválida.')
      .pipe(z.number().min(-90, { error: 'Latitude inválida.' }).max(90, { error: 'Latitude inválida.' }))
      .optional(),
    lng: num('Longitude inválida.')
      .pipe(z.number().min(-180, { error: 'Longitude inválida.' }).max(180, { error: 'Longitude inválida.' }))
      .optional(),
    raio: num('Raio inválido.')
      .pipe(
        z
          .number()
          .min(1, { error: 'O raio deve ficar entre 1 e 300 km.' })
          .max(300, { error: 'O raio deve ficar entre 1 e 300 km.' }),
      )
      .default(25),
    norte: num('Limites do mapa inválidos.').optional(),
    sul: num('Limites do mapa inválidos.').optional(),
    leste: num('Limites do mapa inválidos.').optional(),
    oeste: num('Limites do mapa inválidos.').optional(),
    tipo: z.enum([...productTypes, 'todos'], { error: 'Tipo de mídia inválido.' }).default('todos'),
    preco_min: z.coerce
      .number({ error: searchMessages.minPrice })
      .int({ error: searchMessages.minPrice })
      .min(0, { error: searchMessages.minPrice })
      .max(MAX_PRICE, { error: searchMessages.minPrice })
      .optional(),
    preco_max: z.coerce
      .number({ error: searchMessages.maxPrice })
      .int({ error: searchMessages.maxPrice })
      .min(0, { error: searchMessages.maxPrice })
      .max(MAX_PRICE, { error: searchMessages.maxPrice })
      .optional(),
    ordem: z.enum(searchOrders, { error: 'Ordenação inválida.' }).default('relevancia'),
    inicio: z.string().refine(isStartDate, { error: 'Data de início inválida.' }).optional(),
    semanas: z.coerce
      .number({ error: searchMessages.weeks })
      .int({ error: searchMessages.weeks })
      .min(SEARCH_WEEKS_MIN, { error: searchMessages.weeksRange })
      .max(SEARCH_WEEKS_MAX, { error: searchMessages.weeksRange })
      .default(4),
    flexivel: flag.default(true),
    disponivel: flag.default(false),
    pagina: z.coerce
      .number({ error: searchMessages.page })
      .int({ error: searchMessages.page })
      .min(1, { error: searchMessages.page })
      .max(SEARCH_MAX_PAGE, { error: searchMessages.page })
      .default(1),
    por_pagina: z.coerce
      .number({ error: 'Tamanho de página inválido.' })
      .int({ error: 'Tamanho de página inválido.' })
      .min(1, { error: 'Tamanho de página inválido.' })
      .max(100, { error: 'Tamanho de página inválido.' })
      .default(20),
  })
  .superRefine((q, ctx) => {
    const bounds = [q.norte, q.sul, q.leste, q.oeste];
    const someBounds = bounds.some((b) => b !== undefined);
    if (someBounds && bounds.some((b) => b === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['norte'], message: 'Informe os quatro limites do mapa.' });
    } else if (
      someBounds &&
      (q.norte! <= q.sul! ||
        q.norte! > 90 ||
        q.sul! < -90 ||
        q.leste! > 180 ||
        q.oeste! < -180 ||
        q.leste! <= q.oeste!)
    ) {
      ctx.addIssue({ code: 'custom', path: ['norte'], message: 'Limites do mapa inválidos.' });
    }
    if ((q.lat === undefined) !== (q.lng === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'Informe latitude e longitude juntas.' });
    }
    if (q.preco_min !== undefined && q.preco_max !== undefined && q.preco_min > q.preco_max) {
      ctx.addIssue({ code: 'custom', path: ['preco_min'], message: searchMessages.priceOrder });
    }
  });
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const availabilitySchema = z.object({
  status: z.enum(availabilityStatuses),
  remaining: z.number(),
  capacity: z.number(),
  start: z.string(),
  end: z.string(),
  /** With flexible dates: the first start (weekly steps) that has room; null when none in 12 weeks. */
  earliest_start: z.string().nullable(),
});

export const searchResultSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(productTypes),
  address: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  daily_price: z.number(),
  weekly_audience: z.number(),
  is_tower_based: z.boolean(),
  tower_count: z.number(),
  photo: z.string().nullable(),
  distance_km: z.number().nullable(),
  availability: availabilitySchema,
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  center: z.object({ lat: z.number(), lng: z.number(), label: z.string() }),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  start: z.string(),
  end: z.string(),
  items: z.array(searchResultSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** GET /api/search/mapa: every result of a search as a light map marker (the phone's map). */
export const searchMarkerSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  daily_price: z.number(),
  photo: z.string().nullable(),
});
export type SearchMarker = z.infer<typeof searchMarkerSchema>;
export const searchMarkersResponseSchema = z.object({
  total: z.number(),
  /** More results than SEARCH_MAP_LIMIT: the first ones in the search's order are sent. */
  capped: z.boolean(),
  items: z.array(searchMarkerSchema),
});
export type SearchMarkersResponse = z.infer<typeof searchMarkersResponseSchema>;

export const placeSchema = z.object({
  name: z.string(),
  uf: z.string(),
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  population: z.number(),
});
export type Place = z.infer<typeof placeSchema>;
