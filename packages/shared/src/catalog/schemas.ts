import { z } from 'zod';
import { availabilityStatuses, isStartDate, productStatuses, productTypes } from '../catalog.ts';
import { DEFAULT_BOOKING_WEEKS, placeSchema } from '../search-schema.ts';

/**
 * The public catalogue's answers (docs/spec/specification.md §3): the API declares them as its
 * response schemas and the web reads their types with z.infer
 * (docs/decisions/037-one-contract-per-endpoint.md).
 */

/** A product in a list (search, featured, favourites, compare). */
export const productCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(productTypes),
  city: z.string(),
  state: z.string(),
  neighborhood: z.string(),
  daily_price: z.number(),
  weekly_audience: z.number(),
  is_tower_based: z.boolean(),
  tower_count: z.number(),
  photo: z.string().nullable(),
  status: z.enum(productStatuses),
});

const specSchema = z.object({
  width: z.number(),
  height: z.number(),
  orientation: z.enum(['horizontal', 'vertical']),
  formats: z.array(z.string()),
  maxSizeMb: z.number(),
  spotSeconds: z.number().nullable(),
  insertionsPerDay: z.number().nullable(),
  notes: z.string(),
});

/** A product page: the product, its spec, photos, towers and the chosen period's availability. */
export const productDetailSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(productTypes),
  address: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  daily_price: z.number(),
  is_tower_based: z.boolean(),
  weekly_audience: z.number(),
  audience_profile: z.string(),
  /** Where the weekly audience comes from, as `audienceSourceLabel` words it (issue #43 item 6). */
  audience_source: z.string(),
  operating_hours: z.string(),
  spec: specSchema,
  photos: z.array(
    z.object({ url: z.string(), thumb: z.string(), width: z.number(), height: z.number(), alt: z.string() }),
  ),
  towers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      screens: z.number(),
      weekly_audience: z.number(),
      slots: z.number(),
      remaining: z.number(),
    }),
  ),
  period: z.object({
    start: z.string(),
    end: z.string(),
    weeks: z.number(),
    earliest_start: z.string(),
    status: z.enum(availabilityStatuses),
    remaining: z.number(),
    capacity: z.number(),
  }),
  calendar: z.array(
    z.object({
      start: z.string(),
      end: z.string(),
      status: z.enum(availabilityStatuses),
      towers: z.array(z.object({ tower_id: z.string(), remaining: z.number() })),
    }),
  ),
});

export const productCardListSchema = z.object({ items: z.array(productCardSchema) });
export type ProductCardData = z.infer<typeof productCardSchema>;
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** The app's public settings (map, lead time, long-run discount, payment window). */
export const appConfigSchema = z.object({
  tile_url: z.string(),
  tile_attribution: z.string(),
  /** ViaCEP-compatible base URL ('' when the lookup is off). */
  cep_url: z.string(),
  /** Whether the billing form can fill a company from its CNPJ (GET /api/cnpj/:cnpj). */
  cnpj_lookup: z.boolean(),
  lead_business_days: z.number(),
  today: z.string(),
  earliest_start: z.string(),
  long_run_weeks: z.number(),
  long_run_percent: z.number(),
  payment_window_minutes: z.number(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const placeListSchema = z.object({ items: z.array(placeSchema) });

/** The network in numbers, computed from the catalogue. */
export const networkStatsSchema = z.object({
  locations: z.number(),
  cities: z.number(),
  states: z.number(),
  screens: z.number(),
  weekly_audience: z.number(),
  by_type: z.array(
    z.object({ type: z.enum(productTypes), locations: z.number(), weekly_audience: z.number() }),
  ),
});
export type NetworkStats = z.infer<typeof networkStatsSchema>;

/** GET /api/places: the city typed so far and how many suggestions. */
export const placesQuerySchema = z.object({
  q: z
    .string({ error: 'Digite o nome de uma cidade.' })
    .trim()
    .min(1, { error: 'Digite o nome de uma cidade.' })
    .max(80, { error: 'Busca longa demais.' }),
  limite: z.coerce.number().int().min(1).max(20).default(8),
});

/** GET /api/products: the ids, comma-separated (the first 100 count). */
export const productIdsQuerySchema = z.object({
  ids: z.string().max(4000, { error: 'Ids demais.' }).default(''),
});

/** GET /api/products/:slug. */
export const productSlugParamsSchema = z.object({ slug: z.string().max(200) });
/** GET /api/products/:slug: the period whose availability the page shows (four weeks unless said). */
export const productPeriodQuerySchema = z.object({
  inicio: z.string().refine(isStartDate, { error: 'Data de início inválida.' }).optional(),
  semanas: z.coerce
    .number({ error: 'Número de semanas inválido.' })
    .int()
    .min(1, { error: 'Escolha de 1 a 52 semanas.' })
    .max(52, { error: 'Escolha de 1 a 52 semanas.' })
    .default(DEFAULT_BOOKING_WEEKS),
});

/** GET /api/arquivos/catalogo/:name: a catalogue photo's stored name (a content hash and extension). */
export const catalogFileParamsSchema = z.object({
  name: z.string().regex(/^[a-z0-9_-]+(\.[a-z0-9]+)$/, { error: 'Arquivo não encontrado.' }),
});
