import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  agencyMessages,
  certificateValidOn,
  todayInBrasilia,
  type AgencyRole,
  type agencyBodySchema,
} from '@urbana/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { advertisers, agencies, agencyMembers, profiles } from '../../db/schema/index.ts';
import { isPgError, pgErrors } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../audit.ts';

type AgencyRow = typeof agencies.$inferSelect;
type AgencyInput = z.output<typeof agencyBodySchema>;

/** The agency a person works for and their role in it, or null: a direct customer. */
export async function agencyOf(
  db: Db | Tx,
  userId: string,
): Promise<{ agency: AgencyRow; role: AgencyRole } | null> {
  const [row] = await db
    .select({ agency: agencies, role: agencyMembers.role })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agency_id))
    .where(eq(agencyMembers.user_id, userId));
  return row ?? null;
}

/** The agency of a person, or 403: the routes that only an agency's people use. */
export async function requireAgency(db: Db | Tx, userId: string) {
  const found = await agencyOf(db, userId);
  if (!found) throw new AppError(403, agencyMessages.notAgency);
  return found;
}

export function agencyView(a: AgencyRow) {
  return {
    id: a.id,
    name: a.name,
    document: a.document,
    cenp_certificate: a.cenp_certificate,
    cenp_valid_until: a.cenp_valid_until,
    confirmed_at: a.confirmed_at?.toISOString() ?? null,
    created_at: a.created_at.toISOString(),
  };
}

/** GET /api/agencia: the person's agency, their role, its people and whether today earns commission. */
export async function myAgency(db: Db, userId: string, percent: number) {
  const found = await agencyOf(db, userId);
  if (!found)
    return { agency: null, role: null, members: [], commission_today: false, commission_percent: percent };
  return {
    agency: agencyView(found.agency),
    role: found.role,
    members: await membersOf(db, found.agency.id),
    commission_today: certificateValidOn(found.agency, todayInBrasilia()),
    commission_percent: percent,
  };
}

/** The agency's people, the first added first. */
function membersOf(db: Db, agencyId: string) {
  return db
    .select({
      user_id: profiles.id,
      email: profiles.email,
      name: profiles.nome_completo,
      role: agencyMembers.role,
    })
    .from(agencyMembers)
    .innerJoin(profiles, eq(profiles.id, agencyMembers.user_id))
    .where(eq(agencyMembers.agency_id, agencyId))
    .orderBy(asc(agencyMembers.created_at));
}

/** A customer registers the agency they work for and becomes its responsável. */
export async function registerAgency(db: Db, userId: string, input: AgencyInput, ip: string | null) {
  return db.transaction(async (tx) => {
    const user = await tx.query.profiles.findFirst({ where: eq(profiles.id, userId) });
    if (user?.tipo_usuario !== 'cliente') throw new AppError(403, agencyMessages.memberNotClient);
    if (await agencyOf(tx, userId)) throw new AppError(409, agencyMessages.alreadyAgency);
    const [agency] = await tx
      .insert(agencies)
      .values({ ...input, created_by: userId })
      .onConflictDoNothing({ target: agencies.document })
      .returning();
    if (!agency) throw new AppError(409, agencyMessages.documentTaken);
    await tx.insert(agencyMembers).values({ user_id: userId, agency_id: agency.id, role: 'responsavel' });
    await audit(tx, {
      actorId: userId,
      action: 'agencia.cadastrada',
      entity: 'agencia',
      entityId: agency.id,
      ip,
    });
    return agencyView(agency);
  });
}

/** The responsável changes the agency's data; a changed certificate waits for staff again. */
export async function updateAgency(db: Db, userId: string, input: AgencyInput, ip: string | null) {
  const found = await requireAgency(db, userId);
  if (found.role !== 'responsavel') throw new AppError(403, agencyMessages.onlyOwner);
  const a = found.agency;
  const certificateChanged =
    a.cenp_certificate !== input.cenp_certificate ||
    a.cenp_valid_until !== input.cenp_valid_until ||
    a.document !== input.document;
  try {
    const [row] = await db
      .update(agencies)
      .set({
        ...input,
        updated_at: new Date(),
        ...(certificateChanged ? { confirmed_at: null, confirmed_by: null } : {}),
      })
      .where(eq(agencies.id, a.id))
      .returning();
    await audit(db, { actorId: userId, action: 'agencia.alterada', entity: 'agencia', entityId: a.id, ip });
    return agencyView(row!);
  } catch (error) {
    if (isPgError(error, pgErrors.uniqueViolation)) throw new AppError(409, agencyMessages.documentTaken);
    throw error;
  }
}

/** The responsável adds a person who already has a customer account on Urbana. */
export async function addMember(db: Db, userId: string, email: string, ip: string | null) {
  const found = await requireAgency(db, userId);
  if (found.role !== 'responsavel') throw new AppError(403, agencyMessages.onlyOwner);
  const person = await db.query.profiles.findFirst({
    where: and(eq(profiles.email, email), isNull(profiles.deleted_at)),
  });
  if (!person) throw new AppError(404, agencyMessages.memberNotFound);
  if (person.tipo_usuario !== 'cliente') throw new AppError(409, agencyMessages.memberNotClient);
  const [row] = await db
    .insert(agencyMembers)
    .values({ user_id: person.id, agency_id: found.agency.id, role: 'membro', added_by: userId })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const other = await agencyOf(db, person.id);
    if (other?.agency.id !== found.agency.id) throw new AppError(409, agencyMessages.memberOtherAgency);
  } else
    await audit(db, {
      actorId: userId,
      action: 'agencia.pessoa_incluida',
      entity: 'agencia',
      entityId: found.agency.id,
      after: { email },
      ip,
    });
  return { members: await membersOf(db, found.agency.id) };
}

/** Staff's list: agencies awaiting confirmation first, then by name. */
export async function listAgencies(db: Db) {
  const rows = await db
    .select({
      agency: agencies,
      owner_email: profiles.email,
      advertisers: sql<number>`(select count(*)::int from ${advertisers} where ${advertisers.agency_id} = ${agencies.id})`,
      members: sql<number>`(select count(*)::int from ${agencyMembers} where ${agencyMembers.agency_id} = ${agencies.id})`,
    })
    .from(agencies)
    .leftJoin(profiles, eq(profiles.id, agencies.created_by))
    .orderBy(desc(sql`${agencies.confirmed_at} is null`), asc(agencies.name));
  return rows.map((r) => ({
    ...agencyView(r.agency),
    owner_email: r.owner_email,
    advertisers: r.advertisers,
    members: r.members,
  }));
}

/** Staff confirm an agency's CENP certificate (after checking it on the CENP's list). */
export async function confirmAgency(db: Db, staffId: string, id: string, ip: string | null) {
  const [row] = await db
    .update(agencies)
    .set({ confirmed_at: new Date(), confirmed_by: staffId, updated_at: new Date() })
    .where(eq(agencies.id, id))
    .returning();
  if (!row) throw new AppError(404, agencyMessages.notFound);
  await audit(db, { actorId: staffId, action: 'agencia.confirmada', entity: 'agencia', entityId: id, ip });
  return agencyView(row);
}
