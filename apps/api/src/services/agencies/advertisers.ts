import { and, asc, eq } from 'drizzle-orm';
import { agencyMessages, type advertiserBodySchema } from '@urbana/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { advertisers } from '../../db/schema/index.ts';
import { isPgError, pgErrors } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../audit.ts';
import { agencyOf, requireAgency } from './agency.ts';

type AdvertiserRow = typeof advertisers.$inferSelect;
type AdvertiserInput = z.output<typeof advertiserBodySchema>;

export function advertiserView(a: AdvertiserRow) {
  const { agency_id: _agency, updated_at: _updated, created_at, ...data } = a;
  return { ...data, created_at: created_at.toISOString() };
}

/**
 * The billing data an order of this advertiser names (orders.billing), shaped as a billing profile
 * (`user_id`: the agency's person who orders).
 */
export function advertiserBilling(a: AdvertiserRow, userId: string) {
  const { id: _id, agency_id: _agency, created_at: _c, updated_at, ...data } = a;
  return { ...data, user_id: userId, updated_at };
}

/** The agency's advertisers, by name: only the caller's agency's, never another's. */
export async function listAdvertisers(db: Db, userId: string) {
  const { agency } = await requireAgency(db, userId);
  const rows = await db
    .select()
    .from(advertisers)
    .where(eq(advertisers.agency_id, agency.id))
    .orderBy(asc(advertisers.name));
  return { items: rows.map(advertiserView) };
}

/**
 * One advertiser of the caller's agency, or 404 — exactly as an id that does not exist, so that another
 * agency's advertisers cannot even be told apart from nothing.
 */
export async function advertiserOfCaller(db: Db | Tx, userId: string, id: string): Promise<AdvertiserRow> {
  const found = await agencyOf(db, userId);
  if (!found) throw new AppError(404, agencyMessages.advertiserNotFound);
  const [row] = await db
    .select()
    .from(advertisers)
    .where(and(eq(advertisers.id, id), eq(advertisers.agency_id, found.agency.id)));
  if (!row) throw new AppError(404, agencyMessages.advertiserNotFound);
  return row;
}

export async function createAdvertiser(db: Db, userId: string, input: AdvertiserInput, ip: string | null) {
  const { agency } = await requireAgency(db, userId);
  const [row] = await db
    .insert(advertisers)
    .values({ ...input, agency_id: agency.id })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, agencyMessages.advertiserTaken);
  await audit(db, {
    actorId: userId,
    action: 'anunciante.cadastrado',
    entity: 'anunciante',
    entityId: row.id,
    ip,
  });
  return advertiserView(row);
}

export async function updateAdvertiser(
  db: Db,
  userId: string,
  id: string,
  input: AdvertiserInput,
  ip: string | null,
) {
  const current = await advertiserOfCaller(db, userId, id);
  try {
    const [row] = await db
      .update(advertisers)
      .set({ ...input, updated_at: new Date() })
      .where(eq(advertisers.id, current.id))
      .returning();
    await audit(db, {
      actorId: userId,
      action: 'anunciante.alterado',
      entity: 'anunciante',
      entityId: id,
      ip,
    });
    return advertiserView(row!);
  } catch (error) {
    if (isPgError(error, pgErrors.uniqueViolation)) throw new AppError(409, agencyMessages.advertiserTaken);
    throw error;
  }
}
