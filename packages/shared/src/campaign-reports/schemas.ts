import { z } from 'zod';
import { addDays, bookingLastDay, type IsoDate } from '../catalog.ts';
import { formatDate } from '../lib/dates.ts';
import { formatInteger, formatMoney } from '../lib/money.ts';

/**
 * The campaign report of an order (issue #23 item 5, docs/decisions/036-watches-and-campaign-reports.md):
 * per face the period actually run, the proof photos in date order, the booked audience (decision 022's
 * bookingAudience) and the impressions estimated for the days on air.
 */

export const campaignReportMessages = {
  notFound: 'Relatório não encontrado.',
  notReady: 'O relatório fica pronto quando a campanha do pedido termina.',
  /** The 409 of an order still to run or on air: when the report comes (issue #40 item 9). */
  notReadyUntil: (lastDay: IsoDate) =>
    `O relatório fica pronto quando a campanha do pedido termina: o último dia no ar é ${formatDate(lastDay)}.`,
  /** An order that never went on air (unpaid, expired or cancelled before its start) has no report. */
  none: 'Este pedido não foi ao ar: não há relatório de campanha.',
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const campaignReportProofSchema = z.object({
  id: z.uuid(),
  taken_on: day,
  caption: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  /** "tirada em … a … m da face" (decision 107), when the photo's position is known. */
  place_line: z.string().nullable(),
});

/** One day of a screen face: the plays booked (the loop's rule) and those the screen reported. */
export const deliveryDaySchema = z.object({
  day,
  booked: z.number().int().min(0),
  delivered: z.number().int().min(0),
  /** Rounded down; null when nothing was booked that day. */
  percent: z.number().int().min(0).nullable(),
});

/** A screen face (a tower with a player) of a booking: its days and totals (issue #43 item 5). */
export const deliveryFaceSchema = z.object({
  tower_id: z.uuid(),
  name: z.string(),
  booked: z.number().int().min(0),
  delivered: z.number().int().min(0),
  percent: z.number().int().min(0).nullable(),
  under_delivered: z.boolean(),
  days: z.array(deliveryDaySchema),
});

/** A booking's delivery on its screens; null on the report for a face with no player (a static face). */
export const bookingDeliverySchema = z.object({
  faces: z.array(deliveryFaceSchema),
  booked: z.number().int().min(0),
  delivered: z.number().int().min(0),
  percent: z.number().int().min(0).nullable(),
  under_delivered: z.boolean(),
  /** MAKEGOOD_THRESHOLD_PERCENT: under it, the booking is under-delivered. */
  threshold_percent: z.number().int(),
});
export type BookingDelivery = z.infer<typeof bookingDeliverySchema>;

/** A make-good granted to the customer for an under-delivered booking: a credit for the next order. */
export const reportMakeGoodSchema = z.object({
  credit: z.number().int().positive(),
  coupon_code: z.string().nullable(),
  note: z.string(),
  granted_at: z.string(),
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
  /** 'exibicoes': a screen's impressions are its reported plays × one play's; 'estimativa': weekly ÷ 7 × days. */
  impressions_basis: z.enum(['exibicoes', 'estimativa']),
  delivery: bookingDeliverySchema.nullable(),
  make_good: reportMakeGoodSchema.nullable(),
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

/** "90 de 420 (21%)": plays delivered of booked, and the percentage, as the page and the PDF say it. */
export const deliverySummary = (d: { booked: number; delivered: number; percent: number | null }) =>
  `${formatInteger(d.delivered)} de ${formatInteger(d.booked)} (${d.percent === null ? '—' : `${d.percent}%`})`;

export const underDeliveryLabel = (thresholdPercent: number) => `Entrega abaixo de ${thresholdPercent}%`;

/** What the customer reads of a granted make-good. */
export const makeGoodLine = (m: { credit: number; coupon_code: string | null }) =>
  `Reposição concedida: crédito de ${formatMoney(m.credit)} no próximo pedido` +
  (m.coupon_code ? ` (cupom ${m.coupon_code})` : '') +
  '.';
