import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  formatDate,
  HOLD_MAX_DAYS,
  periodEnd,
  todayInBrasilia,
  type BlockInput,
  type HoldInput,
  type HoldSummary,
} from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { inventoryHolds, products, profiles, reservations, towers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import { releaseExpiredHolds, takeSlot } from '../orders/take-slots.ts';
import { isPgError, pgErrors } from '../../db/errors.ts';
import { activeReservation } from '../../db/occupancy.ts';

export interface HoldDeps {
  db: Db;
  catalogCache?: { clear(): void };
}

/** The end of a day in Brasília (UTC−3 all year since 2019). */
export const endOfDayInBrasilia = (day: string) => new Date(`${day}T23:59:59.999-03:00`);

async function facesOf(tx: Tx, towerIds: string[]) {
  const rows = await tx
    .select({
      id: towers.id,
      name: towers.name,
      product_id: products.id,
      product_name: products.name,
      latitude: products.latitude,
      longitude: products.longitude,
    })
    .from(towers)
    .innerJoin(products, eq(products.id, towers.product_id))
    .where(inArray(towers.id, towerIds));
  if (rows.length !== new Set(towerIds).size) throw new AppError(400, 'Face inválida.');
  return rows;
}

function checkStart(start: string) {
  if (start < todayInBrasilia()) throw new AppError(400, 'O período não pode começar no passado.');
}

const summary = (row: typeof inventoryHolds.$inferSelect, towerCount: number): HoldSummary => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  starts_on: row.starts_on,
  ends_on: row.ends_on,
  weeks: row.weeks,
  expires_at: row.expires_at ? row.expires_at.toISOString() : null,
  tower_count: towerCount,
});

const busyMessage = (face: string) =>
  `${face} não tem vaga livre nesse período: todas estão vendidas ou reservadas. Escolha outras semanas para o bloqueio.`;

/**
 * A maintenance block takes every free slot of each face for the period, through the same exclusion
 * constraint as checkout: what is sold or reserved in those weeks stays, the rest can no longer be
 * sold; a face with no free slot is refused, and nothing is written (decision 110, after 030).
 */
export async function createBlock(deps: HoldDeps, input: BlockInput, actor: ActorContext) {
  checkStart(input.start_date);
  const end = periodEnd(input.start_date, input.weeks);
  const ids = [...new Set(input.tower_ids)];
  try {
    const result = await deps.db.transaction(async (tx) => {
      const faces = await facesOf(tx, ids);
      await releaseExpiredHolds(tx, ids);
      const [hold] = await tx
        .insert(inventoryHolds)
        .values({
          kind: 'bloqueio',
          reason: input.reason,
          starts_on: input.start_date,
          ends_on: end,
          weeks: input.weeks,
          created_by: actor.actorId,
        })
        .returning();
      for (const face of faces) {
        const label = `${face.product_name} (${face.name})`;
        try {
          const taken = await tx.transaction(async (sp) =>
            sp.execute(sql`
              insert into reservations (tower_id, product_id, slot, latitude, longitude, starts_on, ends_on, status, hold_id)
              select s.tower_id, ${face.product_id}::uuid, s.slot, ${face.latitude}, ${face.longitude},
                ${input.start_date}::date, ${end}::date, 'confirmada', ${hold!.id}::uuid
              from tower_slots s where s.tower_id = ${face.id}::uuid
                and not exists (
                  select 1 from reservations o
                  where o.tower_id = s.tower_id and o.slot = s.slot and ${activeReservation('o')}
                    and daterange(o.starts_on, o.ends_on) && daterange(${input.start_date}::date, ${end}::date))
              returning id`),
          );
          if (taken.rows.length === 0) throw new AppError(409, busyMessage(label));
        } catch (error) {
          // A checkout that took a slot meanwhile: the constraint refuses, and the staff try again.
          if (isPgError(error, pgErrors.exclusionViolation)) throw new AppError(409, busyMessage(label));
          throw error;
        }
      }
      await audit(tx, {
        actorId: actor.actorId,
        ip: actor.ip,
        action: 'inventario.bloqueio_criado',
        entity: 'inventory_hold',
        entityId: hold!.id,
        after: {
          faces: faces.map((f) => `${f.product_name} (${f.name})`),
          periodo: input.start_date,
          semanas: input.weeks,
          motivo: input.reason,
        },
      });
      return summary(hold!, faces.length);
    });
    deps.catalogCache?.clear();
    return result;
  } catch (error) {
    if (isPgError(error, pgErrors.exclusionViolation)) throw new AppError(409, busyMessage('Uma das faces'));
    throw error;
  }
}

