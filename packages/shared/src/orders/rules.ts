/** Orders, pricing and coupons: the rules both sides apply (the server decides). */
export * from './pricing.ts';
export const orderStatuses = [
  'aguardando_pagamento',
  'pago',
  'em_veiculacao',
  'concluido',
  'cancelado',
  'expirado',
  'pago_apos_expirar',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  aguardando_pagamento: 'Aguardando pagamento',
  pago: 'Pago',
  em_veiculacao: 'Em veiculação',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
  expirado: 'Expirado',
  pago_apos_expirar: 'Pago após expirar — reembolso pendente',
};

/** What the customer reads on an order paid after its hold expired (decision 026). */
export const LATE_PAYMENT_NOTICE =
  'Recebemos o seu Pix depois que o prazo de pagamento terminou e as vagas já tinham sido liberadas. O pagamento está registrado e a equipe da Urbana vai devolvê-lo integralmente; entraremos em contato.';

export type OrderActor = 'cliente' | 'equipe' | 'sistema' | 'provedor';

/** docs/spec/product.md §4: who may move an order from one state to another. */
export const orderTransitions: Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActor[]>>> = {
  aguardando_pagamento: {
    // sistema: an order with nothing to pay is confirmed at once (docs/decisions/026-abuse-and-edge-cases.md).
    pago: ['equipe', 'provedor', 'sistema'],
    cancelado: ['cliente', 'equipe'],
    expirado: ['sistema'],
    // A Pix paid after its slots went to someone else: recorded, refund pending (decision 026).
    pago_apos_expirar: ['provedor'],
  },
  pago: { em_veiculacao: ['equipe', 'sistema'], cancelado: ['equipe'] },
  em_veiculacao: { concluido: ['equipe', 'sistema'], cancelado: ['equipe'] },
  concluido: {},
  cancelado: { pago_apos_expirar: ['provedor'] },
  expirado: { pago_apos_expirar: ['provedor'] },
  // Staff refund the payment and close the order.
  // provedor: the PSP gave a late Pix back (docs/decisions/102-refunds-through-the-psp.md).
  pago_apos_expirar: { cancelado: ['equipe', 'provedor'] },
};

export function canTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return orderTransitions[from][to]?.includes(actor) ?? false;
}

export const paymentMethods = ['pix', 'faturado'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * What a payment method is, one row each (issue #41, decision 112): the API, the checkout page and
 * the e-mails read these instead of naming a method. A new method is a row here, a folder behind
 * apps/api/src/services/payments/provider.ts and a panel in apps/web/src/features/orders/payment/.
 */
export interface PaymentMethodRule {
  label: string;
  /** Who may choose it: everyone, or companies (a CNPJ billing profile) only, with the refusal. */
  companiesOnly: false | { refusal: string };
  /**
   * When it is due and how long its faces are held: today and the payment window (`janela`), or a due
   * date before the campaign and the end of that day (`vencimento`, decision 075).
   */
  terms: 'janela' | 'vencimento';
  /** Its charge at a PSP: immediate (`cob`) or with a due date (`cobv`). */
  charge: 'imediata' | 'vencimento';
}

export const paymentMethodRules: Record<PaymentMethod, PaymentMethodRule> = {
  pix: { label: 'Pix', companiesOnly: false, terms: 'janela', charge: 'imediata' },
  faturado: {
    label: 'Boleto/transferência faturada',
    companiesOnly: { refusal: 'Boleto/transferência faturada é só para empresas (CNPJ).' },
    terms: 'vencimento',
    charge: 'vencimento',
  },
};

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  pix: paymentMethodRules.pix.label,
  faturado: paymentMethodRules.faturado.label,
};

/** Whether a buyer (PF or PJ) may pay by `method`; the refusal when not. */
export function paymentMethodRefusal(method: PaymentMethod, personType: 'pf' | 'pj'): string | null {
  const only = paymentMethodRules[method].companiesOnly;
  return only && personType !== 'pj' ? only.refusal : null;
}

/**
 * The largest total one order may have, in centavos: R$ 50.000.000,00 (docs/decisions/026-abuse-and-edge-cases.md).
 * Refused at the quote and at the order, never stored.
 */
export const MAX_ORDER_TOTAL = 5_000_000_000;

export const orderLimitMessages = {
  totalTooHigh: (max: string) =>
    `O total passa do limite de ${max} por pedido. Divida a campanha em pedidos menores ou fale com a equipe.`,
  tooManyUnpaid: (max: number) =>
    `Você já tem ${max} ${max === 1 ? 'pedido' : 'pedidos'} aguardando pagamento. Pague ou cancele um deles antes de fazer outro pedido.`,
  faceWeeks: (max: number, held: number) =>
    `Este pedido passaria do limite de ${max} faces × semanas reservadas sem pagamento (em aberto: ${held}). Pague ou cancele um pedido em aberto, ou fale com a equipe para liberar campanhas maiores.`,
  tooManyFromNetwork:
    'Há pedidos demais aguardando pagamento a partir desta rede. Pague ou cancele um pedido em aberto antes de fazer outro.',
  tooFast: 'Muitos pedidos em pouco tempo. Aguarde alguns minutos e tente de novo.',
} as const;

export const couponKinds = ['percentual', 'valor'] as const;
export type CouponKind = (typeof couponKinds)[number];

export interface CouponRule {
  code: string;
  kind: CouponKind;
  /** Percent (1–100) or centavos. */
  value: number;
  starts_at: Date | null;
  ends_at: Date | null;
  min_order: number;
  max_uses: number | null;
  max_uses_per_user: number | null;
  first_purchase_only: boolean;
  active: boolean;
  uses: number;
}

/** A coupon's code as staff write it (upper case after trimming): the one rule of the admin form and the checkout. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,30}$/;
export const COUPON_CODE_MAX_LENGTH = 30;

/** Why an order has a discount beside its coupon, and how the order's page names it. */
export const orderDiscountReasons = ['longa_duracao', 'proposta'] as const;
export type OrderDiscountReason = (typeof orderDiscountReasons)[number];
export const orderDiscountLabels: Record<OrderDiscountReason, string> = {
  longa_duracao: 'Longa duração',
  proposta: 'Condições da proposta',
};
/** An order placed by accepting a proposal keeps this mark in its request hash (services/proposals/accept.ts). */
export const PROPOSAL_REQUEST_PREFIX = 'proposta:';

export const couponMessages = {
  notFound: 'Cupom não encontrado.',
  inactive: 'Este cupom não está ativo.',
  notStarted: 'Este cupom ainda não começou a valer.',
  expired: 'Este cupom expirou.',
  minimum: (min: string) => `Este cupom vale para pedidos a partir de ${min}.`,
  limitReached: 'Este cupom atingiu o limite de usos.',
  userLimitReached: 'Você já usou este cupom o máximo de vezes permitido.',
  firstPurchaseOnly: 'Este cupom vale só para a primeira compra.',
} as const;

/** Why a coupon does not apply (a Portuguese message), or its discount in centavos. */
export function applyCoupon(
  coupon: CouponRule,
  ctx: {
    amount: number;
    now: Date;
    userUses: number;
    hasPaidOrders: boolean;
    formatMoney: (c: number) => string;
  },
): { ok: true; discount: number } | { ok: false; message: string } {
  if (!coupon.active) return { ok: false, message: couponMessages.inactive };
  if (coupon.starts_at && ctx.now < coupon.starts_at)
    return { ok: false, message: couponMessages.notStarted };
  if (coupon.ends_at && ctx.now > coupon.ends_at) return { ok: false, message: couponMessages.expired };
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses)
    return { ok: false, message: couponMessages.limitReached };
  if (coupon.max_uses_per_user !== null && ctx.userUses >= coupon.max_uses_per_user) {
    return { ok: false, message: couponMessages.userLimitReached };
  }
  if (coupon.first_purchase_only && ctx.hasPaidOrders)
    return { ok: false, message: couponMessages.firstPurchaseOnly };
  if (ctx.amount < coupon.min_order)
    return { ok: false, message: couponMessages.minimum(ctx.formatMoney(coupon.min_order)) };
  const raw = coupon.kind === 'percentual' ? Math.round((ctx.amount * coupon.value) / 100) : coupon.value;
  return { ok: true, discount: Math.min(raw, ctx.amount) };
}

