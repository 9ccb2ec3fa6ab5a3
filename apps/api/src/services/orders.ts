import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  applyCoupon,
  buildPath,
  paths,
  canTransition,
  formatMoney,
  formatBookingPeriod,
  type CheckoutBody,
  type OrderActor,
  type OrderStatus,
} from '@urbana/shared';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  billingProfiles,
  checkoutRefusals,
  couponRedemptions,
  coupons,
  invoices,
  orderItems,
  orders,
  orderStatusHistory,
  reservations,
  userCart,
} from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { emailTemplates, orderStatusNotice } from './email-templates.ts';
import type { Outbox } from './outbox.ts';
import { notify, notifyStaff } from './notifications.ts';
import { newTxid, pixPayload } from './pix.ts';
import { couponContext, priceItems } from './order-quote.ts';
import { assertTotalWithinLimit, enforceUnpaidLimits } from './order-limits.ts';
import { isPgError } from './orders/take-slot.ts';
import { issueInvoice, writeOrderItems } from './orders/write-items.ts';

/** Placing orders and moving them between states (reads are in order-queries.ts, prices in order-quote.ts). */
export interface OrderDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
  /** Cached catalogue answers, cleared whenever availability changes. */
  catalogCache?: { clear(): void };
}

function requestHash(body: CheckoutBody): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

export function orderCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `URB-${Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('')}`;
}