/** A reserva técnica: one slot per face for a customer until the end of `expires_on` (Brasília). */
export async function createHold(deps: HoldDeps, input: HoldInput, actor: ActorContext) {
  checkStart(input.start_date);
  const today = todayInBrasilia();
  const end = periodEnd(input.start_date, input.weeks);
  if (input.expires_on < today) throw new AppError(400, 'A validade não pode estar no passado.');
  if (input.expires_on > addDays(today, HOLD_MAX_DAYS))
    throw new AppError(400, `A reserva técnica vale no máximo ${HOLD_MAX_DAYS} dias.`);
  if (input.expires_on >= end)
    throw new AppError(400, 'A validade deve terminar antes do fim do período reservado.');
  const ids = [...new Set(input.tower_ids)];
  const result = await deps.db.transaction(async (tx) => {
    const customer = await tx.query.profiles.findFirst({ where: eq(profiles.id, input.customer_id) });
    if (!customer) throw new AppError(400, 'Cliente não encontrado.');
    const faces = await facesOf(tx, ids);
    await releaseExpiredHolds(tx, ids);
    const expiresAt = endOfDayInBrasilia(input.expires_on);
    const [hold] = await tx
      .insert(inventoryHolds)
      .values({
        kind: 'reserva_tecnica',
        customer_id: customer.id,
        reason: input.reason,
        starts_on: input.start_date,
        ends_on: end,
        weeks: input.weeks,
        expires_at: expiresAt,
        created_by: actor.actorId,
      })
      .returning();
    for (const face of faces) {
      await takeSlot(
        tx,
        {
          towerId: face.id,
          productId: face.product_id,
          latitude: face.latitude,
          longitude: face.longitude,
          start: input.start_date,
          end,
          status: 'pendente',
          holdExpiresAt: expiresAt,
          holdId: hold!.id,
        },
        () =>
          new AppError(
            409,
            `Não há vaga livre em ${face.product_name} (${face.name}) de ${formatDate(input.start_date)} em diante nesse período.`,
          ),
      );
    }
    await audit(tx, {
      actorId: actor.actorId,
      ip: actor.ip,
      action: 'inventario.reserva_criada',
      entity: 'inventory_hold',
      entityId: hold!.id,
      after: {
        cliente: customer.email,
        faces: faces.map((f) => `${f.product_name} (${f.name})`),
        periodo: input.start_date,
        semanas: input.weeks,
        validade: input.expires_on,
      },
    });
    return summary(hold!, faces.length);
  });
  deps.catalogCache?.clear();
  return result;
}

/** Staff give a block or reserva técnica back before its time. */
export async function releaseHold(deps: HoldDeps, id: string, actor: ActorContext) {
  const result = await deps.db.transaction(async (tx) => {
    const [hold] = await tx.select().from(inventoryHolds).where(eq(inventoryHolds.id, id)).for('update');
    if (!hold) throw new AppError(404, 'Reserva não encontrada.');
    if (hold.status !== 'ativa') throw new AppError(409, 'Esta reserva já foi liberada ou expirou.');
    const [updated] = await tx
      .update(inventoryHolds)
      .set({ status: 'liberada', released_at: new Date() })
      .where(eq(inventoryHolds.id, id))
      .returning();
    const freed = await tx
      .update(reservations)
      .set({ status: 'liberada' })
      .where(eq(reservations.hold_id, id))
      .returning({ id: reservations.id });
    await audit(tx, {
      actorId: actor.actorId,
      ip: actor.ip,
      action: 'inventario.reserva_liberada',
      entity: 'inventory_hold',
      entityId: id,
      before: { status: hold.status },
      after: { status: 'liberada' },
    });
    return summary(updated!, freed.length);
  });
  deps.catalogCache?.clear();
  return result;
}

/** The slots of these holds go back to the inventory (the holds' own rows say why). */
export async function freeHoldSlots(tx: Tx, holdIds: readonly string[]): Promise<void> {
  if (holdIds.length === 0) return;
  await tx
    .update(reservations)
    .set({ status: 'liberada' })
    .where(inArray(reservations.hold_id, [...holdIds]));
}

/** The worker's job: reservas técnicas past their time give their slots back. */
export async function expireHolds(deps: HoldDeps): Promise<number> {
  const n = await deps.db.transaction(async (tx) => {
    const due = await tx
      .update(inventoryHolds)
      .set({ status: 'expirada', released_at: new Date() })
      .where(and(eq(inventoryHolds.status, 'ativa'), sql`${inventoryHolds.expires_at} <= now()`))
      .returning({ id: inventoryHolds.id });
    await freeHoldSlots(
      tx,
      due.map((d) => d.id),
    );
    return due.length;
  });
  if (n) deps.catalogCache?.clear();
  return n;
}
