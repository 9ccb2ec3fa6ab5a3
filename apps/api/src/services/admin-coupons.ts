import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { CouponState, couponInputSchema, couponSorts } from '@urbana/shared';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { coupons } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import type { ActorContext } from './admin.ts';
import { countsAsRevenue, netSql } from './figures.ts';
import { audit, auditUpdate } from './audit.ts';
import { textSearch } from '../db/search.ts';

type CouponInput = z.output<typeof couponInputSchema>;

/**
 * Each state of the list's filter as SQL, in the precedence of `couponStateOf` (packages/shared/src/orders/rules.ts):
 * past its end, out of uses, switched off, before its start, else usable.
 */
const expired = sql`(${coupons.ends_at} is not null and ${coupons.ends_at} < now())`;
const usedUp = sql`(${coupons.max_uses} is not null and ${coupons.uses} >= ${coupons.max_uses})`;
const notYet = sql`(${coupons.starts_at} is not null and now() < ${coupons.starts_at})`;
const stateIs: Record<CouponState, SQL> = {
  expirado: expired,
  esgotado: sql`not ${expired} and ${usedUp}`,
  inativo: sql`not ${expired} and not ${usedUp} and not ${coupons.active}`,
  agendado: sql`not ${expired} and not ${usedUp} and ${coupons.active} and ${notYet}`,
  ativo: sql`not ${expired} and not ${usedUp} and ${coupons.active} and not ${notYet}`,
};

// The orders that count as revenue, and their receita líquida, as the reports define them (decision 092).
const usage = {
  paid_uses: sql<number>`(select count(*)::int from coupon_redemptions r join orders o on o.id = r.order_id
    where r.coupon_id = coupons.id and ${countsAsRevenue()})`,
  revenue: sql<number>`(select coalesce(sum(${netSql()}), 0)::bigint from coupon_redemptions r join orders o on o.id = r.order_id
    where r.coupon_id = coupons.id and ${countsAsRevenue()})`,
  discount_given: sql<number>`(select coalesce(sum(o.coupon_discount), 0)::bigint from coupon_redemptions r join orders o on o.id = r.order_id
    where r.coupon_id = coupons.id and ${countsAsRevenue()})`,
};

function serialize(
  row: typeof coupons.$inferSelect & { paid_uses: number; revenue: number; discount_given: number },
) {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    starts_at: row.starts_at?.toISOString() ?? null,
    ends_at: row.ends_at?.toISOString() ?? null,
    min_order: row.min_order,
    max_uses: row.max_uses,
    max_uses_per_user: row.max_uses_per_user,
    first_purchase_only: row.first_purchase_only,
    active: row.active,
    /** Orders placed with it (unpaid ones included; an expired or cancelled unpaid order gives it back). */
    uses: row.uses,
    paid_uses: Number(row.paid_uses),
    revenue: Number(row.revenue),
    discount_given: Number(row.discount_given),
    created_at: row.created_at.toISOString(),
  };
}
export type AdminCoupon = ReturnType<typeof serialize>;

export async function listCoupons(
  db: Db,
  input: {
    q?: string | undefined;
    status?: CouponState | undefined;
    sort: (typeof couponSorts)[number];
    dir: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const conditions: SQL[] = [];
  const search = textSearch(input.q, [coupons.code]);
  if (search) conditions.push(search);
  if (input.status) conditions.push(stateIs[input.status]);
  const where = conditions.length ? and(...conditions) : undefined;
  const column = coupons[input.sort];
  const [total] = await db.select({ n: count() }).from(coupons).where(where);
  const rows = await db
    .select({ coupon: coupons, ...usage })
    .from(coupons)
    .where(where)
    .orderBy(input.dir === 'asc' ? asc(column) : sql`${column} desc nulls last`, coupons.id)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { total: total?.n ?? 0, items: rows.map((r) => serialize({ ...r.coupon, ...r })) };
}

export async function getCoupon(db: Db, id: string) {
  const [row] = await db
    .select({ coupon: coupons, ...usage })
    .from(coupons)
    .where(eq(coupons.id, id));
  if (!row) throw new AppError(404, 'Cupom não encontrado.');
  return serialize({ ...row.coupon, ...row });
}

function columns(input: CouponInput) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.value,
    starts_at: input.starts_at ? new Date(input.starts_at) : null,
    ends_at: input.ends_at ? new Date(input.ends_at) : null,
    min_order: input.min_order,
    max_uses: input.max_uses,
    max_uses_per_user: input.max_uses_per_user,
    first_purchase_only: input.first_purchase_only,
    active: input.active,
  };
}

/** The coupon's stored fields, dates as ISO text, so before and after compare field by field. */
function couponSnapshot(c: ReturnType<typeof columns>) {
  return {
    ...c,
    starts_at: c.starts_at?.toISOString() ?? null,
    ends_at: c.ends_at?.toISOString() ?? null,
  };
}

const codeTaken = () => new AppError(409, 'Já existe um cupom com este código.');

/** A new coupon whose end already passed would be born "Expirado" (an edit may keep a past end). */
export const COUPON_ENDED = 'O fim da validade já passou: escolha uma data futura.';

export async function createCoupon(db: Db, input: CouponInput, actor: ActorContext) {
  if (input.ends_at && new Date(input.ends_at).getTime() <= Date.now()) throw new AppError(400, COUPON_ENDED);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(coupons).values(columns(input)).onConflictDoNothing().returning();
    if (!row) throw codeTaken();
    await audit(tx, {
      actorId: actor.actorId,
      action: 'cupom.criado',
      entity: 'coupon',
      entityId: row.id,
      after: input,
      ip: actor.ip,
    });
    return row.id;
  });
  return getCoupon(db, id);
}

export async function updateCoupon(db: Db, id: string, input: CouponInput, actor: ActorContext) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!before) throw new AppError(404, 'Cupom não encontrado.');
    if (input.max_uses !== null && input.max_uses < before.uses) {
      throw new AppError(400, `O limite total não pode ser menor que os ${before.uses} usos já feitos.`);
    }
    if (input.code !== before.code) {
      const taken = await tx.query.coupons.findFirst({ where: eq(coupons.code, input.code) });
      if (taken) throw codeTaken();
    }
    await tx
      .update(coupons)
      .set({ ...columns(input), updated_at: new Date() })
      .where(eq(coupons.id, id));
    await auditUpdate(tx, {
      actorId: actor.actorId,
      action: 'cupom.editado',
      entity: 'coupon',
      entityId: id,
      before: couponSnapshot(
        columns({
          ...before,
          starts_at: before.starts_at?.toISOString() ?? null,
          ends_at: before.ends_at?.toISOString() ?? null,
        }),
      ),
      after: couponSnapshot(columns(input)),
      ip: actor.ip,
    });
  });
  return getCoupon(db, id);
}
