import { z } from 'zod';

/**
 * Make-goods (issue #43 item 5, decision 105): a screen booking that ended under
 * MAKEGOOD_THRESHOLD_PERCENT of its booked plays is brought to staff once; staff grant a credit for
 * the customer's next order (a single-use coupon), which the campaign report shows.
 */
export const makeGoodMessages = {
  notFound: 'Nenhuma reposição pendente para esta reserva.',
  already: 'A reposição desta reserva já foi concedida.',
  creditTooHigh: 'O crédito não pode passar do valor pago pela reserva.',
} as const;

export const makeGoodStatuses = ['pendente', 'concedida'] as const;

export const adminMakeGoodSchema = z.object({
  order_item_id: z.uuid(),
  order_id: z.uuid(),
  order_code: z.string(),
  product: z.string(),
  status: z.enum(makeGoodStatuses),
  booked_plays: z.number().int(),
  delivered_plays: z.number().int(),
  percent: z.number().int().nullable(),
  /** What the booking paid (centavos). */
  item_total: z.number().int(),
  /** The unplayed share of what was paid: total × (booked − delivered) ÷ booked (centavos). */
  suggested_credit: z.number().int(),
  credit: z.number().int().nullable(),
  coupon_code: z.string().nullable(),
  note: z.string(),
  asked_at: z.string(),
  granted_at: z.string().nullable(),
});
export type AdminMakeGood = z.infer<typeof adminMakeGoodSchema>;
export const adminMakeGoodListSchema = z.object({ items: z.array(adminMakeGoodSchema) });

export const makeGoodGrantSchema = z.object({
  /** Centavos; without it, the suggested credit. */
  credit: z.number().int().positive().optional(),
  note: z.string().trim().max(500).optional(),
});
export type MakeGoodGrant = z.infer<typeof makeGoodGrantSchema>;

/** The unplayed share of what a booking paid, in centavos (rounded). */
export const suggestedMakeGoodCredit = (total: number, booked: number, delivered: number) =>
  booked > 0 ? Math.round((total * Math.max(0, booked - delivered)) / booked) : 0;
