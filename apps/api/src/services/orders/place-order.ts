import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  buildPath,
  formatBookingPeriod,
  formatMoney,
  invoicedMessages,
  paths,
  type CheckoutBody,
  pathWithQuery,
} from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { checkoutRefusals } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { turnBatcher } from '../../lib/turn-batch.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import { announceCommitted, type WrittenNotification } from '../messaging/notifications.ts';
import { chargeColumns, orderCharge } from '../payments/order-charge.ts';
import { checkCoupon, checkCouponLocked } from './redeem-coupon.ts';
import { assertTotalWithinLimit, checkUnpaidLimits, priceLines, type QuotedItem } from './quote.ts';
import { unavailable, unavailableMessage } from './take-slots.ts';
import {
  checkoutContext,
  priorAnswersCtes,
  type Billing,
  type CheckoutContext,
  type KeyRequest,
  type PriorAnswer,
} from './checkout-context.ts';
import { isPgError, pgConstraint, pgErrors } from '../../db/errors.ts';
import { agencyColumns, agencyOrderOf, type AgencyOrder } from '../agencies/checkout.ts';
import { refusalOf } from './place-order-refusal.ts';
import { confirmFreeOrder, type OrderDeps } from './transition.ts';
import { paymentTerms, type PaymentTerms } from './issue-invoice.ts';
import type { DetailDoc } from './queries.ts';

export const IDEMPOTENCY_MISMATCH = 'Esta chave de idempotência já foi usada em outro pedido.';
export const BILLING_REQUIRED = 'Complete seu cadastro de faturamento antes de finalizar o pedido.';
const TAKEN_MEANWHILE =
  'Um dos locais acabou de ser reservado por outra pessoa para o mesmo período. Escolha outra data ou outra torre.';

function requestHash(body: CheckoutBody): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

export function orderCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `URB-${Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('')}`;
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
  // An agency's order bills its advertiser (issue #44); a direct customer's, the billing profile.
  const agency = await agencyOrderOf(db, req.userId, body.advertiser_id, config.agencyCommissionPercent);
  const billing = agency?.billing ?? context.billing;
  if (!billing) throw new AppError(409, BILLING_REQUIRED);
  if (body.payment_method === 'faturado' && billing.person_type !== 'pj') {
    throw new AppError(400, 'Boleto/transferência faturada é só para empresas (CNPJ).');
  }
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
  const write = async (executor: Db | Tx, coupon: { id: string; discount: number } | null) => {
    const doc = await orderDocument(deps, body, req, { ...checked, orderId, coupon });
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

interface Checked {
  billing: Billing;
  items: QuotedItem[];
  subtotal: number;
  discount: number;
  faceWeeks: number;
  terms: PaymentTerms;
  agency: AgencyOrder | null;
  user: NonNullable<CheckoutContext['user']>;
  orderId: string;
  coupon: { id: string; discount: number } | null;
}

/** Everything `place_order` writes, computed here: amounts, Pix code, e-mail and notification texts. */
async function orderDocument(deps: OrderDeps, body: CheckoutBody, req: KeyRequest, c: Checked) {
  const { config } = deps;
  const couponDiscount = c.coupon?.discount ?? 0;
  // The desconto-padrão after the coupon (decision 098): the total is what is paid, the net.
  const { total, columns } = agencyColumns(c.agency, c.subtotal - c.discount, couponDiscount);
  assertTotalWithinLimit(total);
  const code = orderCode();
  const free = total === 0;
  // With a PSP, an immediate charge there (PUT /cob) for a Pix order (issue #41).
  const charge = free
    ? null
    : await orderCharge(deps, {
        method: body.payment_method,
        ...(body.payment_method === 'faturado' ? { dueDate: c.terms.dueDate } : {}),
        code,
        amount: total,
        payer: { document: c.billing.document, name: c.billing.name },
      });
  const payload = charge?.payload ?? null;
  return {
    order: {
      id: c.orderId,
      code,
      user_id: req.userId,
      payment_method: body.payment_method,
      subtotal: c.subtotal,
      discount: c.discount,
      coupon_discount: couponDiscount,
      total,
      coupon_id: c.coupon?.id ?? null,
      idempotency_key: req.key,
      request_hash: req.hash,
      client_ip: req.ip,
      ...chargeColumns(charge),
      billing: c.billing,
      expires_at: c.terms.expiresAt.toISOString(),
      ...columns,
    },
    items: c.items.map((i) => ({ ...i, id: randomUUID() })),
    // The words of a refusal for a face with no free slot left, by tower: `place_order` keeps and
    // returns the one it meets without a round trip of the application's.
    unavailable: Object.fromEntries(
      c.items.flatMap((i) =>
        i.towers.map((t) => [t.id, unavailableMessage(i.name, i.is_tower_based ? t.name : null)]),
      ),
    ),
    invoice: {
      amount: c.subtotal,
      discount: c.discount + couponDiscount,
      due_date: c.terms.dueDate,
    },
    limits: {
      per_account: config.orderLimits.unpaidPerAccount,
      face_weeks: config.orderLimits.faceWeeksPerAccount,
      per_ip: config.orderLimits.unpaidPerIp,
      face_weeks_new: c.faceWeeks,
    },
    ...orderTexts(deps, body, c, { code, total, payload, provider: charge?.provider ?? null }),
  };
}

/** The e-mail (sent by the outbox after commit) and the notifications of a new order. */
function orderTexts(
  deps: OrderDeps,
  body: CheckoutBody,
  c: Checked,
  o: { code: string; total: number; payload: string | null; provider: string | null },
) {
  const { code, total, payload, provider } = o;
  const { config } = deps;
  const free = total === 0;
  const orderLink = buildPath(paths.pedido, { orderId: c.orderId });
  return {
    emails: [
      {
        to: c.user.email,
        ...emailTemplates.orderPlaced({
          name: c.user.nome_completo,
          code,
          total: formatMoney(total),
          method: body.payment_method,
          // An invoiced order's Pix is its charge at the PSP (cobv); the static code is never e-mailed for it.
          pix: body.payment_method === 'pix' || provider ? payload : null,
          items: c.items.map((i) => `${i.name}: ${formatBookingPeriod(i.start, i.weeks)}`),
          free,
          terms: c.terms,
          url: `${config.publicUrl}${pathWithQuery(paths.confirmacaoPedido, {}, { orderId: c.orderId })}`,
        }),
      },
    ],
    notifications: [
      {
        kind: 'pedido_recebido',
        title: `Recebemos o pedido ${code}`,
        body: free
          ? 'Não há nada a pagar: o pedido já está confirmado.'
          : body.payment_method === 'pix'
            ? 'Pague com Pix para confirmar a reserva.'
            : 'A equipe confirma a reserva quando receber o pagamento faturado.',
        link: orderLink,
      },
    ],
    staff_notification:
      body.payment_method === 'faturado' && !free
        ? {
            kind: 'pedido_faturado',
            title: `Pedido faturado para confirmar: ${code}`,
            body: `${c.billing.name} · ${formatMoney(total)}. Confirme o pagamento quando o boleto ou a transferência chegar. ${invoicedMessages.dueAndHold(c.terms.dueDate, c.terms.expiresAt)}`,
            link: buildPath(paths.admin.pedido, { id: c.orderId }),
          }
        : null,
  };
}
