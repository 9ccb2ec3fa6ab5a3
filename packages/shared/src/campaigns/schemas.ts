import { z } from 'zod';
import { campaignStatuses } from '../ads/rules.ts';
import { adDetailSchema } from '../ads/schemas.ts';
import { isIsoDate } from '../catalog.ts';

/**
 * /admin/campanhas (the paid order items, for staff): the API's request and response schemas, and the
 * web's types by z.infer (docs/decisions/037-one-contract-per-endpoint.md).
 */

const isoDate = (message: string) => z.string().refine(isIsoDate, { error: message });

/** The list's filters (`?status=…&de=aaaa-mm-dd&ate=…&q=…&page=2`). */
export const adminCampaignListQuery = z.object({
  status: z.enum(campaignStatuses, { error: 'Status inválido.' }).optional(),
  de: isoDate('Data inicial inválida.').optional(),
  ate: isoDate('Data final inválida.').optional(),
  q: z.string().max(200, { error: 'Busca longa demais.' }).optional(),
  page: z.coerce.number({ error: 'Página inválida.' }).int().min(1, { error: 'Página inválida.' }).default(1),
  page_size: z.coerce
    .number({ error: 'Tamanho de página inválido.' })
    .int()
    .min(1, { error: 'Tamanho de página inválido.' })
    .max(100, { error: 'Tamanho de página inválido.' })
    .default(20),
});
export type AdminCampaignQuery = z.output<typeof adminCampaignListQuery>;

export const adminCampaignRowSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  order_code: z.string(),
  product: z.string(),
  type: z.string(),
  city: z.string(),
  state: z.string(),
  start: z.string(),
  end: z.string(),
  customer: z.string(),
  email: z.string(),
  ad_id: z.string().nullable(),
  ad_name: z.string().nullable(),
  ad_status: z.string().nullable(),
  status: z.enum(campaignStatuses),
});
export type AdminCampaignRow = z.infer<typeof adminCampaignRowSchema>;

export const adminCampaignPageSchema = z.object({
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  counts: z.partialRecord(z.enum(campaignStatuses), z.number()),
  items: z.array(adminCampaignRowSchema),
});
export type AdminCampaignPage = z.infer<typeof adminCampaignPageSchema>;

/** A photo that shows the campaign on the street (docs/spec/product.md §5). */
export const campaignProofSchema = z.object({
  id: z.string(),
  taken_on: z.string(),
  caption: z.string(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  thumb_url: z.string(),
  created_at: z.string(),
  /** When the camera says it was taken (EXIF), or null. */
  taken_at: z.string().nullable(),
  /** Metres from the face (EXIF position), or null. */
  distance_m: z.number().int().nullable(),
  /** "tirada em … a … m da face" (decision 107), when the position is known. */
  place_line: z.string().nullable(),
  /** What staff should check: taken far from the face, or outside the period. */
  warnings: z.array(z.string()),
  /** SHA-256 of the original file, kept privately; null for photos sent before decision 107. */
  original_sha256: z.string().nullable(),
});
export type CampaignProof = z.infer<typeof campaignProofSchema>;

/** One campaign as staff see it: the booking, the order, the customer, the ad and the proof photos. */
export const adminCampaignDetailSchema = z.object({
  id: z.string(),
  status: z.enum(campaignStatuses),
  product: z.string(),
  type: z.string(),
  city: z.string(),
  state: z.string(),
  start: z.string(),
  end: z.string(),
  weeks: z.number(),
  towers: z.array(z.object({ id: z.string(), name: z.string() })),
  order: z.object({ id: z.string(), code: z.string(), status: z.string(), total: z.number() }),
  customer: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  ad: adDetailSchema.nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Why staff ended the run before the booked last day (shown to the customer too). */
  early_end_reason: z.string().nullable(),
  proofs: z.array(campaignProofSchema),
});
export type CampaignDetail = z.infer<typeof adminCampaignDetailSchema>;
