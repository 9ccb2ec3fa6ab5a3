import { z } from 'zod';
import { artworkDeadline, type AdStatus } from '../ads/rules.ts';
import { addDays, bookingLastDay } from '../catalog.ts';

/**
 * The campaign queue on the staff dashboard (issue #40 item 6, docs/decisions/093-campaign-queue.md):
 * what should start or finish and has not, and art missing before a start. Dates are Brasília days.
 */
export const campaignQueueKinds = ['inicio_atrasado', 'inicia_hoje', 'passou_do_fim', 'sem_arte'] as const;
export type CampaignQueueKind = (typeof campaignQueueKinds)[number];

export const campaignQueueLabels: Record<CampaignQueueKind, string> = {
  inicio_atrasado: 'Início atrasado',
  inicia_hoje: 'Começam hoje',
  passou_do_fim: 'No ar depois do fim',
  sem_arte: 'Sem arte aprovada perto do início',
};

/** How far ahead a start with no approved art is brought to staff. */
export const ART_QUEUE_DAYS = 7;

const APPROVED: readonly AdStatus[] = ['aprovado', 'em_veiculacao', 'finalizado'];

/** The art of a campaign is missing: no ad, a draft, or one rejected (one under review is staff's). */
export function isArtMissing(adStatus: AdStatus | null): boolean {
  return adStatus === null || adStatus === 'rascunho' || adStatus === 'reprovado';
}

/** Where a campaign sits in the queue on `today`, or null when nothing is owed. */
export function campaignQueueKind(
  c: {
    start: string;
    weeks: number;
    started: boolean;
    finished: boolean;
    adStatus: AdStatus | null;
  },
  today: string,
): CampaignQueueKind | null {
  if (c.finished) return null;
  if (c.started) return bookingLastDay(c.start, c.weeks) < today ? 'passou_do_fim' : null;
  if (c.start < today) return 'inicio_atrasado';
  if (c.start === today) return 'inicia_hoje';
  const approved = c.adStatus !== null && APPROVED.includes(c.adStatus);
  return !approved && c.start <= addDays(today, ART_QUEUE_DAYS) ? 'sem_arte' : null;
}

/**
 * The customer is told once that the art is missing, from the last day to send it (two business days
 * before the start, `artworkDeadline`) until the start.
 */
export function isArtReminderDue(start: string, adStatus: AdStatus | null, today: string): boolean {
  return isArtMissing(adStatus) && today >= artworkDeadline(start) && today < start;
}

export const campaignQueueEntrySchema = z.object({
  kind: z.enum(campaignQueueKinds),
  item_id: z.string(),
  order_id: z.string(),
  order_code: z.string(),
  product: z.string(),
  customer: z.string(),
  start: z.string(),
  last_day: z.string(),
  ad_status: z.string().nullable(),
});
export type CampaignQueueEntry = z.infer<typeof campaignQueueEntrySchema>;
