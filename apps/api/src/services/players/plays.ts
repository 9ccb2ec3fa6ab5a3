/**
 * Proof of play from the screen (issue #43 item 3, decision 101): a signed batch of plays, checked
 * whole before anything is written (a play of another screen's booking, or one that ends in the
 * future, refuses the batch), then appended — each play's id is the player's, so a batch sent again
 * counts once. A booking's first play puts its campaign on air, through the campaign's own step.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { PLAYER_CLOCK_SKEW_SECONDS, playerApiMessages, type PlayReport } from '@urbana/shared';
import type { Tx } from '../../db/client.ts';
import { plays, reservations } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { startCampaignOnPlay, type CampaignDeps } from '../campaigns/lifecycle.ts';
import type { SignedPlayer } from './signature.ts';

function checkTimes(report: PlayReport, now: Date) {
  const latest = now.getTime() + PLAYER_CLOCK_SKEW_SECONDS * 1000;
  const ids = new Set<string>();
  for (const p of report.plays) {
    const start = Date.parse(p.started_at);
    const end = Date.parse(p.ended_at);
    if (end < start) throw new AppError(400, playerApiMessages.endBeforeStart);
    if (end > latest) throw new AppError(400, playerApiMessages.future);
    if (ids.has(p.id.toLowerCase())) throw new AppError(400, playerApiMessages.repeatedId);
    ids.add(p.id.toLowerCase());
  }
}

export async function recordPlays(
  deps: CampaignDeps,
  player: SignedPlayer,
  report: PlayReport,
  now = new Date(),
): Promise<{ received: number; recorded: number; duplicates: number }> {
  checkTimes(report, now);
  const bookingIds = [...new Set(report.plays.flatMap((p) => (p.booking_id ? [p.booking_id] : [])))];
  const recorded = await deps.db.transaction(async (tx) => {
    // A booking of this face, whatever it became since (a play before a cancellation stays proof).
    const own =
      bookingIds.length === 0
        ? []
        : await tx
            .selectDistinct({ id: reservations.order_item_id })
            .from(reservations)
            .where(
              and(
                eq(reservations.tower_id, player.tower_id),
                inArray(reservations.order_item_id, bookingIds),
              ),
            );
    if (own.length !== bookingIds.length) throw new AppError(403, playerApiMessages.foreignBooking);
    return appendPlays(
      deps,
      tx,
      player,
      report.plays.map((p) => ({
        id: p.id.toLowerCase(),
        booking_id: p.booking_id,
        media_id: p.media_id,
        started_at: new Date(p.started_at),
        ended_at: new Date(p.ended_at),
        duration_ms: p.duration_ms,
      })),
    );
  });
  void deps.outbox.kick();
  return { received: report.plays.length, recorded, duplicates: report.plays.length - recorded };
}

export interface NewPlay {
  id: string;
  booking_id: string | null;
  media_id: string;
  started_at: Date;
  ended_at: Date;
  duration_ms: number;
}

/**
 * Appends plays already checked (their ids unique, their bookings the face's), in chunks; a play
 * Urbana already has is left as it is. A booking's first play puts its campaign on air.
 */
export async function appendPlays(
  deps: CampaignDeps,
  tx: Tx,
  player: Pick<SignedPlayer, 'id' | 'tower_id'>,
  rows: NewPlay[],
): Promise<number> {
  const firstPlay = new Map<string, Date>();
  let recorded = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await tx
      .insert(plays)
      .values(rows.slice(i, i + 1000).map((p) => ({ ...p, player_id: player.id, tower_id: player.tower_id })))
      .onConflictDoNothing({ target: plays.id })
      .returning({ booking_id: plays.booking_id, started_at: plays.started_at });
    recorded += inserted.length;
    for (const p of inserted) {
      if (!p.booking_id) continue;
      const seen = firstPlay.get(p.booking_id);
      if (!seen || p.started_at < seen) firstPlay.set(p.booking_id, p.started_at);
    }
  }
  for (const [bookingId, at] of [...firstPlay].sort(([a], [b]) => a.localeCompare(b)))
    await startCampaignOnPlay(deps, tx, bookingId, { playerId: player.id, at });
  return recorded;
}
