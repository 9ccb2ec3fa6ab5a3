import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  inventoryHolds,
  orderItems,
  orderItemTowers,
  products,
  reservations,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { isPgError, pgErrors } from '../../db/errors.ts';

export interface SlotClaim {
  towerId: string;
  productId: string;
  latitude: number;
  longitude: number;
  /** First day and the day after the last, as reservations store them. */
  start: string;
  end: string;
  status: 'pendente' | 'confirmada';
  holdExpiresAt: Date | null;
  orderItemId?: string;
  holdId?: string;
}

/**
 * Takes one free slot of a face for a period: the one way anything books inventory (checkout,
 * accepted proposals, reservas técnicas). The exclusion constraint `reservations_no_double_booking`
 * is the final guard: a slot committed by someone else after our snapshot makes the insert fail, and
 * we look again from a savepoint with a fresh snapshot.
 */
export async function takeSlot(tx: Tx, claim: SlotClaim, unavailable: () => AppError): Promise<number> {
  for (let attempt = 0; attempt < 10; attempt++) {
    // Any free slot of this face for the period; a slot another transaction is taking is skipped.
    const free = await tx.execute<{ slot: number }>(sql`
      select s.slot from tower_slots s
      where s.tower_id = ${claim.towerId}
        and not exists (
          select 1 from reservations r
          where r.tower_id = s.tower_id and r.slot = s.slot and r.status <> 'liberada'
            and daterange(r.starts_on, r.ends_on) && daterange(${claim.start}::date, ${claim.end}::date))
      order by s.slot
      limit 1
      for update skip locked`);
    const slot = free.rows[0]?.slot;
    if (slot === undefined) throw unavailable();
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.insert(reservations).values({
          tower_id: claim.towerId,
          product_id: claim.productId,
          latitude: claim.latitude,
          longitude: claim.longitude,
          slot,
          starts_on: claim.start,
          ends_on: claim.end,
          hold_expires_at: claim.holdExpiresAt,
          status: claim.status,
          order_item_id: claim.orderItemId ?? null,
          hold_id: claim.holdId ?? null,
        });
      });
      return slot;
    } catch (error) {
      if (!isPgError(error, pgErrors.exclusionViolation)) throw error;
    }
  }
  throw unavailable();
}

/**
 * Unpaid orders and reservas técnicas whose time ran out give their slots back before anyone looks
 * for a free one (the search already ignores them; this makes the slot takeable).
 */
export async function releaseExpiredHolds(tx: Tx, towerIds: string[]): Promise<void> {
  if (towerIds.length === 0) return;
  await tx
    .update(reservations)
    .set({ status: 'liberada' })
    .where(
      and(
        inArray(reservations.tower_id, towerIds),
        eq(reservations.status, 'pendente'),
        sql`${reservations.hold_expires_at} <= now()`,
      ),
    );
  await tx
    .update(inventoryHolds)
    .set({ status: 'expirada', released_at: sql`now()` })
    .where(
      and(
        eq(inventoryHolds.status, 'ativa'),
        sql`${inventoryHolds.expires_at} <= now()`,
        sql`exists (select 1 from reservations r where r.hold_id = ${inventoryHolds.id} and r.tower_id in (${sql.join(
          towerIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}))`,
      ),
    );
}

/** One line of an order, priced: by the catalogue (checkout) or by staff (an accepted proposal). */
export interface PricedLine {
  product_id: string;
  name: string;
  type: string;
  city: string;
  state: string;
  is_tower_based: boolean;
  start: string;
  end: string;
  weeks: number;
  daily_price: number;
  towers: Array<{ id: string; name: string }>;
  subtotal: number;
  discount: number;
  total: number;
}

export function unavailable(name: string, tower: string | null): AppError {
  return new AppError(409, unavailableMessage(name, tower));
}

/** The words of `unavailable`, without making an error (and its stack) to carry them. */
export function unavailableMessage(name: string, tower: string | null): string {
  return `Não há mais vaga em ${name}${tower ? ` (${tower})` : ''} para o período escolhido. Escolha outra data ou outra torre.`;
}

/** Writes an order's items and takes a slot on every face, held until `expiresAt` (unpaid). */
export async function writeOrderItems(tx: Tx, orderId: string, items: PricedLine[], expiresAt: Date) {
  await releaseExpiredHolds(
    tx,
    items.flatMap((i) => i.towers.map((t) => t.id)),
  );
  const places = await tx
    .select({ id: products.id, latitude: products.latitude, longitude: products.longitude })
    .from(products)
    .where(
      inArray(
        products.id,
        items.map((i) => i.product_id),
      ),
    );
  for (const item of items) {
    const [row] = await tx
      .insert(orderItems)
      .values({
        order_id: orderId,
        product_id: item.product_id,
        product_name: item.name,
        product_type: item.type,
        city: item.city,
        state: item.state,
        starts_on: item.start,
        ends_on: item.end,
        weeks: item.weeks,
        daily_price: item.daily_price,
        tower_count: item.towers.length,
        subtotal: item.subtotal,
        discount: item.discount,
        total: item.total,
      })
      .returning();
    await tx
      .insert(orderItemTowers)
      .values(item.towers.map((t) => ({ order_item_id: row!.id, tower_id: t.id, tower_name: t.name })));
    const place = places.find((p) => p.id === item.product_id)!;
    for (const tower of item.towers) {
      await takeSlot(
        tx,
        {
          towerId: tower.id,
          productId: item.product_id,
          latitude: place.latitude,
          longitude: place.longitude,
          start: item.start,
          end: item.end,
          status: 'pendente',
          holdExpiresAt: expiresAt,
          orderItemId: row!.id,
        },
        () => unavailable(item.name, item.is_tower_based ? tower.name : null),
      );
    }
  }
}
