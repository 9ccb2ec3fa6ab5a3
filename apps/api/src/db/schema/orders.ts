import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  bigint,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt, type OrderPaymentData } from './columns.ts';

/**
 * Money in integer centavos, 64-bit: totals above R$ 21.474.836,47 do not fit a 32-bit integer. Read as
 * a JS number (exact below 2^53; an order is capped far below that, see MAX_ORDER_TOTAL and
 * docs/decisions/026-abuse-and-edge-cases.md).
 */
const money = (name: string) => bigint(name, { mode: 'number' });
import { profiles } from './accounts.ts';
import { products, towers } from './catalog.ts';
import { advertisers, agencies } from './agencies.ts';

/** The billing details an order needs (docs/spec/product.md §4). */
export const billingProfiles = pgTable(
  'billing_profiles',
  {
    user_id: uuid('user_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    person_type: text('person_type', { enum: ['pf', 'pj'] }).notNull(),
    name: text('name').notNull(),
    document: text('document').notNull(),
    phone: text('phone').notNull(),
    cep: text('cep').notNull(),
    street: text('street').notNull(),
    number: text('number').notNull(),
    complement: text('complement'),
    district: text('district').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    /** The city's IBGE code (7 digits) and the municipal registration: what an NFS-e names (#42). */
    ibge_code: text('ibge_code'),
    municipal_registration: text('municipal_registration'),
    updated_at: updatedAt(),
  },
  (t) => [check('billing_person_type_check', sql`${t.person_type} in ('pf', 'pj')`)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percentual', 'valor'] }).notNull(),
    /** Percent (1–100) or centavos. */
    value: money('value').notNull(),
    starts_at: timestamptz('starts_at'),
    ends_at: timestamptz('ends_at'),
    min_order: money('min_order').notNull().default(0),
    max_uses: integer('max_uses'),
    max_uses_per_user: integer('max_uses_per_user'),
    first_purchase_only: boolean('first_purchase_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check('coupons_kind_check', sql`${t.kind} in ('percentual', 'valor')`),
    check('coupons_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percentual' or ${t.value} <= 100)`),
    check(
      'coupons_uses_check',
      sql`${t.uses} >= 0 and (${t.max_uses} is null or ${t.uses} <= ${t.max_uses})`,
    ),
    check('coupons_code_check', sql`${t.code} = upper(${t.code})`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    code: text('code').notNull(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    status: text('status', {
      enum: [
        'aguardando_pagamento',
        'pago',
        'em_veiculacao',
        'concluido',
        'cancelado',
        'expirado',
        'pago_apos_expirar',
      ],
    })
      .notNull()
      .default('aguardando_pagamento'),
    payment_method: text('payment_method', { enum: ['pix', 'faturado'] }).notNull(),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull().default(0),
    coupon_discount: money('coupon_discount').notNull().default(0),
    total: money('total').notNull(),
    coupon_id: uuid('coupon_id').references(() => coupons.id, { onDelete: 'restrict' }),
    /** Released (null) once it is older than IDEMPOTENCY_KEY_HOURS, so the key can be used again. */
    idempotency_key: text('idempotency_key'),
    request_hash: text('request_hash').notNull(),
    /** The charge's id at its provider (a Pix txid); null when nothing is charged (decision 112). */
    payment_reference: text('payment_reference'),
    payment_data: jsonb('payment_data').$type<OrderPaymentData>(),
    /** Whose charge it is: `pix` (a PSP), or null (static code, staff confirm; decision 099). */
    payment_provider: text('payment_provider'),
    /** When reconciliation next asks the provider about this unpaid order. */
    payment_check_at: timestamptz('payment_check_at'),
    billing: jsonb('billing').notNull(),
    /** Where the order came from: the per-IP limit of unpaid orders counts these. */
    client_ip: text('client_ip'),
    expires_at: timestamptz('expires_at').notNull(),
    /** When staff were told an unpaid invoiced order expires within a day: once an order (issue #40). */
    expiry_alerted_at: timestamptz('expiry_alerted_at'),
    paid_at: timestamptz('paid_at'),
    /**
     * What staff owe back after cancelling a paid order: the policy's amount unless they chose another
     * (decisions 029 and 076). A record staff act on: no payment provider returns money yet.
     */
    refund_amount: money('refund_amount'),
    /** Why staff chose a refund other than the policy's; null when the policy's amount stands. */
    refund_reason: text('refund_reason'),
    /** Why staff cancelled the order, shown to its customer (issue #40 item 3). */
    cancel_reason: text('cancel_reason'),
    /** An agency's order: for whom, by which agency, and its desconto-padrão (issue #44, decision 098). */
    advertiser_id: uuid('advertiser_id').references(() => advertisers.id, { onDelete: 'restrict' }),
    agency_id: uuid('agency_id').references(() => agencies.id, { onDelete: 'restrict' }),
    agency_commission: money('agency_commission').notNull().default(0),
    agency_commission_percent: integer('agency_commission_percent'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_key').on(t.user_id, t.idempotency_key),
    uniqueIndex('orders_code_key').on(t.code),
    uniqueIndex('orders_payment_reference_key').on(t.payment_reference),
    index('orders_user_created_idx').on(t.user_id, t.created_at),
    // Every person of an agency lists its orders and invoices (decision 116).
    index('orders_agency_created_idx')
      .on(t.agency_id, t.created_at)
      .where(sql`${t.agency_id} is not null`),
    index('orders_pending_ip_idx')
      .on(t.client_ip)
      .where(sql`${t.status} = 'aguardando_pagamento'`),
    index('orders_pending_payment_check_idx')
      .on(t.payment_check_at)
      .where(sql`${t.status} = 'aguardando_pagamento' and ${t.payment_provider} is not null`),
    index('orders_pending_expiry_idx')
      .on(t.expires_at)
      .where(sql`${t.status} = 'aguardando_pagamento'`),
    // A customer's unpaid orders, which every checkout counts (the limits, decision 026): by
    // customer, whatever the number of unpaid orders of everyone else (docs/decisions/057).
    index('orders_pending_user_idx')
      .on(t.user_id, t.expires_at)
      .where(sql`${t.status} = 'aguardando_pagamento'`),
    check(
      'orders_amounts_check',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.coupon_discount} >= 0 and ${t.agency_commission} >= 0 and ${t.total} = ${t.subtotal} - ${t.discount} - ${t.coupon_discount} - ${t.agency_commission} and ${t.total} >= 0`,
    ),
    // A refund gives back at most what was paid, never less than nothing (decision 076).
    check(
      'orders_refund_amount_check',
      sql`${t.refund_amount} is null or (${t.refund_amount} >= 0 and ${t.refund_amount} <= ${t.total})`,
    ),
    check(
      'orders_status_check',
      sql`${t.status} in ('aguardando_pagamento', 'pago', 'em_veiculacao', 'concluido', 'cancelado', 'expirado', 'pago_apos_expirar')`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    product_name: text('product_name').notNull(),
    product_type: text('product_type').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    weeks: integer('weeks').notNull(),
    daily_price: money('daily_price').notNull(),
    tower_count: integer('tower_count').notNull(),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull(),
    total: money('total').notNull(),
    /** When the customer was told the campaign's art is missing before its start: once (issue #40 item 6). */
    art_reminder_sent_at: timestamptz('art_reminder_sent_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('order_items_order_idx').on(t.order_id),
    check('order_items_amounts_check', sql`${t.total} = ${t.subtotal} - ${t.discount} and ${t.total} >= 0`),
  ],
);

export const orderItemTowers = pgTable(
  'order_item_towers',
  {
    order_item_id: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    tower_id: uuid('tower_id')
      .notNull()
      .references(() => towers.id, { onDelete: 'restrict' }),
    tower_name: text('tower_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.order_item_id, t.tower_id] })],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    from_status: text('from_status'),
    to_status: text('to_status').notNull(),
    actor: text('actor', { enum: ['cliente', 'equipe', 'sistema', 'provedor'] }).notNull(),
    actor_id: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    note: text('note'),
    created_at: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.order_id, t.created_at)],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    coupon_id: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_key').on(t.order_id),
    index('coupon_redemptions_coupon_user_idx').on(t.coupon_id, t.user_id),
  ],
);

/** Gap-free invoice numbers per year: the row is locked by the payment that takes the next one (docs/decisions/039). */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    // Numbered when paid (docs/decisions/039): a pending, overdue or cancelled invoice has no number.
    number: text('number'),
    year: integer('year'),
    seq: integer('seq'),
    amount: money('amount').notNull(),
    discount: money('discount').notNull(),
    total: money('total').notNull(),
    /** The order's desconto-padrão, beside `discount`: total = amount − discount − agency_commission. */
    agency_commission: money('agency_commission').notNull().default(0),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['pendente', 'paga', 'vencida', 'cancelada'] })
      .notNull()
      .default('pendente'),
    payment_method: text('payment_method').notNull(),
    paid_at: timestamptz('paid_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_order_key').on(t.order_id),
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_year_seq_key').on(t.year, t.seq),
    index('invoices_user_idx').on(t.user_id, t.created_at),
  ],
);

