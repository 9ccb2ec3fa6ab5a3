import { z } from 'zod';
import { availabilityStatuses, isStartDate, productTypes } from './catalog.ts';
import {
  DEFAULT_BOOKING_WEEKS,
  SEARCH_MAX_PAGE,
  SEARCH_MAP_ZOOM_MAX,
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
      .default(DEFAULT_BOOKING_WEEKS),
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
  /** The total was counted up to a cap (SEARCH_COUNT_CAP): there are more results than it says. */
  total_capped: z.boolean(),
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
/**
 * GET /api/search/mapa: the map's own query — the search's, plus the map's zoom and, once the map is
 * shown, its visible bounds (the answer covers the search's area inside them).
 */
export const searchMapQuerySchema = searchQuerySchema
  .safeExtend({
    zoom: z.coerce
      .number({ error: searchMessages.mapZoom })
      .int({ error: searchMessages.mapZoom })
      .min(0, { error: searchMessages.mapZoom })
      .max(SEARCH_MAP_ZOOM_MAX, { error: searchMessages.mapZoom })
      .optional(),
    vista_norte: num(searchMessages.mapView).optional(),
    vista_sul: num(searchMessages.mapView).optional(),
    vista_leste: num(searchMessages.mapView).optional(),
    vista_oeste: num(searchMessages.mapView).optional(),
  })
  .superRefine((q, ctx) => {
    const view = [q.vista_norte, q.vista_sul, q.vista_leste, q.vista_oeste];
    if (view.every((b) => b === undefined)) return;
    if (
      view.some((b) => b === undefined) ||
      q.vista_norte! <= q.vista_sul! ||
      q.vista_leste! <= q.vista_oeste!
    )
      ctx.addIssue({ code: 'custom', path: ['vista_norte'], message: searchMessages.mapView });
  });
export type SearchMapQuery = z.output<typeof searchMapQuerySchema>;

/** A group of places on the server's grid: how many, where (their centroid) and the box they span. */
export const searchMapClusterSchema = z.object({
  count: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  norte: z.number(),
  sul: z.number(),
  leste: z.number(),
  oeste: z.number(),
});
export type SearchMapCluster = z.infer<typeof searchMapClusterSchema>;
export const searchMapResponseSchema = z.object({
  /** Places of the search inside the map's view (the sum of the groups' counts when grouped). */
  total: z.number(),
  /** Up to SEARCH_MAP_LIMIT places: each one, in the search's order (and no groups). */
  items: z.array(searchMarkerSchema),
  /** More places than SEARCH_MAP_LIMIT: groups on a grid of `grid` degrees (and no items). */
  clusters: z.array(searchMapClusterSchema),
  grid: z.number().nullable(),
  /**
   * Filters the groups could not honour at this zoom (counted from the per-cell table, which knows
   * the type but not the price or the calendar): the counts are of every price / every date.
   */
  ignored_filters: z.array(z.enum(['preco', 'disponivel'])),
});
export type SearchMapResponse = z.infer<typeof searchMapResponseSchema>;

export const placeSchema = z.object({
  name: z.string(),
  uf: z.string(),
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  population: z.number(),
});
export type Place = z.infer<typeof placeSchema>;