const constraintOf = (e: unknown): string | undefined => {
  let cur: unknown = e;
  for (let i = 0; i < 3 && cur && typeof cur === 'object'; i++) {
    const c = (cur as { constraint?: string }).constraint;
    if (c) return c;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
};

export const IDEMPOTENCY_MISMATCH = 'Esta chave de idempotência já foi usada em outro pedido.';
export const BILLING_REQUIRED = 'Complete seu cadastro de faturamento antes de finalizar o pedido.';

/**
 * Places an order in one transaction: prices from the database, coupon checked and counted, a free
 * slot taken on every tower (the exclusion constraint is the final guard), order, items, reservations,
 * invoice and history written, cart emptied, e-mail queued. The same Idempotency-Key returns the same
 * order.
 */
export async function placeOrder(
  deps: OrderDeps,
  userId: string,
  body: CheckoutBody,
  idempotencyKey: string,
  context: { ip?: string | null } = {},
) {
  const { db, config } = deps;
  const hash = requestHash(body);
  const fresh = sql`now() - make_interval(secs => ${config.idempotencyKeyMs / 1000})`;
  // Keys older than IDEMPOTENCY_KEY_HOURS are released: the same key is then a new request (decision 026).
  await db
    .update(orders)
    .set({ idempotency_key: null })
    .where(
      and(
        eq(orders.user_id, userId),
        eq(orders.idempotency_key, idempotencyKey),
        sql`${orders.created_at} <= ${fresh}`,
      ),
    );
  await db
    .delete(checkoutRefusals)
    .where(
      and(
        eq(checkoutRefusals.user_id, userId),
        eq(checkoutRefusals.idempotency_key, idempotencyKey),
        sql`${checkoutRefusals.created_at} <= ${fresh}`,
      ),
    );
  const replay = async () => {
    const existing = await db.query.orders.findFirst({
      where: and(eq(orders.user_id, userId), eq(orders.idempotency_key, idempotencyKey)),
    });
    if (existing) {
      if (existing.request_hash !== hash) throw new AppError(422, IDEMPOTENCY_MISMATCH);
      return existing.id;
    }
    // A refused checkout answers the same refusal under its key, as payment APIs do.
    const refused = await db.query.checkoutRefusals.findFirst({
      where: and(eq(checkoutRefusals.user_id, userId), eq(checkoutRefusals.idempotency_key, idempotencyKey)),
    });
    if (!refused) return null;
    if (refused.request_hash !== hash) throw new AppError(422, IDEMPOTENCY_MISMATCH);
    throw new AppError(refused.status, refused.message);
  };
  const previous = await replay();
  if (previous) return { id: previous, replayed: true };

  try {
    return await placeNewOrder(deps, userId, body, { idempotencyKey, hash, ip: context.ip ?? null }, replay);
  } catch (error) {
    if (
      error instanceof AppError &&
      error.statusCode >= 400 &&
      error.statusCode < 500 &&
      error.statusCode !== 422
    ) {
      await db
        .insert(checkoutRefusals)
        .values({
          user_id: userId,
          idempotency_key: idempotencyKey,
          request_hash: hash,
          status: error.statusCode,
          message: error.message,
        })
        .onConflictDoNothing();
    }
    throw error;
  }
}

async function placeNewOrder(
  deps: OrderDeps,
  userId: string,
  body: CheckoutBody,
  request: { idempotencyKey: string; hash: string; ip: string | null },
  replay: () => Promise<string | null>,
) {
  const { db, config } = deps;
  const { idempotencyKey, hash } = request;
  const billing = await db.query.billingProfiles.findFirst({ where: eq(billingProfiles.user_id, userId) });
  if (!billing) throw new AppError(409, BILLING_REQUIRED);
  if (body.payment_method === 'faturado' && billing.person_type !== 'pj') {
    throw new AppError(400, 'Boleto/transferência faturada é só para empresas (CNPJ).');
  }

  try {
    const orderId = await db.transaction(async (tx) => {
      const now = new Date();
      const expiresAt = new Date(
        now.getTime() + (body.payment_method === 'pix' ? config.paymentWindowMs : config.invoicedHoldMs),
      );
      const items = await priceItems(tx, body.items, config);
      const subtotal = items.reduce((s, i) => s + i.subtotal, 0);
      const discount = items.reduce((s, i) => s + i.discount, 0);
      assertTotalWithinLimit(subtotal - discount);
      await enforceUnpaidLimits(tx, config, {
        userId,
        ip: request.ip,
        faceWeeks: items.reduce((s, i) => s + i.towers.length * i.weeks, 0),
      });

      // The order row first: a concurrent submit with the same key stops here.
      const txid = newTxid();
      const [order] = await tx
        .insert(orders)
        .values({
          code: orderCode(),
          user_id: userId,
          payment_method: body.payment_method,
          subtotal,
          discount,
          total: subtotal - discount,
          idempotency_key: idempotencyKey,
          request_hash: hash,
          client_ip: request.ip,
          pix_txid: txid,
          billing,
          expires_at: expiresAt,
        })
        .returning();

      let couponDiscount = 0;
      if (body.coupon_code) {
        const [coupon] = await tx
          .select()
          .from(coupons)
          .where(eq(coupons.code, body.coupon_code))
          .for('update');
        if (!coupon) throw new AppError(400, 'Cupom não encontrado.');
        const result = applyCoupon(coupon, {
          amount: subtotal - discount,
          now,
          formatMoney,
          ...(await couponContext(tx, userId, coupon.id)),
        });
        if (!result.ok) throw new AppError(409, result.message);
        couponDiscount = result.discount;
        await tx
          .update(coupons)
          .set({ uses: sql`${coupons.uses} + 1` })
          .where(eq(coupons.id, coupon.id));
        await tx
          .insert(couponRedemptions)
          .values({ coupon_id: coupon.id, user_id: userId, order_id: order!.id });
        await tx
          .update(orders)
          .set({
            coupon_id: coupon.id,
            coupon_discount: couponDiscount,
            total: subtotal - discount - couponDiscount,
          })
          .where(eq(orders.id, order!.id));
      }
      const total = subtotal - discount - couponDiscount;
      assertTotalWithinLimit(total);

      await writeOrderItems(tx, order!.id, items, expiresAt);
      await issueInvoice(tx, {
        orderId: order!.id,
        userId,
        amount: subtotal,
        discount: discount + couponDiscount,
        total,
        method: body.payment_method,
        now,
      });
      await tx.insert(orderStatusHistory).values({
        order_id: order!.id,
        from_status: null,
        to_status: 'aguardando_pagamento',
        actor: 'cliente',
        actor_id: userId,
      });
      // Nothing to pay (a 100 % coupon): confirmed at once, no Pix code (decision 026).
      const nothingToPay = total === 0;
      const payload = nothingToPay
        ? null
        : pixPayload({ ...config.pix, amount: total, txid, info: order!.code });
      if (payload) await tx.update(orders).set({ pix_payload: payload }).where(eq(orders.id, order!.id));
      await tx.update(userCart).set({ products: [], updated_at: now }).where(eq(userCart.user_id, userId));
      const user = await tx.query.profiles.findFirst({ where: (p, { eq: e }) => e(p.id, userId) });
      await deps.outbox.enqueue(tx, {
        to: user!.email,
        userId,
        ...emailTemplates.orderPlaced({
          name: user!.nome_completo,
          code: order!.code,
          total: formatMoney(total),
          method: body.payment_method,
          pix: body.payment_method === 'pix' ? payload : null,
          items: items.map((i) => `${i.name}: ${formatBookingPeriod(i.start, i.weeks)}`),
          free: nothingToPay,
          url: `${config.publicUrl}/confirmacao-pedido?orderId=${order!.id}`,
        }),
      });
      await notify(tx, {
        userId,
        kind: 'pedido_recebido',
        title: `Recebemos o pedido ${order!.code}`,
        body: nothingToPay
          ? 'Não há nada a pagar: o pedido já está confirmado.'
          : body.payment_method === 'pix'
            ? 'Pague com Pix para confirmar a reserva.'
            : 'A equipe confirma a reserva quando receber o pagamento faturado.',
        link: `/pedido/${order!.id}`,
      });
      if (body.payment_method === 'faturado' && !nothingToPay)
        await notifyStaff(tx, {
          kind: 'pedido_faturado',
          title: `Pedido faturado para confirmar: ${order!.code}`,
          body: `${billing.name} · ${formatMoney(total)}. Confirme o pagamento quando o boleto ou a transferência chegar.`,
          link: buildPath(paths.admin.pedido, { id: order!.id }),
        });
      if (nothingToPay) await confirmFreeOrder(deps, order!.id, tx);
      return order!.id;
    });
    deps.catalogCache?.clear();
    void deps.outbox.kick();
    return { id: orderId, replayed: false };
  } catch (error) {
    if (isPgError(error, '23505') && constraintOf(error) === 'orders_user_idempotency_key') {
      const id = await replay();
      if (id) return { id, replayed: true };
    }
    if (isPgError(error, '23P01'))
      throw new AppError(
        409,
        'Um dos locais acabou de ser reservado por outra pessoa para o mesmo período. Escolha outra data ou outra torre.',
      );
    throw error;
  }
}

/** An order with nothing to pay (a 100 % coupon, a free proposal) is confirmed as it is placed. */
export async function confirmFreeOrder(deps: OrderDeps, orderId: string, tx: Tx) {
  await transitionOrder(
    deps,
    { orderId, to: 'pago', actor: 'sistema', note: 'Pedido sem valor a pagar: confirmado na hora.' },
    tx,
  );
}

/** Moves an order to a new state if the rules allow it, with history, reservations and invoice in step. */
export async function transitionOrder(
  deps: OrderDeps,
  input: {
    orderId: string;
    to: OrderStatus;
    actor: OrderActor;
    actorId?: string | null;
    note?: string;
    ownerId?: string;
  },
  tx0?: Tx,
) {
  const run = async (tx: Tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order || (input.ownerId && order.user_id !== input.ownerId))
      throw new AppError(404, 'Pedido não encontrado.');
    if (order.status === input.to) return { order, changed: false };
    if (!canTransition(order.status, input.to, input.actor)) {
      throw new AppError(409, `Não é possível mudar o pedido de "${order.status}" para "${input.to}".`);
    }
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({
        status: input.to,
        updated_at: now,
        ...(input.to === 'pago' || input.to === 'pago_apos_expirar' ? { paid_at: now } : {}),
      })
      .where(eq(orders.id, order.id))
      .returning();
    const itemIds = (
      await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.order_id, order.id))
    ).map((r) => r.id);
    if (input.to === 'pago') {
      await tx
        .update(reservations)
        .set({ status: 'confirmada', hold_expires_at: null })
        .where(inArray(reservations.order_item_id, itemIds));
      await tx.update(invoices).set({ status: 'paga', paid_at: now }).where(eq(invoices.order_id, order.id));
    }
    if (input.to === 'pago_apos_expirar') {
      // Paid too late: whatever it still held goes back, the invoice will not be charged (decision 026).
      await tx
        .update(reservations)
        .set({ status: 'liberada' })
        .where(inArray(reservations.order_item_id, itemIds));
      await tx.update(invoices).set({ status: 'cancelada' }).where(eq(invoices.order_id, order.id));
    }
    if (input.to === 'cancelado' || input.to === 'expirado') {
      await tx
        .update(reservations)
        .set({ status: 'liberada' })
        .where(inArray(reservations.order_item_id, itemIds));
      // A paid order's invoice stays paid: its cancellation issues a credit note (decision 029).
      if (order.status === 'aguardando_pagamento')
        await tx.update(invoices).set({ status: 'cancelada' }).where(eq(invoices.order_id, order.id));
      if (order.coupon_id && order.status === 'aguardando_pagamento') {
        // An unpaid order gives its coupon use back.
        await tx.delete(couponRedemptions).where(eq(couponRedemptions.order_id, order.id));
        await tx
          .update(coupons)
          .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
          .where(eq(coupons.id, order.coupon_id));
      }
    }
    await tx.insert(orderStatusHistory).values({
      order_id: order.id,
      from_status: order.status,
      to_status: input.to,
      actor: input.actor,
      actor_id: input.actorId ?? null,
      note: input.note ?? null,
    });
    const user = await tx.query.profiles.findFirst({ where: (p, { eq: e }) => e(p.id, order.user_id) });
    await notify(tx, {
      userId: order.user_id,
      kind: `pedido_${input.to}`,
      ...orderStatusNotice(input.to, order.code),
      link: `/pedido/${order.id}`,
    });
    await deps.outbox.enqueue(tx, {
      to: user!.email,
      userId: order.user_id,
      ...emailTemplates.orderStatus({
        name: user!.nome_completo,
        code: order.code,
        status: input.to,
        url: `${deps.config.publicUrl}/pedido/${order.id}`,
      }),
    });
    return { order: updated!, changed: true };
  };
  const result = tx0 ? await run(tx0) : await deps.db.transaction(run);
  deps.catalogCache?.clear();
  void deps.outbox.kick();
  return result;
}

/** The worker's job: unpaid orders past their window expire and give their slots back. */
export async function expireOrders(deps: OrderDeps): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'aguardando_pagamento'), sql`${orders.expires_at} <= now()`))
    .limit(100);
  let n = 0;
  for (const { id } of due) {
    try {
      const result = await transitionOrder(deps, {
        orderId: id,
        to: 'expirado',
        actor: 'sistema',
        note: 'Prazo de pagamento encerrado.',
      });
      if (result.changed) n += 1;
    } catch {
      // Paid or cancelled in the meantime: nothing to do.
    }
  }
  return n;
}
