import { addDays, type IsoDate } from '../catalog.ts';
import { formatMoney } from '../lib/money.ts';
import { orderStatusLabels, type OrderStatus } from './rules.ts';

/**
 * What staff may do to an order from /admin/pedidos, and the limits the server applies
 * (docs/decisions/029-staff-order-actions.md). Pure rules: the API enforces them, the web shows them.
 */

/** One extension of an unpaid order's hold adds at most this many hours. */
export const HOLD_EXTENSION_MAX_HOURS = 72;
/** However many extensions, a hold never lasts beyond this many days after the order was placed. */
export const HOLD_MAX_DAYS_AFTER_ORDER = 10;
/** The cancellation policy shown at checkout (CANCELLATION_POLICY): full refund up to this many business days before the start. */
export const REFUND_BUSINESS_DAYS_BEFORE_START = 5;

const isWeekday = (date: IsoDate) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
};

/** The last day a booking starting on `start` may be cancelled with a refund: 5 business days before it. */
export function lastRefundableDay(start: IsoDate, businessDays = REFUND_BUSINESS_DAYS_BEFORE_START): IsoDate {
  let date = start;
  let left = businessDays;
  while (left > 0) {
    date = addDays(date, -1);
    if (isWeekday(date)) left -= 1;
  }
  return date;
}

/**
 * The refund of a paid order cancelled on `today`, under the policy shown at checkout: each item that
 * starts 5 business days or more after today is refunded in full, the others not at all. An order-wide
 * coupon is spread over the items in proportion, so the refund never exceeds what was paid.
 */
export function refundUnderPolicy(input: {
  status: OrderStatus;
  total: number;
  items: ReadonlyArray<{ start: IsoDate; total: number }>;
  today: IsoDate;
}): number {
  if (input.status === 'pago_apos_expirar') return input.total;
  if (input.status !== 'pago' && input.status !== 'em_veiculacao') return 0;
  const itemsTotal = input.items.reduce((s, i) => s + i.total, 0);
  if (itemsTotal <= 0) return 0;
  const refundable = input.items
    .filter((i) => input.today <= lastRefundableDay(i.start))
    .reduce((s, i) => s + i.total, 0);
  return Math.min(input.total, Math.round((input.total * refundable) / itemsTotal));
}

/**
 * The latest moment an unpaid order's hold may reach: 10 days after the order, and never past 00:00
 * (Brasília) of its first booked day, when the slot must be either paid or free.
 */
export function holdCeiling(createdAt: Date, firstStart: IsoDate): Date {
  const byAge = createdAt.getTime() + HOLD_MAX_DAYS_AFTER_ORDER * 86_400_000;
  const byStart = new Date(`${firstStart}T00:00:00-03:00`).getTime();
  return new Date(Math.min(byAge, byStart));
}

/** The states from which staff may cancel an order (orderTransitions, actor equipe). */
export const staffCancellable: readonly OrderStatus[] = [
  'aguardando_pagamento',
  'pago',
  'em_veiculacao',
  'pago_apos_expirar',
];

/**
 * How staff set the refund of a paid order they cancel (issue #40 item 3, decision 076): the policy's
 * amount, the whole amount paid, or a part of it in centavos.
 */
export const refundChoices = ['politica', 'integral', 'parcial'] as const;
export type RefundChoice = (typeof refundChoices)[number];
export const refundChoiceLabels: Record<RefundChoice, string> = {
  politica: 'Pela política de cancelamento',
  integral: 'Reembolso integral',
  parcial: 'Reembolso parcial',
};

/** The reason staff give for a refund other than the policy's: the same bounds as the cancellation's. */
export const REFUND_REASON_MIN = 5;
export const REFUND_REASON_MAX = 500;

/**
 * The refund a choice gives, or the message that refuses it. `amount` is the partial amount in
 * centavos; `reason` must explain any amount the policy would not give. The web shows the same
 * messages beside the fields; the server refuses with them.
 */
export function chooseRefund(input: {
  choice: RefundChoice;
  policy: number;
  paid: number;
  amount?: number | null | undefined;
  reason?: string | null | undefined;
}): { amount: number; reason: string | null } | { error: string } {
  let amount = input.policy;
  if (input.choice === 'integral') amount = input.paid;
  if (input.choice === 'parcial') {
    const a = input.amount;
    if (a === undefined || a === null || !Number.isInteger(a))
      return { error: adminOrderMessages.refundAmount };
    if (a < 0) return { error: adminOrderMessages.refundNegative };
    if (a > input.paid) return { error: adminOrderMessages.refundOverPaid(input.paid) };
    amount = a;
  }
  // The policy's own amount needs no reason, however it was chosen.
  if (amount === input.policy) return { amount, reason: null };
  const reason = (input.reason ?? '').trim();
  if (reason.length < REFUND_REASON_MIN || reason.length > REFUND_REASON_MAX)
    return { error: adminOrderMessages.refundReason };
  return { amount, reason };
}

const label = (status: OrderStatus) => `“${orderStatusLabels[status]}”`;

export const adminOrderMessages = {
  confirmNotAllowed: (s: OrderStatus) =>
    `Um pedido ${label(s)} não pode ter o pagamento confirmado: só pedidos aguardando pagamento.`,
  extendNotAllowed: (s: OrderStatus) =>
    `Um pedido ${label(s)} não tem reserva a prorrogar: só pedidos aguardando pagamento.`,
  extendAtCeiling: (max: string) =>
    `A reserva deste pedido já vai até ${max}, o limite (10 dias após o pedido e antes do início da veiculação).`,
  extendHours: `Informe de 1 a ${HOLD_EXTENSION_MAX_HOURS} horas.`,
  extendPspDown:
    'Não foi possível prorrogar o Pix no provedor de pagamentos agora. Nada foi alterado: tente de novo em instantes.',
  reissueNotPix: 'Este pedido é faturado: não tem código Pix para reemitir.',
  reissueNotAllowed: (s: OrderStatus) =>
    `Um pedido ${label(s)} não tem Pix a reemitir: só pedidos aguardando pagamento.`,
  cancelNotAllowed: (s: OrderStatus) => `Um pedido ${label(s)} não pode ser cancelado.`,
  cancelReason: 'Informe o motivo do cancelamento (de 5 a 500 caracteres).',
  refundChoice: 'Escolha o reembolso: pela política, integral ou parcial.',
  refundAmount:
    'Informe o valor do reembolso parcial, de R$ 0,00 até o valor pago (em centavos, sem frações).',
  refundNegative: 'O valor do reembolso não pode ser negativo.',
  refundOverPaid: (paid: number) => `O reembolso não pode passar do valor pago (${formatMoney(paid)}).`,
  refundReason: `Explique por que o reembolso é diferente do previsto na política de cancelamento (de ${REFUND_REASON_MIN} a ${REFUND_REASON_MAX} caracteres).`,
  refundUnpaid: 'Nada foi pago neste pedido: não há reembolso a escolher.',
  alreadyPaid: 'Este pedido já está pago.',
  holdOver: 'O prazo de pagamento deste pedido já terminou: as vagas estão sendo liberadas.',
  slotsReleased: 'As vagas deste pedido já foram liberadas: o pagamento não pode ser confirmado.',
} as const;
