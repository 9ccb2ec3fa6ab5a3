import { z } from 'zod';
import { productTypes } from '../catalog.ts';

/** The network in numbers, as GET /api/midia-kit answers (the page and the PDF show the same). */
export const mediaKitSchema = z.object({
  generated_at: z.string(),
  locations: z.number(),
  cities: z.number(),
  states: z.number(),
  screens: z.number(),
  weekly_audience: z.number(),
  by_type: z.array(
    z.object({
      type: z.enum(productTypes),
      locations: z.number(),
      screens: z.number(),
      weekly_audience: z.number(),
      min_daily_price: z.number(),
    }),
  ),
  by_state: z.array(
    z.object({
      state: z.string(),
      name: z.string(),
      locations: z.number(),
      cities: z.number(),
      screens: z.number(),
      weekly_audience: z.number(),
    }),
  ),
  top_cities: z.array(
    z.object({ city: z.string(), state: z.string(), locations: z.number(), weekly_audience: z.number() }),
  ),
  points: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      type: z.enum(productTypes),
      latitude: z.number(),
      longitude: z.number(),
      daily_price: z.number(),
    }),
  ),
});
export type MediaKit = z.infer<typeof mediaKitSchema>;
