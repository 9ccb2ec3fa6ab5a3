/**
 * Make-goods (issue #43 item 5, decision 105). A worker finds the screen bookings that ended — their
 * last booked day passed, or their run finished — delivered under MAKEGOOD_THRESHOLD_PERCENT of their
 * booked plays, and asks staff once (the `make_goods` row, keyed by the booking, is written in the
 * notification's transaction). Staff grant it as a credit for the customer's next order: a single-use
 * coupon of that value, told to the customer and shown on the campaign report.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import {
  addDays,
  buildPath,
  deliveryPercent,
  makeGoodMessages,
  paths,
  suggestedMakeGoodCredit,
  todayInBrasilia,
  type AdminMakeGood,
  type MakeGoodGrant,
} from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { coupons, makeGoods, orderItems, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import { notify, notifyStaff } from '../messaging/notifications.ts';
import { bookingDeliveries } from './delivery.ts';

interface Ended extends Record<string, unknown> {
  id: string;
  order_id: string;
  code: string;
  product: string;
  last_day: string;
  finished_on: string | null;
}

type Deps = { db: Db; config: { makegoodThresholdPercent: number } };

/** Screen bookings that ended in the last 30 days and were never brought to staff. */
async function endedScreenBookings(db: Db, today: string): Promise<Ended[]> {
  const { rows } = await db.execute<Ended>(sql`
    select i.id, o.id as order_id, o.code, i.product_name as product,
      (i.ends_on - 1)::text as last_day,
      to_char(cr.finished_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as finished_on
    from order_items i
    join orders o on o.id = i.order_id
    left join campaign_runs cr on cr.order_item_id = i.id
    where o.status in ('pago', 'em_veiculacao', 'concluido')
      and (i.ends_on <= ${today}::date or cr.finished_at is not null)
      and i.ends_on > ${today}::date - 30
      and not exists (select 1 from make_goods m where m.order_item_id = i.id)
      and exists (select 1 from reservations r join players pl on pl.tower_id = r.tower_id
        where r.order_item_id = i.id and r.status = 'confirmada')
    order by i.id
    limit 200`);
  return rows;
}

/** The worker's step: each ended booking under the threshold asks staff for a make-good, once. */
export async function askForMakeGoods(deps: Deps, now = new Date()): Promise<number> {
  const today = todayInBrasilia(now);
  const ended = await endedScreenBookings(deps.db, today);
  if (ended.length === 0) return 0;
  const lastOf = new Map(
    ended.map((e) => [e.id, e.finished_on && e.finished_on < e.last_day ? e.finished_on : e.last_day]),
  );
  const threshold = deps.config.makegoodThresholdPercent;
  const deliveries = await bookingDeliveries(
    deps.db,
    ended.map((e) => e.id),
    threshold,
    (id) => lastOf.get(id) ?? addDays(today, -1),
  );
  let asked = 0;
  for (const e of ended) {
    const d = deliveries.get(e.id)?.delivery;
    if (!d?.under_delivered) continue;
    asked += await deps.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(makeGoods)
        .values({ order_item_id: e.id, booked_plays: d.booked, delivered_plays: d.delivered })
        .onConflictDoNothing()
        .returning({ id: makeGoods.order_item_id });
      if (inserted.length === 0) return 0;
      await notifyStaff(tx, {
        kind: 'reposicao_pendente',
        title: `Entrega abaixo do contratado: pedido ${e.code}`,
        body:
          `${e.product}: ${d.delivered} de ${d.booked} exibições (${d.percent ?? 0}%), abaixo de ` +
          `${threshold}%. Conceda uma reposição (crédito no próximo pedido).`,
        link: buildPath(paths.admin.pedido, { id: e.order_id }),
      });
      return 1;
    });
  }
  return asked;
}

/** The worker's part: every 15 minutes (registered by plugins/app/workers.ts). */
export function watchDeliveries(
  deps: Deps,
  every: (ms: number, work: () => void) => void,
  log: { error: (obj: object, msg: string) => void },
): void {
  const run = () => {
    askForMakeGoods(deps).catch((err: unknown) => log.error({ err }, 'falha ao verificar entregas'));
  };
  run();
  every(15 * 60_000, run);
}

