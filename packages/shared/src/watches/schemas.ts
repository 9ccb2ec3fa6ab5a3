import { z } from 'zod';
import { addDays, type IsoDate } from '../catalog.ts';
import { formatDate } from '../lib/dates.ts';
import { formatMoney } from '../lib/money.ts';

/**
 * "Avise-me" on a favourite (issue #23 item 4, docs/decisions/036-watches-and-campaign-reports.md):
 * an alert when a booked week of the place is given back or its price drops, once per change.
 */

export { watchMessages } from './messages.ts';

export const watchParamsSchema = z.object({
  productId: z.uuid({ error: 'Local não encontrado.' }),
});

/** The watched places of the signed-in user. */
export const watchListResponseSchema = z.object({ product_ids: z.array(z.uuid()) });
export type WatchListResponse = z.infer<typeof watchListResponseSchema>;

export const watchChangeKinds = ['semana_livre', 'preco_baixou'] as const;
export type WatchChangeKind = (typeof watchChangeKinds)[number];

/** What a change records (the trigger's jsonb): the freed period, or the price move. */
export type WatchChangeDetail =
  | { kind: 'semana_livre'; starts_on: IsoDate; ends_on: IsoDate }
  | { kind: 'preco_baixou'; from: number; to: number };

/** The one wording of an alert, for the bell and the e-mail alike. */
export function watchAlertText(place: string, change: WatchChangeDetail): { title: string; body: string } {
  if (change.kind === 'semana_livre') {
    // ends_on is the half-open end of the released booking: the last day shown is the day before it.
    const period = `de ${formatDate(change.starts_on)} até ${formatDate(addDays(change.ends_on, -1))}`;
    return {
      title: `${place} tem datas livres`,
      body: `Vagas voltaram a ficar livres: o local está livre ${period}. Reserve agora, antes que outra pessoa o faça.`,
    };
  }
  return {
    title: `O preço de ${place} baixou`,
    body: `A diária passou de ${formatMoney(change.from)} para ${formatMoney(change.to)}.`,
  };
}
