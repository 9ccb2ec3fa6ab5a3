import { and, count, desc, eq } from 'drizzle-orm';
import {
  MAX_PLANS_PER_ACCOUNT,
  planMessages,
  type AdvertiserRef,
  type PlanCreateBody,
  type PlanSummary,
} from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { advertisers, mediaPlans, type StoredPlanLine } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { advertiserOfCaller } from '../agencies/advertisers.ts';
import { advertiserOfCallerJoin, advertiserRef } from '../agencies/order-scope.ts';
import { priceLines } from './price-lines.ts';

export type PlanRow = typeof mediaPlans.$inferSelect;

export function toSummary(row: PlanRow, advertiser: AdvertiserRef | null): PlanSummary {
  return {
    id: row.id,
    name: row.name,
    line_count: row.lines.length,
    saved_total: row.saved_total,
    shared: row.share_token !== null,
    advertiser,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The user's own plan, else 404: another account's id is answered as if it did not exist. */
export async function ownPlan(db: Db | Tx, userId: string, id: string): Promise<PlanRow> {
  const row = await db.query.mediaPlans.findFirst({
    where: and(eq(mediaPlans.id, id), eq(mediaPlans.user_id, userId)),
  });
  if (!row) throw new AppError(404, planMessages.notFound);
  return row;
}

export async function listPlans(db: Db, userId: string): Promise<PlanSummary[]> {
  const rows = await db
    .select({ plan: mediaPlans, advertiser: advertisers })
    .from(mediaPlans)
    .leftJoin(advertisers, advertiserOfCallerJoin(userId, mediaPlans.advertiser_id))
    .where(eq(mediaPlans.user_id, userId))
    .orderBy(desc(mediaPlans.updated_at), desc(mediaPlans.created_at));
  return rows.map((r) => toSummary(r.plan, advertiserRef(r.advertiser)));
}

/** The advertiser of an agency's plan, if still of the caller's agency (decision 116). */
export async function planAdvertiser(db: Db | Tx, userId: string, row: PlanRow) {
  if (!row.advertiser_id) return null;
  const [found] = await db
    .select()
    .from(advertisers)
    .where(advertiserOfCallerJoin(userId, row.advertiser_id));
  return advertiserRef(found ?? null);
}

/** The advertiser named for a plan: one of the caller's agency's (404 otherwise), or none. */
async function chosenAdvertiser(db: Db | Tx, userId: string, id: string | null | undefined) {
  if (!id) return null;
  const row = await advertiserOfCaller(db, userId, id);
  return advertiserRef(row);
}

async function assertRoom(tx: Tx, userId: string) {
  const [row] = await tx.select({ n: count() }).from(mediaPlans).where(eq(mediaPlans.user_id, userId));
  if ((row?.n ?? 0) >= MAX_PLANS_PER_ACCOUNT) throw new AppError(409, planMessages.tooMany);
}

/** Saves a cart or a planner result: each line keeps its price of today, what "changed" compares with. */
export async function createPlan(
  db: Db,
  userId: string,
  body: PlanCreateBody,
  config: Config,
): Promise<PlanSummary> {
  const priced = await priceLines(db, body.lines, config);
  for (const line of body.lines) {
    const now = priced.find((p) => p.productId === line.productId && p.start === line.startDate);
    if (now?.is_tower_based && line.towerIds.length > 0 && now.towers.length !== new Set(line.towerIds).size)
      throw new AppError(400, planMessages.badTower(now.name));
  }
  const lines: StoredPlanLine[] = body.lines.flatMap((line) => {
    const now = priced.find((p) => p.productId === line.productId && p.start === line.startDate);
    return now ? [{ ...line, savedTotal: now.total }] : [];
  });
  if (lines.length === 0) throw new AppError(400, planMessages.empty);
  const advertiser = await chosenAdvertiser(db, userId, body.advertiser_id);
  return db.transaction(async (tx) => {
    await assertRoom(tx, userId);
    const [row] = await tx
      .insert(mediaPlans)
      .values({
        user_id: userId,
        name: body.name,
        lines,
        saved_total: lines.reduce((s, l) => s + l.savedTotal, 0),
        advertiser_id: advertiser?.id ?? null,
      })
      .returning();
    return toSummary(row!, advertiser);
  });
}

/** A new name, or the advertiser an agency's plan is for (null: none), or both. */
export async function renamePlan(
  db: Db,
  userId: string,
  id: string,
  change: { name?: string | undefined; advertiser_id?: string | null | undefined },
): Promise<PlanSummary> {
  return db.transaction(async (tx) => {
    const current = await ownPlan(tx, userId, id);
    const advertiser =
      change.advertiser_id === undefined
        ? await planAdvertiser(tx, userId, current)
        : await chosenAdvertiser(tx, userId, change.advertiser_id);
    const [row] = await tx
      .update(mediaPlans)
      .set({
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.advertiser_id === undefined ? {} : { advertiser_id: advertiser?.id ?? null }),
        updated_at: new Date(),
      })
      .where(eq(mediaPlans.id, id))
      .returning();
    return toSummary(row!, advertiser);
  });
}

/** A copy with the same lines and saved prices; never the share link (a copy is private until shared). */
export async function duplicatePlan(db: Db, userId: string, id: string): Promise<PlanSummary> {
  return db.transaction(async (tx) => {
    const source = await ownPlan(tx, userId, id);
    await assertRoom(tx, userId);
    const [row] = await tx
      .insert(mediaPlans)
      .values({
        user_id: userId,
        name: planMessages.copyName(source.name),
        lines: source.lines,
        saved_total: source.saved_total,
        advertiser_id: source.advertiser_id,
      })
      .returning();
    return toSummary(row!, await planAdvertiser(tx, userId, row!));
  });
}

export async function deletePlan(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(mediaPlans)
    .where(and(eq(mediaPlans.id, id), eq(mediaPlans.user_id, userId)))
    .returning({ id: mediaPlans.id });
  if (deleted.length === 0) throw new AppError(404, planMessages.notFound);
}