export const couponStates = ['expirado', 'esgotado', 'inativo', 'agendado', 'ativo'] as const;
export type CouponState = (typeof couponStates)[number];
export const couponStateLabels: Record<CouponState, string> = {
  expirado: 'Expirado',
  esgotado: 'Esgotado',
  inativo: 'Inativo',
  agendado: 'Agendado',
  ativo: 'Ativo',
};

/**
 * What a coupon really is now (issue #17 item 5), by the same comparisons as `applyCoupon`. States
 * that no switch can undo come first: past its end it is "Expirado", out of uses "Esgotado"; then
 * "Inativo" when staff turned it off, "Agendado" before its start, else "Ativo" (decision 025).
 */
export function couponStateOf(
  coupon: Pick<CouponRule, 'active' | 'max_uses' | 'uses'> & {
    starts_at: Date | string | null;
    ends_at: Date | string | null;
  },
  now: Date,
): CouponState {
  const at = (d: Date | string | null) => (d === null ? null : new Date(d));
  const starts = at(coupon.starts_at);
  const ends = at(coupon.ends_at);
  if (ends && now > ends) return 'expirado';
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) return 'esgotado';
  if (!coupon.active) return 'inativo';
  if (starts && now < starts) return 'agendado';
  return 'ativo';
}

export const CANCELLATION_POLICY =
  'Você pode cancelar sem custo enquanto o pedido aguarda pagamento. Depois do pagamento, o cancelamento é feito pela equipe da Urbana até 5 dias úteis antes do início da veiculação, com reembolso integral; depois disso, não há reembolso das semanas já reservadas.';

/** The name an order shows once its customer deleted the account (docs/decisions/031). */
export const DELETED_HOLDER = 'Titular excluído a pedido (LGPD)';

/** Whether an order's billing data was reduced to what the law keeps (account deleted). */
export function isAnonymisedBilling(billing: unknown): boolean {
  return (
    typeof billing === 'object' &&
    billing !== null &&
    (billing as { anonimizado?: unknown }).anonimizado === true
  );
}

/**
 * How long a deleted account's invoices keep the buyer's legal name and CPF/CNPJ: five years from the
 * first day of the year after the invoice (CTN art. 173 and 195), then they are purged too.
 */
export const FISCAL_RETENTION_YEARS = 5;

/**
 * Who an invoice or credit note names: the billing data, or for a deleted account what fiscal law keeps
 * (legal name and CPF/CNPJ until the retention ends; then nobody: DELETED_HOLDER).
 */
export function invoiceHolder(billing: unknown): { name: string; document: string | null } {
  const b = (typeof billing === 'object' && billing !== null ? billing : {}) as {
    name?: unknown;
    document?: unknown;
  };
  const name = typeof b.name === 'string' && b.name ? b.name : null;
  const document = typeof b.document === 'string' && b.document ? b.document : null;
  if (isAnonymisedBilling(billing) && !name) return { name: DELETED_HOLDER, document: null };
  return { name: name ?? '', document };
}
