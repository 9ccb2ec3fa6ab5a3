/**
 * Staff register the player of each screen face (issue #43 item 1, decision 090). The loop of a
 * player must hold as many spots as the face sells slots, so the audience rule of decision 089 and
 * the playlist agree; a static face has no player.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import {
  isScreenType,
  loopSlots,
  playerMessages,
  playerSetupPath,
  screenOpenSince,
  type PlayerInput,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { players, products, towers } from '../../db/schema/index.ts';
import { loadQrCode } from '../../lib/heavy-modules.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';

const columns = {
  id: players.id,
  tower_id: players.tower_id,
  product_id: towers.product_id,
  product_name: products.name,
  face_name: towers.name,
  name: players.name,
  resolution: players.resolution,
  orientation: players.orientation,
  loop_seconds: players.loop_seconds,
  spot_seconds: players.spot_seconds,
  opens_at: players.opens_at,
  closes_at: players.closes_at,
  last_seen_at: players.last_seen_at,
  created_at: players.created_at,
};

type Row = { last_seen_at: Date | null; created_at: Date; opens_at: string; closes_at: string } & Record<
  string,
  unknown
>;

/** How long a screen may go unheard within its hours before it counts as silent (PLAYER_SILENCE_MINUTES). */
export type SilenceRule = { silenceMinutes: number; now?: Date };

/** The staff alert's rule (services/players/silence.ts), read for the panel's list. */
export function isSilent(r: Row, rule: SilenceRule): boolean {
  const now = rule.now ?? new Date();
  const opened = screenOpenSince(now, r);
  if (!opened) return false;
  const heard = Math.max((r.last_seen_at ?? r.created_at).getTime(), opened.getTime());
  return now.getTime() - heard > rule.silenceMinutes * 60_000;
}

const answerWith =
  (rule: SilenceRule) =>
  <T extends Row>(r: T) => ({
    ...r,
    last_seen_at: r.last_seen_at?.toISOString() ?? null,
    silent: isSilent(r, rule),
    created_at: r.created_at.toISOString(),
  });

const joined = (db: Db) =>
  db
    .select(columns)
    .from(players)
    .innerJoin(towers, eq(towers.id, players.tower_id))
    .innerJoin(products, eq(products.id, towers.product_id));

export async function listPlayers(db: Db, rule: SilenceRule) {
  const rows = await joined(db).orderBy(asc(products.name), asc(towers.name), asc(players.name));
  return { items: rows.map(answerWith(rule)) };
}

export async function getPlayer(db: Db, id: string, rule: SilenceRule) {
  const [row] = await joined(db).where(eq(players.id, id));
  if (!row) throw new AppError(404, playerMessages.notFound);
  return answerWith(rule)(row);
}

/** A new player with its secret, shown this once with a QR code of the player's address. */
export async function createPlayer(
  db: Db,
  publicUrl: string,
  input: PlayerInput,
  actor: ActorContext,
  rule: SilenceRule,
) {
  const [face] = await db
    .select({ slots: towers.slots, type: products.type, product_id: products.id })
    .from(towers)
    .innerJoin(products, eq(products.id, towers.product_id))
    .where(eq(towers.id, input.tower_id));
  if (!face) throw new AppError(404, playerMessages.faceNotFound);
  if (!isScreenType(face.type)) throw new AppError(400, playerMessages.staticFace);
  const spots = loopSlots({ loopSeconds: input.loop_seconds, spotSeconds: input.spot_seconds });
  if (spots !== face.slots) throw new AppError(400, playerMessages.loopSlots(spots, face.slots));
  const secret = randomBytes(32).toString('base64url');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(players)
      .values({ ...input, name: input.name.trim(), secret })
      .returning({ id: players.id });
    const { tower_id, name, resolution, orientation, loop_seconds, spot_seconds, opens_at, closes_at } =
      input;
    await audit(tx, {
      actorId: actor.actorId,
      action: 'tela.cadastrada',
      entity: 'product',
      entityId: face.product_id,
      // Never the secret.
      after: {
        player: row!.id,
        tower_id,
        name,
        resolution,
        orientation,
        loop_seconds,
        spot_seconds,
        opens_at,
        closes_at,
      },
      ip: actor.ip,
    });
    return row!.id;
  });
  const setup_url = `${publicUrl}${playerSetupPath(id, secret)}`;
  const QRCode = await loadQrCode();
  const qr_svg = await QRCode.toString(setup_url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { ...(await getPlayer(db, id, rule)), secret, setup_url, qr_svg };
}

export async function deletePlayer(db: Db, id: string, actor: ActorContext) {
  const found = await getPlayer(db, id, { silenceMinutes: 0 });
  await db.transaction(async (tx) => {
    await tx.delete(players).where(eq(players.id, id));
    await audit(tx, {
      actorId: actor.actorId,
      action: 'tela.removida',
      entity: 'product',
      entityId: found.product_id,
      before: { player: id, name: found.name, tower_id: found.tower_id },
      ip: actor.ip,
    });
  });
}