/** One row per slot of a tower: a reservation takes one of these (see reservations). */
export const towerSlots = pgTable(
  'tower_slots',
  {
    tower_id: uuid('tower_id')
      .notNull()
      .references(() => towers.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tower_id, t.slot] }),
    check('tower_slots_slot_check', sql`${t.slot} >= 1`),
  ],
);

/**
 * A checkout refused under an Idempotency-Key: the same key answers the same refusal until it expires
 * (docs/decisions/026-abuse-and-edge-cases.md).
 */
export const checkoutRefusals = pgTable(
  'checkout_refusals',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    idempotency_key: text('idempotency_key').notNull(),
    request_hash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    message: text('message').notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.idempotency_key] })],
);

/** Customers for whom staff lifted the limits on unpaid orders (audited as usuario.limites_pedido). */
export const orderLimitExemptions = pgTable('order_limit_exemptions', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  lifted_by: uuid('lifted_by').references(() => profiles.id, { onDelete: 'set null' }),
  created_at: createdAt(),
});

/** The credit note of a cancelled paid order: the amount credited back against its invoice (decision 029). */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    invoice_id: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    amount: money('amount').notNull(),
    /** The cancellation's reason. */
    reason: text('reason').notNull(),
    /** Why the amount differs from the policy's (decision 076); null when it is the policy's. */
    refund_reason: text('refund_reason'),
    created_by: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_invoice_key').on(t.invoice_id),
    uniqueIndex('credit_notes_number_key').on(t.number),
    check('credit_notes_amount_check', sql`${t.amount} > 0`),
  ],
);
