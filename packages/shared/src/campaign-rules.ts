/**
 * When staff may start and finish a campaign and date its proof photos (issue #17 item 1). The period
 * is the booked one: its first day and its inclusive last day (`bookingLastDay`, decision 021). The
 * server applies these rules in apps/api/src/services/campaigns.ts; the admin page mirrors them.
 */
import { bookingLastDay, formatBookingPeriod, isIsoDate, type IsoDate } from './catalog.ts';
import { formatDate } from './lib/dates.ts';

export interface BookedPeriod {
  start: IsoDate;
  weeks: number;
}

export const EARLY_END_REASON_MIN = 10;
export const EARLY_END_REASON_MAX = 500;

export const campaignRuleMessages = {
  startTooEarly: (start: IsoDate) =>
    `A veiculação só pode começar em ${formatDate(start)}, o primeiro dia do período reservado.`,
  finishNeedsReason: (lastDay: IsoDate) =>
    `O período reservado vai até ${formatDate(lastDay)}. Para finalizar antes, informe o motivo (o cliente verá).`,
  reasonLength: `O motivo do encerramento antecipado deve ter entre ${EARLY_END_REASON_MIN} e ${EARLY_END_REASON_MAX} caracteres.`,
  proofDateInvalid: 'Informe a data da foto (dd/mm/aaaa).',
  proofOutsidePeriod: (p: BookedPeriod) =>
    `A data da foto deve estar dentro do período reservado (${formatBookingPeriod(p.start, p.weeks)}).`,
  proofInFuture: 'A data da foto não pode ser depois de hoje.',
} as const;

/** Why "Iniciar veiculação" is refused today, or null when it may start. */
export function campaignStartRefusal(period: BookedPeriod, today: IsoDate): string | null {
  return today < period.start ? campaignRuleMessages.startTooEarly(period.start) : null;
}

/** Whether finishing today ends the campaign before its booked last day. */
export function isEarlyFinish(period: BookedPeriod, today: IsoDate): boolean {
  return today < bookingLastDay(period.start, period.weeks);
}

/**
 * Why "Finalizar veiculação" is refused today, or null: before the last day it needs a reason
 * (recorded and shown to the customer); on or after the last day no reason is asked.
 */
export function campaignFinishRefusal(
  period: BookedPeriod,
  today: IsoDate,
  reason: string | null | undefined,
): string | null {
  if (!isEarlyFinish(period, today)) return null;
  const text = (reason ?? '').trim();
  if (text.length === 0)
    return campaignRuleMessages.finishNeedsReason(bookingLastDay(period.start, period.weeks));
  if (text.length < EARLY_END_REASON_MIN || text.length > EARLY_END_REASON_MAX)
    return campaignRuleMessages.reasonLength;
  return null;
}

/** Why a proof photo's date is refused, or null: within the booked period and not after today. */
export function proofDateRefusal(period: BookedPeriod, today: IsoDate, takenOn: string): string | null {
  if (!isIsoDate(takenOn)) return campaignRuleMessages.proofDateInvalid;
  if (takenOn < period.start || takenOn > bookingLastDay(period.start, period.weeks))
    return campaignRuleMessages.proofOutsidePeriod(period);
  if (takenOn > today) return campaignRuleMessages.proofInFuture;
  return null;
}
