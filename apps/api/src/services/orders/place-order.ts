import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { paymentMethodRefusal, type CheckoutBody } from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { checkoutRefusals } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { turnBatcher } from '../../lib/turn-batch.ts';
import { announceCommitted, type WrittenNotification } from '../messaging/notifications.ts';
import { checkCoupon, checkCouponLocked } from './redeem-coupon.ts';
import { assertTotalWithinLimit, checkUnpaidLimits, priceLines } from './quote.ts';
import { unavailable } from './take-slots.ts';
import {
  checkoutContext,
  priorAnswersCtes,
  type CheckoutContext,
  type KeyRequest,
  type PriorAnswer,
} from './checkout-context.ts';
import { isPgError, pgConstraint, pgErrors } from '../../db/errors.ts';
import { agencyOrderOf } from '../agencies/checkout.ts';
import { readCartAdvertiser } from '../cart.ts';
import { refusalOf } from './place-order-refusal.ts';
import { confirmFreeOrder, type OrderDeps } from './transition.ts';
import { paymentTerms } from './issue-invoice.ts';
import { orderDocument, prepareCharge } from './order-document.ts';
import type { DetailDoc } from './queries.ts';

export const IDEMPOTENCY_MISMATCH = 'Esta chave de idempotência já foi usada em outro pedido.';
export const BILLING_REQUIRED = 'Complete seu cadastro de faturamento antes de finalizar o pedido.';
/** The coupon's discount changed between the check and its lock (its limit reached meanwhile). */
export const COUPON_CHANGED =
  'O cupom mudou enquanto o pedido era feito. Nada foi reservado: confira o pedido e tente de novo.';
const TAKEN_MEANWHILE =
  'Um dos locais acabou de ser reservado por outra pessoa para o mesmo período. Escolha outra data ou outra torre.';

function requestHash(body: CheckoutBody): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/**
 * What this Idempotency-Key already answered, in one statement (after a race on the key; the
 * checkout's first look is part of `checkoutContext`): keys older than
 * IDEMPOTENCY_KEY_HOURS are released first (decision 026), then the live order (same request: its
 * id; another request: 422) or the remembered refusal (answered again, as payment APIs do).
 */
async function answeredBefore(deps: OrderDeps, req: KeyRequest): Promise<string | null> {
  const { rows } = await deps.db.execute<PriorAnswer>(
    sql`with ${priorAnswersCtes(req, deps.config.idempotencyKeyMs)} select * from prior`,
  );
  return priorAnswer(rows, req);
}

/** The live order of a key (same request: its id; another request: 422), or its remembered refusal. */
function priorAnswer(rows: PriorAnswer[], req: KeyRequest): string | null {
  const row = rows.find((r) => r.id !== null) ?? rows[0];
  if (!row) return null;
  if (row.hash !== req.hash) throw new AppError(422, IDEMPOTENCY_MISMATCH);
  if (row.id) return row.id;
  throw new AppError(row.status ?? 409, row.message ?? '');
}

/**
 * Places an order (docs/spec/product.md §4; docs/decisions/009, 039). Every refusal that can be
 * known by reading is found before anything is written: billing, prices, the coupon, the unpaid
 * limits, a face with no free slot left. The writes are then one call of the database function
 * `place_order` (migrations 0016, 0019) — one round trip — or, with a coupon or nothing to pay, that call
 * inside a transaction that also locks the coupon or confirms the order. The function checks again
 * what may have changed since (slots, limits); the exclusion constraint is the final guard against
 * double booking. The same Idempotency-Key returns the same order.
 */