const selection = {
  m: makeGoods,
  order_id: orders.id,
  order_code: orders.code,
  user_id: orders.user_id,
  product: orderItems.product_name,
  item_total: orderItems.total,
  coupon_code: coupons.code,
};

function serialize(r: {
  m: typeof makeGoods.$inferSelect;
  order_id: string;
  order_code: string;
  product: string;
  item_total: number;
  coupon_code: string | null;
}): AdminMakeGood {
  const { m } = r;
  return {
    order_item_id: m.order_item_id,
    order_id: r.order_id,
    order_code: r.order_code,
    product: r.product,
    status: m.status,
    booked_plays: m.booked_plays,
    delivered_plays: m.delivered_plays,
    percent: deliveryPercent(m.booked_plays, m.delivered_plays),
    item_total: r.item_total,
    suggested_credit: suggestedMakeGoodCredit(r.item_total, m.booked_plays, m.delivered_plays),
    credit: m.credit,
    coupon_code: r.coupon_code,
    note: m.note,
    asked_at: m.asked_at.toISOString(),
    granted_at: m.granted_at?.toISOString() ?? null,
  };
}

const baseQuery = (db: Db | Tx) =>
  db
    .select(selection)
    .from(makeGoods)
    .innerJoin(orderItems, eq(orderItems.id, makeGoods.order_item_id))
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .leftJoin(coupons, eq(coupons.id, makeGoods.coupon_id));

/** Staff's list: the pending ones first, the newest first. */
export async function listMakeGoods(db: Db) {
  const rows = await baseQuery(db).orderBy(
    sql`${makeGoods.status} = 'concedida'`,
    sql`${makeGoods.asked_at} desc`,
    asc(makeGoods.order_item_id),
  );
  return { items: rows.map(serialize) };
}

const couponCode = () => `REPOSICAO-${randomBytes(5).toString('hex').toUpperCase()}`;

/** Staff grant a pending make-good: a single-use coupon of the credit, the customer told. */
export async function grantMakeGood(db: Db, itemId: string, input: MakeGoodGrant, actor: ActorContext) {
  await db.transaction(async (tx) => {
    const [row] = await baseQuery(tx)
      .where(eq(makeGoods.order_item_id, itemId))
      .for('update', { of: makeGoods });
    if (!row) throw new AppError(404, makeGoodMessages.notFound);
    if (row.m.status === 'concedida') throw new AppError(409, makeGoodMessages.already);
    const credit =
      input.credit ?? suggestedMakeGoodCredit(row.item_total, row.m.booked_plays, row.m.delivered_plays);
    if (credit <= 0 || credit > row.item_total) throw new AppError(400, makeGoodMessages.creditTooHigh);
    const [coupon] = await tx
      .insert(coupons)
      .values({ code: couponCode(), kind: 'valor', value: credit, max_uses: 1, max_uses_per_user: 1 })
      .returning({ id: coupons.id, code: coupons.code });
    const note = input.note ?? '';
    await tx
      .update(makeGoods)
      .set({
        status: 'concedida',
        credit,
        coupon_id: coupon!.id,
        note,
        granted_by: actor.actorId,
        granted_at: new Date(),
      })
      .where(eq(makeGoods.order_item_id, itemId));
    await audit(tx, {
      actorId: actor.actorId,
      action: 'campanha.reposicao_concedida',
      entity: 'order_items',
      entityId: itemId,
      after: { credit, coupon: coupon!.code, note },
      ip: actor.ip,
    });
    await notify(tx, {
      userId: row.user_id,
      kind: 'reposicao_concedida',
      title: `Reposição no pedido ${row.order_code}: crédito para o próximo pedido`,
      body: `${row.product} exibiu menos do que o contratado. Use o cupom ${coupon!.code} no próximo pedido.`,
      link: buildPath(paths.usuario.relatorioCampanha, { orderId: row.order_id }),
    });
  });
  const [granted] = await baseQuery(db).where(eq(makeGoods.order_item_id, itemId));
  return serialize(granted!);
}
