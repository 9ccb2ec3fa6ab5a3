import { z } from 'zod';
import { addDays, bookingLastDay, type IsoDate } from '../catalog.ts';

/**
 * The campaign report of an order (issue #23 item 5, docs/decisions/036-watches-and-campaign-reports.md):
 * per face the period actually run, the proof photos in date order, the booked audience (decision 022's
 * bookingAudience) and the impressions estimated for the days on air.
 */

export const campaignReportMessages = {
  notFound: 'Relatório não encontrado.',
  notReady: 'O relatório fica pronto quando a campanha do pedido termina.',
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const campaignReportProofSchema = z.object({
  id: z.uuid(),
  taken_on: day,
  caption: z.string(),
  url: z.string(),
  thumb_url: z.string(),
});

export const campaignReportFaceSchema = z.object({
  item_id: z.uuid(),
  product: z.string(),
  type: z.string(),
  city: z.string(),
  state: z.string(),
  towers: z.array(z.object({ id: z.uuid(), name: z.string() })),
  booked_start: day,
  booked_last_day: day,
  weeks: z.number().int(),
  /** First and last day on air (Brasília), inside the booked period; null if it never went on air. */
  ran_from: day.nullable(),
  ran_to: day.nullable(),
  days_on_air: z.number().int().min(0),
  early_end_reason: z.string().nullable(),
  weekly_audience: z.number().int().min(0),
  booked_audience: z.number().int().min(0),
  estimated_impressions: z.number().int().min(0),
  proofs: z.array(campaignReportProofSchema),
});

export const campaignReportSchema = z.object({
  order: z.object({ id: z.uuid(), code: z.string(), customer: z.string(), company: z.string().nullable() }),
  finished_at: z.string().nullable(),
  faces: z.array(campaignReportFaceSchema),
  totals: z.object({
    booked_audience: z.number().int(),
    estimated_impressions: z.number().int(),
    days_on_air: z.number().int(),
    proofs: z.number().int(),
  }),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;
export type CampaignReportFace = z.infer<typeof campaignReportFaceSchema>;

export const campaignReportParamsSchema = z.object({ id: z.uuid({ error: 'Pedido não encontrado.' }) });

/** Whole days between two calendar days, inclusive (0 when `to` is before `from`). */
function inclusiveDays(from: IsoDate, to: IsoDate): number {
  if (to < from) return 0;
  let n = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) n += 1;
  return n;
}

/**
 * The days a face was on air: from the day staff started it to the day they finished it (Brasília),
 * clipped to the booked period, both ends included.
 */
export function daysOnAir(
  booked: { start: IsoDate; weeks: number },
  startedOn: IsoDate | null,
  finishedOn: IsoDate | null,
): { from: IsoDate | null; to: IsoDate | null; days: number } {
  if (!startedOn || !finishedOn) return { from: null, to: null, days: 0 };
  const from = startedOn > booked.start ? startedOn : booked.start;
  const last = bookingLastDay(booked.start, booked.weeks);
  const to = finishedOn < last ? finishedOn : last;
  const days = inclusiveDays(from, to);
  return days > 0 ? { from, to, days } : { from: null, to: null, days: 0 };
}

/**
 * A face's figures from its booked audience (bookingAudience of decision 022: the chosen towers' weekly
 * audience × weeks): the weekly audience, and the impressions estimated for the days on air
 * (weekly ÷ 7 × days, rounded).
 */
export function reportAudience(bookedAudience: number, weeks: number, days: number) {
  const weekly = weeks > 0 ? bookedAudience / weeks : 0;
  return {
    weekly_audience: Math.round(weekly),
    booked_audience: bookedAudience,
    estimated_impressions: Math.round((weekly * days) / 7),
  };
}