export async function placeOrder(
  deps: OrderDeps,
  userId: string,
  body: CheckoutBody,
  idempotencyKey: string,
  from: { ip?: string | null } = {},
): Promise<PlacedOrder> {
  const req: KeyRequest = { userId, key: idempotencyKey, hash: requestHash(body), ip: from.ip ?? null };
  const context = await checkoutContext(deps.db, req, body, deps.config.idempotencyKeyMs);
  const previous = priorAnswer(context.prior, req);
  if (previous) return { id: previous, replayed: true, detail: null };
  try {
    return await placeNewOrder(deps, body, req, context);
  } catch (error) {
    if (
      error instanceof AppError &&
      error.statusCode >= 400 &&
      error.statusCode < 500 &&
      error.statusCode !== 422 &&
      !remembered.has(error)
    )
      await rememberRefusal(deps.db, req, error);
    throw error;
  }
}

/**
 * A placed order: its id, whether this key had placed it before, and — for a new order written in
 * one call — the document of `order_detail` that `place_order` returned (null: read it).
 */
export interface PlacedOrder {
  id: string;
  replayed: boolean;
  detail: DetailDoc | null;
}

/** Refusals `place_order` has already kept under their key (committed with its call). */
const remembered = new WeakSet<AppError>();

/** What `place_order` (migration 0020) returns: the order written, or the refusal it kept. */
type PlaceOrderResult =
  | { written: WrittenNotification[]; detail: DetailDoc; refused?: undefined }
  | { refused: { status: number; message: string } };

/**
 * Keeps a refusal under its Idempotency-Key, so that the same request sent again gets the same
 * answer. The refusals of one turn of the event loop are written together (`turnBatcher`), and
 * committed without waiting for the write-ahead log to reach the disk (`synchronous_commit` off for
 * this one statement): under a burst for a face with no slot left, those flushes were most of the
 * database's waits (docs/decisions/056-checkout-refusals-keep-their-connection.md, 057). A crash in
 * the fraction of a second before the log is written can lose the record; the same request sent
 * again is then checked anew, which is what a new key would get.
 */
const rememberRefusals = turnBatcher(
  async (db: Db, refusals: Array<{ req: KeyRequest; error: AppError }>) => {
    const rows = refusals.map(({ req, error }) => ({
      user_id: req.userId,
      key: req.key,
      hash: req.hash,
      status: error.statusCode,
      message: error.message,
    }));
    await db.execute(sql`
    with async_commit as (select set_config('synchronous_commit', 'off', true))
    insert into ${checkoutRefusals} (user_id, idempotency_key, request_hash, status, message)
    select r.user_id, r.key, r.hash, r.status, r.message
    from async_commit, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(user_id uuid, key text, hash text, status int, message text)
    on conflict do nothing`);
  },
);

const rememberRefusal = (db: Db, req: KeyRequest, error: AppError) => rememberRefusals(db, [{ req, error }]);

/** Each refusal a customer can meet, in this order, from what `checkoutContext` read: no write yet. */
async function precheck(deps: OrderDeps, body: CheckoutBody, req: KeyRequest, context: CheckoutContext) {
  const { db, config } = deps;
  // An agency's order bills its advertiser (issue #44): the one named, else the cart's (decision 116).
  const agency = await agencyOrderOf(
    db,
    req.userId,
    body.advertiser_id,
    config.agencyCommissionPercent,
    new Date(),
    async () => (await readCartAdvertiser(db, req.userId))?.id ?? null,
  );
  const billing = agency?.billing ?? context.billing;
  if (!billing) throw new AppError(409, BILLING_REQUIRED);
  const refusal = paymentMethodRefusal(body.payment_method, billing.person_type);
  if (refusal) throw new AppError(400, refusal);
  const items = priceLines(context.products, context.towers, body.items, config);
  // An invoiced order whose campaign starts today has no day left to pay before it (decision 075).
  const terms = paymentTerms(
    body.payment_method,
    new Date(),
    items.map((i) => i.start),
    config.paymentWindowMs,
  );
  const subtotal = items.reduce((s, i) => s + i.subtotal, 0);
  const discount = items.reduce((s, i) => s + i.discount, 0);
  assertTotalWithinLimit(subtotal - discount);
  const faceWeeks = items.reduce((s, i) => s + i.towers.length * i.weeks, 0);
  checkUnpaidLimits(config, context.held, faceWeeks);
  const couponDiscount = body.coupon_code
    ? (await checkCoupon(db, { code: body.coupon_code, userId: req.userId, amount: subtotal - discount }))
        .discount
    : 0;
  assertTotalWithinLimit(subtotal - discount - couponDiscount);
  // A face of the order with no free slot (the towers read are all of each product's; the order's
  // are the ones priced).
  for (const full of context.full) {
    const item = items[full.item]!;
    const tower = item.towers.find((t) => t.id === full.tower_id);
    if (tower) throw unavailable(item.name, item.is_tower_based ? tower.name : null);
  }
  return {
    billing,
    items,
    subtotal,
    discount,
    faceWeeks,
    couponDiscount,
    terms,
    agency,
    user: context.user!,
  };
}

