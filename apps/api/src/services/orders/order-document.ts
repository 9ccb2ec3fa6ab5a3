/**
 * What a checkout writes, computed before `place_order` runs (place-order.ts): the order's code, total
 * and charge at the payment provider, and the document with its items, invoice, limits, e-mail and
 * notifications.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  buildPath,
  formatBookingPeriod,
  formatMoney,
  invoicedMessages,
  paths,
  type CheckoutBody,
  pathWithQuery,
  paymentMethodRules,
} from '@urbana/shared';
import { emailTemplates } from '../messaging/email-templates.ts';
import { chargeColumns, orderCharge } from '../payments/order-charge.ts';
import { agencyColumns, type AgencyOrder } from '../agencies/checkout.ts';
import { assertTotalWithinLimit, type QuotedItem } from './quote.ts';
import { unavailableMessage } from './take-slots.ts';
import type { Billing, CheckoutContext, KeyRequest } from './checkout-context.ts';
import type { PaymentTerms } from './issue-invoice.ts';
import type { OrderDeps } from './transition.ts';

export function orderCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `URB-${Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('')}`;
}

export interface Checked {
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

/** The order's code, its total (the net, decision 098) and its charge at the provider. */
export async function prepareCharge(
  deps: OrderDeps,
  body: CheckoutBody,
  c: Pick<Checked, 'agency' | 'subtotal' | 'discount' | 'terms' | 'billing'>,
  couponDiscount: number,
) {
  // The desconto-padrão after the coupon (decision 098): the total is what is paid, the net.
  const { total, columns } = agencyColumns(c.agency, c.subtotal - c.discount, couponDiscount);
  assertTotalWithinLimit(total);
  const code = orderCode();
  // With a PSP, a charge there (PUT /cob, or /cobv for an invoiced order); none when nothing is due.
  const charge =
    total === 0
      ? null
      : await orderCharge(deps, {
          method: body.payment_method,
          ...(paymentMethodRules[body.payment_method].terms === 'vencimento'
            ? { dueDate: c.terms.dueDate }
            : {}),
          code,
          amount: total,
          payer: { document: c.billing.document, name: c.billing.name },
        });
  return { code, total, columns, charge, couponDiscount };
}

/** Everything `place_order` writes, computed here: amounts, Pix code, e-mail and notification texts. */
export function orderDocument(
  body: CheckoutBody,
  req: KeyRequest,
  c: Checked,
  prepared: Awaited<ReturnType<typeof prepareCharge>>,
  deps: OrderDeps,
) {
  const { config } = deps;
  const { code, total, columns, charge, couponDiscount } = prepared;
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
