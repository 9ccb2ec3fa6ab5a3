import { inArray, sql } from 'drizzle-orm';
import { addDays, todayInBrasilia } from '@urbana/shared';
import type { Tx } from '../../db/client.ts';
import { invoices, orderItems, orderItemTowers, products } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { releaseExpiredHolds, takeSlot } from './take-slot.ts';

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
  return new AppError(
    409,
    `Não há mais vaga em ${name}${tower ? ` (${tower})` : ''} para o período escolhido. Escolha outra data ou outra torre.`,
  );
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

/** The order's invoice, with the next gap-free number of the year (the counter row stays locked). */
export async function issueInvoice(
  tx: Tx,
  input: {
    orderId: string;
    userId: string;
    amount: number;
    discount: number;
    total: number;
    method: 'pix' | 'faturado';
    now: Date;
  },
) {
  const year = Number(todayInBrasilia(input.now).slice(0, 4));
  const [counter] = await tx
    .execute<{ last: number }>(
      sql`
        insert into invoice_counters (year, last) values (${year}, 1)
        on conflict (year) do update set last = invoice_counters.last + 1
        returning last`,
    )
    .then((r) => r.rows);
  const seq = Number(counter!.last);
  await tx.insert(invoices).values({
    order_id: input.orderId,
    user_id: input.userId,
    number: `${year}-${String(seq).padStart(6, '0')}`,
    year,
    seq,
    amount: input.amount,
    discount: input.discount,
    total: input.total,
    due_date: input.method === 'pix' ? todayInBrasilia(input.now) : addDays(todayInBrasilia(input.now), 5),
    payment_method: input.method,
  });
}