async function placeNewOrder(deps: OrderDeps, body: CheckoutBody, req: KeyRequest, context: CheckoutContext) {
  const checked = await precheck(deps, body, req, context);
  const orderId = randomUUID();
  let written: WrittenNotification[] = [];
  let detail: DetailDoc | null = null;
  // The charge at the PSP is made before any transaction (issue #41): no lock, the coupon's included,
  // is held across a call to the outside. Its amount uses the coupon as checked; a coupon that changed
  // by the time it is locked refuses the order (the charge, never shown, expires at the PSP).
  const prepared = await prepareCharge(deps, body, checked, checked.couponDiscount);
  const write = async (executor: Db | Tx, coupon: { id: string; discount: number } | null) => {
    if ((coupon?.discount ?? 0) !== prepared.couponDiscount) throw new AppError(409, COUPON_CHANGED);
    const doc = orderDocument(body, req, { ...checked, orderId, coupon }, prepared, deps);
    let result: PlaceOrderResult;
    try {
      const { rows } = await executor.execute<{ result: PlaceOrderResult }>(
        sql`select place_order(${JSON.stringify(doc)}::jsonb) as result`,
      );
      result = rows[0]!.result;
    } catch (error) {
      throw refusalOf(error, checked.items, checked.faceWeeks, deps) ?? error;
    }
    if (result.refused) {
      const refusal = new AppError(result.refused.status, result.refused.message);
      // Kept by the call itself unless a transaction around it is rolled back by this refusal.
      if (executor === deps.db) remembered.add(refusal);
      throw refusal;
    }
    written = result.written;
    detail = result.detail;
    return doc.order.total;
  };
  try {
    const nothingToPay = checked.subtotal - checked.discount - checked.couponDiscount === 0;
    if (!body.coupon_code && !nothingToPay) await write(deps.db, null);
    else
      await deps.db.transaction(async (tx) => {
        const coupon = body.coupon_code
          ? await checkCouponLocked(tx, {
              code: body.coupon_code,
              userId: req.userId,
              amount: checked.subtotal - checked.discount,
            })
          : null;
        const total = await write(tx, coupon);
        // Nothing to pay (a 100 % coupon): confirmed at once, no Pix code (decision 026); the
        // document `place_order` returned is from before, so the answer is read after commit.
        if (total === 0) {
          await confirmFreeOrder(deps, orderId, tx);
          detail = null;
        }
      });
  } catch (error) {
    if (isPgError(error, pgErrors.uniqueViolation) && pgConstraint(error) === 'orders_user_idempotency_key') {
      const id = await answeredBefore(deps, req);
      if (id) return { id, replayed: true, detail: null };
    }
    if (isPgError(error, pgErrors.exclusionViolation)) throw new AppError(409, TAKEN_MEANWHILE);
    throw error;
  }
  deps.catalogCache?.clear();
  void deps.outbox.kick();
  // After commit, and not awaited: the bell's live stream hears of the new notifications. A lost
  // announcement leaves the bell to its next refresh (page load, stream reconnection); the rows are
  // committed either way.
  void announceCommitted(deps.db, written).catch(() => undefined);
  return { id: orderId, replayed: false, detail };
}
