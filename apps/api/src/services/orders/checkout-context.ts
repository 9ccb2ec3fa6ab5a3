import { sql } from 'drizzle-orm';
import { periodEnd, type CheckoutBody } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import type { billingProfiles } from '../../db/schema/index.ts';
import type { PricedProduct, PricedTower, UnpaidHeld } from './quote.ts';

/** The checkout's Idempotency-Key and who sends it. */
export interface KeyRequest {
  userId: string;
  key: string;
  hash: string;
  ip: string | null;
}

/** What this key already answered: the live order, or the refusal remembered for it. */
export type PriorAnswer = {
  id: string | null;
  hash: string;
  status: number | null;
  message: string | null;
};

export type Billing = typeof billingProfiles.$inferSelect;

export interface CheckoutContext {
  prior: PriorAnswer[];
  billing: Billing | null;
  user: { email: string; nome_completo: string } | null;
  held: UnpaidHeld;
  products: PricedProduct[];
  towers: PricedTower[];
  /** Faces with no free slot for their item's period: [item index, tower id]. */
  full: Array<{ item: number; tower_id: string }>;
}

/**
 * Keys older than the idempotency window given back (decision 026), then `prior`: what this key
 * answered within it — the live order, or the refusal remembered for it. The CTEs of a `with`.
 */
export function priorAnswersCtes(req: KeyRequest, idempotencyKeyMs: number) {
  const fresh = sql`now() - make_interval(secs => ${idempotencyKeyMs / 1000})`;
  return sql`
    released as (
      update orders set idempotency_key = null
      where user_id = ${req.userId} and idempotency_key = ${req.key} and created_at <= ${fresh}
      returning id),
    dropped as (
      delete from checkout_refusals
      where user_id = ${req.userId} and idempotency_key = ${req.key} and created_at <= ${fresh}
      returning 1),
    prior as (
      select id::text as id, request_hash as hash, null::int as status, null::text as message from orders
      where user_id = ${req.userId} and idempotency_key = ${req.key} and created_at > ${fresh}
      union all
      select null, request_hash, status, message from checkout_refusals
      where user_id = ${req.userId} and idempotency_key = ${req.key} and created_at > ${fresh})`;
}

/**
 * Released keys (older than the idempotency window) given back, then every read the checkout needs
 * before it writes, in one statement (issue #21: a checkout was ~19 round trips, and each costs the
 * API process a socket write and a wake-up of the database): what this key answered before, the
 * billing profile and the account, the unpaid orders held by the account and by the IP, the items'
 * products and towers, and which faces have no free slot for their item's period. A hold whose
 * time ran out does not take a slot (as `place_order` gives those back before it books).
 */
export async function checkoutContext(
  db: Db,
  req: KeyRequest,
  body: CheckoutBody,
  idempotencyKeyMs: number,
): Promise<CheckoutContext> {
  const wanted = JSON.stringify(
    body.items.map((item, i) => ({
      i,
      product_id: item.product_id,
      s: item.start_date,
      e: periodEnd(item.start_date, item.weeks),
    })),
  );
  // The items' products as an array too: the planner reaches them through their keys whatever the
  // catalogue's size (from `wanted`, a function it takes for 100 rows, it hashed the whole table).
  const productIds = `{${body.items.map((item) => item.product_id).join(',')}}`;
  // One text, prepared once per connection.
  const { rows } = await executePrepared<{
    doc: Omit<CheckoutContext, 'billing'> & { billing: RawBilling | null };
  }>(
    db,
    'checkout_contexto',
    sql`
    with ${priorAnswersCtes(req, idempotencyKeyMs)},
    wanted as (
      select * from jsonb_to_recordset(${wanted}::jsonb) as w(i int, product_id uuid, s date, e date))
    select json_build_object(
      'prior', coalesce((select json_agg(prior) from prior), '[]'::json),
      'billing', (select to_jsonb(b) from billing_profiles b where b.user_id = ${req.userId}),
      'user', (select json_build_object('email', p.email, 'nome_completo', p.nome_completo)
        from profiles p where p.id = ${req.userId}),
      -- The counts of the limits, the statement place_order runs again under its locks (migration
      -- 0023, docs/decisions/068-unpaid-counts-by-their-own-index.md).
      'held', (unpaid_held(${req.userId}, ${req.ip}, null)::jsonb || jsonb_build_object('exempt',
        exists (select 1 from order_limit_exemptions x where x.user_id = ${req.userId}))),
      'products', coalesce((
        select json_agg(json_build_object('id', p.id, 'status', p.status, 'name', p.name, 'type', p.type,
          'city', p.city, 'state', p.state, 'is_tower_based', p.is_tower_based,
          'daily_price', p.daily_price, 'weekly_audience', p.weekly_audience))
        from products p where p.id = any(${productIds}::uuid[])), '[]'::json),
      'towers', coalesce((
        select json_agg(json_build_object('id', t.id, 'product_id', t.product_id, 'name', t.name,
          'weekly_audience', t.weekly_audience, 'slots', t.slots) order by t.name)
        from towers t where t.product_id = any(${productIds}::uuid[])), '[]'::json),
      'full', coalesce((
        select json_agg(json_build_object('item', w.i, 'tower_id', t.id) order by w.i, t.name)
        from wanted w join towers t on t.product_id = w.product_id
        where t.product_id = any(${productIds}::uuid[]) and not exists (
          select 1 from tower_slots ts
          where ts.tower_id = t.id and not exists (
            select 1 from reservations r
            where r.tower_id = ts.tower_id and r.slot = ts.slot and r.status <> 'liberada'
              and not (r.status = 'pendente' and r.hold_expires_at <= now())
              and daterange(r.starts_on, r.ends_on) && daterange(w.s, w.e)))), '[]'::json)
    ) as doc`,
  );
  const doc = rows[0]!.doc;
  return {
    ...doc,
    billing: doc.billing ? { ...doc.billing, updated_at: new Date(doc.billing.updated_at) } : null,
  };
}

type RawBilling = Omit<Billing, 'updated_at'> & { updated_at: string };
