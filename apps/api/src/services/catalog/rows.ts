/**
 * The catalogue's SQL rows, read through schemas instead of a hand cast per column (issue #18 item 3).
 * A row schema says what a statement returns and turns it into the service's answer; the answer's
 * contract itself is the shared schema its route declares (docs/decisions/037-one-contract-per-endpoint.md),
 * which checks it again on the way out.
 *
 * Plain objects, no refinements: the map's markers parse up to SEARCH_MAP_LIMIT rows per request.
 * Numbers are coerced: both drivers hand int8 (money, counts) as numbers (db/client.ts), but a driver
 * without that parser hands text, and `z.coerce.number()` is the `Number(...)` the services used.
 */
import { z } from 'zod';
import { plannerProductSchema, productTypes } from '@urbana/shared';

/** A stored file's public address. */
export const fileUrl = (key: string) => `/api/arquivos/${key}`;

const num = z.coerce.number();
/** The first photo's thumbnail key, as its address (null without a photo). */
const photo = z
  .string()
  .nullable()
  .transform((key) => (key ? fileUrl(key) : null));
/** A json/jsonb column: PGlite may hand it as text, node-postgres as the parsed value. */
const json = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? JSON.parse(value) : value), schema);

const named = { id: z.string(), slug: z.string(), name: z.string(), type: z.enum(productTypes) };
const listed = {
  ...named,
  city: z.string(),
  state: z.string(),
  neighborhood: z.string(),
  daily_price: num,
  weekly_audience: num,
  is_tower_based: z.boolean(),
};

/** A product card (featured, favourites): `cardColumns` in cards.ts. */
export const cardRowSchema = z.object({
  ...listed,
  tower_count: num,
  photo,
  status: z.enum(['ativo', 'inativo']),
});

/** A product the planner shows, with its towers as JSON (plan-media.ts). */
export const plannerProductRowSchema = z.object({
  ...listed,
  photo,
  towers: json(plannerProductSchema.shape.towers),
});

/** One result of the search (`searchSql`), before its availability. */
export const searchRowSchema = z.object({
  ...named,
  address: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: num,
  longitude: num,
  daily_price: num,
  weekly_audience: num,
  is_tower_based: z.boolean(),
  tower_count: num,
  photo,
  distance_km: num.transform((km) => Math.round(km * 10) / 10),
});

/** The same rows as light map markers. */
export const markerRowSchema = searchRowSchema.pick({
  id: true,
  slug: true,
  name: true,
  latitude: true,
  longitude: true,
  daily_price: true,
  photo: true,
});

/** What every search row carries about the whole search: the total, and with cells whether it is capped. */
export const searchTotalRowSchema = z.object({ total: num, total_capped: z.boolean().optional() });

/** A tower's booked slots in the period (`productLoads`). */
export const towerLoadRowSchema = z.object({ product_id: z.string(), slots: num, booked: num });

/** A product's first week with room, counted from the period's start (`earliestStarts`). */
export const earliestWeekRowSchema = z.object({ product_id: z.string(), k: num });

/** The network in numbers (`networkStats`): one row of totals with the figures per type as JSON. */
export const networkRowSchema = z.object({
  locations: num,
  cities: num,
  states: num,
  screens: num,
  weekly_audience: num,
  by_type: json(z.array(z.object({ type: z.enum(productTypes), locations: num, weekly_audience: num }))),
});

/** A group of the map (`searchMap`): its count, centroid and the box it spans. */
export const mapClusterRowSchema = z.object({
  count: num,
  latitude: num,
  longitude: num,
  norte: num,
  sul: num,
  leste: num,
  oeste: num,
});
