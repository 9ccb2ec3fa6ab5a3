/**
 * A player's signed requests (issue #43 items 2 and 3, decision 101): HMAC-SHA256 with the player's
 * key over `playerSigningText` (the moment, the method, the path and the body's SHA-256), the moment
 * within PLAYER_CLOCK_SKEW_SECONDS of Urbana's clock. The key never travels after the pairing.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { PLAYER_CLOCK_SKEW_SECONDS, playerApiMessages, playerSigningText } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { players } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export const sha256Hex = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');

/** The signature of a request, as a player computes it (the tests and any device in Node use this). */
export function signPlayerRequest(
  secret: string,
  input: { time: string; method: string; path: string; body?: Buffer | string },
): string {
  const text = playerSigningText({ ...input, bodySha256: sha256Hex(input.body ?? '') });
  return createHmac('sha256', secret).update(text).digest('hex');
}

export type SignedPlayer = typeof players.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The player a request is signed by, or 401: an unknown player answers as a wrong signature does (a
 * screen's id tells nothing); a right signature at a moment too far from now is a clock to set.
 * Marks the player as seen (for the silence alert), at most every 30 s.
 */
export async function verifyPlayerRequest(
  db: Db,
  input: {
    playerId: string;
    method: string;
    path: string;
    body: Buffer | string;
    time: string | undefined;
    signature: string | undefined;
  },
  now = new Date(),
): Promise<SignedPlayer> {
  const bad = () => new AppError(401, playerApiMessages.badSignature);
  if (!UUID.test(input.playerId) || !input.time || !/^\d{1,12}$/.test(input.time)) throw bad();
  if (!input.signature || !/^[0-9a-f]{64}$/i.test(input.signature)) throw bad();
  const [player] = await db.select().from(players).where(eq(players.id, input.playerId));
  if (!player) throw bad();
  const expected = Buffer.from(signPlayerRequest(player.secret, { ...input, time: input.time }), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(input.signature, 'hex'))) throw bad();
  if (Math.abs(now.getTime() / 1000 - Number(input.time)) > PLAYER_CLOCK_SKEW_SECONDS)
    throw new AppError(401, playerApiMessages.clock);
  if (!player.last_seen_at || now.getTime() - player.last_seen_at.getTime() > 30_000) {
    await db
      .update(players)
      .set({ last_seen_at: now })
      .where(
        sql`${players.id} = ${player.id} and (${players.last_seen_at} is null or ${players.last_seen_at} < ${now.toISOString()}::timestamptz)`,
      );
  }
  return player;
}
