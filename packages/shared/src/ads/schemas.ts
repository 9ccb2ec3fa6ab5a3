/**
 * The media library and the customer's ads: request bodies and the API's answers (/api/media*,
 * /api/ads*), the web's types by z.infer (docs/decisions/037-one-contract-per-endpoint.md).
 */
import { z } from 'zod';
import { productTypes } from '../catalog.ts';
import type { CreativeFormat } from '../creative-specs.ts';
import { adMessages, adStatuses, mediaKinds, mediaMessages } from './rules.ts';
import { advertiserRefSchema } from '../agencies/schemas.ts';

const mediaFormats = ['jpg', 'png', 'webp', 'mp4'] as const satisfies readonly CreativeFormat[];

/** A file of the library as an ad lists it. */
export const adMediaSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(mediaKinds),
  format: z.enum(mediaFormats),
  width: z.number(),
  height: z.number(),
  size_bytes: z.number(),
  duration_ms: z.number().nullable(),
  url: z.string(),
  thumb_url: z.string().nullable(),
});

/** A file of the library and the ads that use it (GET/PATCH /api/media/:id, POST /api/media). */
export const mediaItemSchema = adMediaSchema.extend({
  mime: z.string(),
  created_at: z.string(),
  used_in: z.array(z.object({ id: z.string(), name: z.string(), status: z.enum(adStatuses) })),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** GET /api/media: the files, the space used and the limits. */
export const mediaLibrarySchema = z.object({
  items: z.array(mediaItemSchema),
  used_bytes: z.number(),
  quota_bytes: z.number(),
  limits: z.object({ image_bytes: z.number(), video_bytes: z.number() }),
});
export type MediaLibrary = z.infer<typeof mediaLibrarySchema>;

/** PATCH /api/media/:id. */
export const mediaRenameBodySchema = z.object({
  name: z.string({ error: mediaMessages.badName }).max(500, { error: mediaMessages.badName }),
});

/** A booked item an ad can run on, with its artwork deadline. */
export const adItemSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  order_code: z.string(),
  name: z.string(),
  type: z.enum(productTypes),
  city: z.string(),
  state: z.string(),
  start: z.string(),
  end: z.string(),
  tower_count: z.number(),
  photo: z.string().nullable(),
  artwork_deadline: z.string(),
  deadline_passed: z.boolean(),
  /** An agency's order item: the advertiser its order bills (decision 116). */
  advertiser: advertiserRefSchema.nullable(),
});
export type AdItem = z.infer<typeof adItemSchema>;

/** GET /api/ads/opcoes. */
export const adOptionsSchema = z.object({ items: z.array(adItemSchema) });
export const adOptionsQuerySchema = z.object({
  anuncio: z.string().uuid({ error: adMessages.notFound }).optional(),
});

/** One ad (GET/PUT /api/ads/:id, POST /api/ads, POST /api/ads/:id/enviar). */
export const adDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(adStatuses),
  review_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  editable: z.boolean(),
  /** An agency's ad: the advertiser of its items' orders (one per ad, decision 116). */
  advertiser: advertiserRefSchema.nullable(),
  items: z.array(adItemSchema),
  media: z.array(adMediaSchema),
});
export type AdDetail = z.infer<typeof adDetailSchema>;

/** A line of GET /api/ads. */
export const adSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(adStatuses),
  review_reason: z.string().nullable(),
  updated_at: z.string(),
  items: z.number(),
  summary: z.string(),
  first_start: z.string().nullable(),
  artwork_deadline: z.string().nullable(),
  thumb_url: z.string().nullable(),
  editable: z.boolean(),
  advertiser: advertiserRefSchema.nullable(),
});
export type AdSummary = z.infer<typeof adSummarySchema>;
export const adListSchema = z.object({ items: z.array(adSummarySchema) });
export const adListQuerySchema = z.object({
  status: z.enum(adStatuses, { error: 'Status inválido.' }).optional(),
  /** An agency's ads of one advertiser (decision 116). */
  advertiser_id: z.uuid({ error: 'Anunciante não encontrado.' }).optional(),
});

/** POST /api/ads and PUT /api/ads/:id. */
export const adBodySchema = z.object({
  name: z.string({ error: adMessages.name }).max(200, { error: adMessages.name }),
  item_ids: z.array(z.string().uuid({ error: adMessages.itemUnavailable })).max(50),
  media_ids: z.array(z.string().uuid({ error: adMessages.mediaUnavailable })).max(20),
});
export type AdInput = z.input<typeof adBodySchema>;
