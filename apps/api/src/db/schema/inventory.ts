import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from './accounts.ts';
import { products } from './catalog.ts';
import { advertisers } from './agencies.ts';
import { orders } from './orders.ts';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';

const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * Slots taken by staff outside checkout (issue #19 item 3, docs/decisions/030-inventory-holds-proposals.md):
 * a maintenance block takes every slot of its faces, a "reserva técnica" one slot per face until it
 * expires. Their slots are rows of `reservations` (hold_id), under the same exclusion constraint as orders.
 */
export const inventoryHolds = pgTable(
  'inventory_holds',
  {
    id: id(),
    kind: text('kind', { enum: ['bloqueio', 'reserva_tecnica'] }).notNull(),
    customer_id: uuid('customer_id').references(() => profiles.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull().default(''),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    weeks: integer('weeks').notNull(),
    /** A reserva técnica gives its slots back at this moment; a block has none. */
    expires_at: timestamptz('expires_at'),
    status: text('status', { enum: ['ativa', 'expirada', 'liberada'] })
      .notNull()
      .default('ativa'),
    created_by: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    released_at: timestamptz('released_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('inventory_holds_active_expiry_idx')
      .on(t.expires_at)
      .where(sql`${t.status} = 'ativa'`),
    check('inventory_holds_kind_check', sql`${t.kind} in ('bloqueio', 'reserva_tecnica')`),
    check('inventory_holds_status_check', sql`${t.status} in ('ativa', 'expirada', 'liberada')`),
    check('inventory_holds_period_check', sql`${t.ends_on} > ${t.starts_on} and ${t.weeks} > 0`),
    check(
      'inventory_holds_customer_check',
      sql`${t.kind} = 'bloqueio' or (${t.customer_id} is not null and ${t.expires_at} is not null)`,
    ),
  ],
);

/** A proposal staff build for one customer; accepting it places the order (issue #19 item 4). */
export const proposals = pgTable(
  'proposals',
  {
    id: id(),
    code: text('code').notNull(),
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    created_by: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    status: text('status', {
      enum: ['rascunho', 'solicitada', 'enviada', 'contraproposta', 'aceita', 'recusada', 'cancelada'],
    })
      .notNull()
      .default('rascunho'),
    /** An agency's request names its advertiser: the order bills it, with the desconto-padrão. */
    advertiser_id: uuid('advertiser_id').references(() => advertisers.id, { onDelete: 'restrict' }),
    /** The customer's "Pedir proposta": what they need and the budget they aim at (centavos). */
    request_message: text('request_message').notNull().default(''),
    target_budget: money('target_budget'),
    /** Last day (Brasília) the customer may accept it. */
    valid_until: date('valid_until', { mode: 'string' }).notNull(),
    /** Catalogue prices of the lines, before any discount. */
    subtotal: money('subtotal').notNull(),
    /** The whole proposal's discount, on top of the lines' negotiated prices. */
    discount: money('discount').notNull().default(0),
    total: money('total').notNull(),
    note: text('note').notNull().default(''),
    /** "faturado": invoicing is offered too (a CNPJ customer only); "pix": Pix alone (decision 077). */
    payment_method: text('payment_method', { enum: ['pix', 'faturado'] })
      .notNull()
      .default('pix'),
    /** Why the last try to accept was refused; cleared when it is accepted or sent again. */
    acceptance_error: text('acceptance_error'),
    acceptance_failed_at: timestamptz('acceptance_failed_at'),
    /** The latest order; an accepted proposal whose order lapsed unpaid may be accepted again. */
    order_id: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    sent_at: timestamptz('sent_at'),
    accepted_at: timestamptz('accepted_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('proposals_code_key').on(t.code),
    index('proposals_customer_idx').on(t.customer_id, t.created_at),
    check(
      'proposals_status_check',
      sql`${t.status} in ('rascunho', 'solicitada', 'enviada', 'contraproposta', 'aceita', 'recusada', 'cancelada')`,
    ),
    check('proposals_payment_method_check', sql`${t.payment_method} in ('pix', 'faturado')`),
    check('proposals_amounts_check', sql`${t.discount} >= 0 and ${t.total} >= 0 and ${t.subtotal} >= 0`),
  ],
);

export const proposalItems = pgTable(
  'proposal_items',
  {
    id: id(),
    proposal_id: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The chosen faces: [{ id, name }]. */
    towers: jsonb('towers').$type<Array<{ id: string; name: string }>>().notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    weeks: integer('weeks').notNull(),
    /** Catalogue price of the line (daily price × 7 × weeks × faces). */
    list_price: money('list_price').notNull(),
    /** The negotiated price of the line. */
    price: money('price').notNull(),
  },
  (t) => [
    index('proposal_items_proposal_idx').on(t.proposal_id, t.position),
    check('proposal_items_price_check', sql`${t.price} >= 0 and ${t.price} <= ${t.list_price}`),
    check('proposal_items_weeks_check', sql`${t.weeks} > 0`),
  ],
);

/**
 * Each round of a proposal's negotiation, kept for good (issue #44 item 4, decision 108): the request,
 * staff's offers, the customer's counter-offers, the acceptance or the refusal — who and when.
 */
export const proposalRounds = pgTable(
  'proposal_rounds',
  {
    id: id(),
    proposal_id: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['pedido', 'proposta', 'contraproposta', 'aceite', 'recusa'] }).notNull(),
    side: text('side', { enum: ['cliente', 'equipe'] }).notNull(),
    actor_id: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The name at the time, so the history reads the same after the account changes or goes. */
    actor_name: text('actor_name').notNull(),
    message: text('message').notNull().default(''),
    prices: jsonb('prices').$type<number[]>(),
    total: money('total'),
    valid_until: date('valid_until', { mode: 'string' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('proposal_rounds_position_key').on(t.proposal_id, t.position),
    check(
      'proposal_rounds_kind_check',
      sql`${t.kind} in ('pedido', 'proposta', 'contraproposta', 'aceite', 'recusa')`,
    ),
    check('proposal_rounds_side_check', sql`${t.side} in ('cliente', 'equipe')`),
    check('proposal_rounds_total_check', sql`${t.total} is null or ${t.total} >= 0`),
  ],
);
