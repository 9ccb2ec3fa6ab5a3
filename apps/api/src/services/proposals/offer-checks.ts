import { eq, sql } from 'drizzle-orm';
import { formatBookingPeriod, periodEnd, proposalMessages, type PaymentMethod } from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { billingProfiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** A line of a proposal as the checks read it: the place, its faces and the period. */
export interface OfferLine {
  name: string;
  is_tower_based: boolean;
  towers: ReadonlyArray<{ id: string; name: string }>;
  start: string;
  weeks: number;
}

/**
 * A proposal's line that cannot be fulfilled any more (a face sold out, a period started, a place
 * withdrawn): at acceptance it is recorded on the proposal and staff are told (decision 077).
 */
export class ProposalUnfulfillable extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/**
 * The first face without a free slot for its line's period, as the checkout looks before it writes
 * (services/orders/checkout-context.ts): a slot of an unpaid order past its window counts as free.
 * Refused with the face and the period, so staff change the line before the customer sees it
 * (issue #40 item 5); the slot is only taken at acceptance, under the exclusion constraint.
 */
export async function assertFacesFree(db: Db | Tx, lines: readonly OfferLine[]): Promise<void> {
  const wanted = lines.flatMap((line, i) =>
    line.towers.map((t) => ({ i, tower_id: t.id, s: line.start, e: periodEnd(line.start, line.weeks) })),
  );
  if (wanted.length === 0) return;
  const { rows } = await db.execute<{ i: number; tower_id: string }>(sql`
    select w.i, w.tower_id from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
      as w(i int, tower_id uuid, s date, e date)
    where not exists (
      select 1 from tower_slots ts
      where ts.tower_id = w.tower_id and not exists (
        select 1 from reservations r
        where r.tower_id = ts.tower_id and r.slot = ts.slot and r.status <> 'liberada'
          and not (r.status = 'pendente' and r.hold_expires_at <= now())
          and daterange(r.starts_on, r.ends_on) && daterange(w.s, w.e)))
    order by w.i
    limit 1`);
  const full = rows[0];
  if (!full) return;
  const line = lines[full.i]!;
  const tower = line.towers.find((t) => t.id === full.tower_id)!;
  const face = line.is_tower_based ? `${line.name} (${tower.name})` : line.name;
  throw new ProposalUnfulfillable(
    proposalMessages.soldOut(face, formatBookingPeriod(line.start, line.weeks)),
  );
}

/**
 * Invoicing is for a company: a proposal that offers it needs the customer's billing profile to
 * carry a CNPJ when it is created and sent, not only when it is accepted (issue #40 item 5); an
 * agency's proposal bills its advertiser, which always has one.
 */
export async function assertPaymentMethodFits(
  db: Db | Tx,
  customerId: string,
  method: PaymentMethod,
  advertiserId: string | null = null,
): Promise<void> {
  // An agency's proposal bills its advertiser, always a company (advertiserBodySchema).
  if (method !== 'faturado' || advertiserId) return;
  const billing = await db.query.billingProfiles.findFirst({
    where: eq(billingProfiles.user_id, customerId),
  });
  if (billing?.person_type !== 'pj') throw new AppError(400, proposalMessages.invoicedNeedsCnpj);
}
