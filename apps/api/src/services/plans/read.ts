import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  planMessages,
  type PlanChangeKind,
  type PlanDetail,
  type PlanLineView,
  type SharedPlan,
} from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { mediaPlans, profiles, type StoredPlanLine } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { URBANA_COMPANY } from '../invoices.ts';
import { ownPlan, toSummary, type PlanRow } from './manage.ts';
import { planTotals, priceLines, type PricedPlanLine } from './price-lines.ts';

/** What changed on a line since it was saved (issue #23 item 3): price, room on the face, the product. */
export function lineChanges(now: PricedPlanLine, savedTotal: number): PlanChangeKind[] {
  const changes: PlanChangeKind[] = [];
  if (now.total > savedTotal) changes.push('preco_subiu');
  if (now.total < savedTotal) changes.push('preco_caiu');
  if (!now.active) changes.push('desativado');
  else if (!now.available) changes.push('indisponivel');
  return changes;
}

const sameLine = (stored: StoredPlanLine, now: PricedPlanLine) =>
  stored.productId === now.productId && stored.startDate === now.start && stored.weeks === now.weeks;

/** The owner's plan, re-priced now and compared with what was saved. */
export async function readPlan(db: Db, userId: string, id: string, config: Config): Promise<PlanDetail> {
  const row = await ownPlan(db, userId, id);
  const priced = await priceLines(db, row.lines, config);
  const lines: PlanLineView[] = priced.map((now) => {
    const savedTotal = row.lines.find((s) => sameLine(s, now))?.savedTotal ?? now.total;
    return { ...now, saved_total: savedTotal, changes: lineChanges(now, savedTotal) };
  });
  return {
    ...toSummary(row),
    share_token: row.share_token,
    lines,
    totals: { ...planTotals(priced), saved_total: lines.reduce((s, l) => s + l.saved_total, 0) },
  };
}

/** 24 random bytes, url-safe: the link is the only key to the shared page, so it cannot be guessed. */
const newToken = () => randomBytes(24).toString('base64url');

/** Shares the plan (the same link again if it is already shared). */
export async function sharePlan(db: Db, userId: string, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await ownPlan(tx, userId, id);
    if (row.share_token) return row.share_token;
    const token = newToken();
    await tx.update(mediaPlans).set({ share_token: token }).where(eq(mediaPlans.id, id));
    return token;
  });
}

/** Revokes the link: the page and the PDF answer 404 from now on; sharing again makes a new link. */
export async function revokeShare(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await ownPlan(tx, userId, id);
    await tx.update(mediaPlans).set({ share_token: null }).where(eq(mediaPlans.id, id));
  });
}

export const urbanaContact = {
  name: URBANA_COMPANY.name,
  email: 'comercial@urbana.com.br',
  address: URBANA_COMPANY.address,
};

async function sharedRow(db: Db, token: string): Promise<{ row: PlanRow; preparedBy: string }> {
  const [found] = await db
    .select({ plan: mediaPlans, nome: profiles.nome_completo, empresa: profiles.empresa })
    .from(mediaPlans)
    .innerJoin(profiles, eq(profiles.id, mediaPlans.user_id))
    .where(eq(mediaPlans.share_token, token));
  if (!found) throw new AppError(404, planMessages.sharedNotFound);
  const preparedBy = [found.nome, found.empresa].filter((s) => s && s.trim()).join(' — ') || 'Urbana';
  return { row: found.plan, preparedBy };
}

/** The public, read-only view of a shared plan, priced now; a revoked or unknown token is 404. */
export async function readSharedPlan(db: Db, token: string, config: Config): Promise<SharedPlan> {
  const { row, preparedBy } = await sharedRow(db, token);
  const lines = await priceLines(db, row.lines, config);
  return {
    name: row.name,
    prepared_by: preparedBy,
    updated_at: row.updated_at.toISOString(),
    lines,
    totals: planTotals(lines),
    contact: urbanaContact,
  };
}

/** A shared plan's name for its link's preview (plugins/app/page-head.ts); null once revoked. */
export async function sharedPlanName(db: Db, token: string): Promise<string | null> {
  const row = await db.query.mediaPlans.findFirst({
    where: eq(mediaPlans.share_token, token),
    columns: { name: true },
  });
  return row?.name ?? null;
}
