/**
 * A signage system's proof-of-play export, uploaded by staff for one screen (issue #43 item 3,
 * decision 106). Each row's creative is the id or the file name of an approved ad's file booked on the
 * face on the row's day (or of a house creative); its count of plays is spread over its period, each
 * play's id derived from the screen, the row and its place in it, so the same file sent again counts
 * once. The file is checked whole first: one bad line and nothing is written.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  PLAYER_CLOCK_SKEW_SECONDS,
  PROOF_IMPORT_LINES_SHOWN,
  PROOF_IMPORT_MAX_PLAYS,
  proofImportMessages as msg,
  todayInBrasilia,
  type ProofOfPlayImport,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import type { CampaignDeps } from '../campaigns/lifecycle.ts';
import { getPlayer } from './admin-players.ts';
import { appendPlays, type NewPlay } from './plays.ts';
import { parseProofCsv, type LineProblem, type ProofRow } from './proof-csv.ts';

interface Candidate extends Record<string, unknown> {
  media_id: string;
  name: string;
  booking_id: string | null;
  starts_on: string | null;
  ends_on: string | null;
}

/** Every file that may have played on the face: its bookings' ads' files, and the house creatives. */
async function candidatesOf(db: Db, towerId: string): Promise<Candidate[]> {
  const { rows } = await db.execute<Candidate>(sql`
    select m.id as media_id, m.name, r.order_item_id as booking_id,
      r.starts_on::text as starts_on, r.ends_on::text as ends_on
    from reservations r
    join ad_items ai on ai.order_item_id = r.order_item_id
    join ads a on a.id = ai.ad_id
    join ad_media am on am.ad_id = a.id
    join media m on m.id = am.media_id
    where r.tower_id = ${towerId} and r.status = 'confirmada'
      and a.status in ('aprovado', 'em_veiculacao', 'concluido')
    union all
    select m.id, m.name, null, null, null
    from house_creatives h join media m on m.id = h.media_id`);
  return rows;
}

const key = (s: string) => s.trim().toLowerCase();
const stem = (s: string) => key(s).replace(/\.[a-z0-9]{2,4}$/, '');

/** The booking (or the house) a row's creative played for on the row's day, or why none. */
function matchCreative(row: ProofRow, candidates: Candidate[]): Candidate | string {
  const wanted = key(row.creative);
  const same = candidates.filter(
    (c) => c.media_id === wanted || key(c.name) === wanted || stem(c.name) === stem(row.creative),
  );
  const day = todayInBrasilia(row.start);
  const booked = same.filter((c) => c.booking_id && c.starts_on! <= day && c.ends_on! > day);
  const bookings = new Set(booked.map((c) => c.booking_id));
  if (bookings.size > 1) return msg.line(row.line, msg.ambiguousCreative(row.creative));
  if (booked[0]) return booked[0];
  const house = same.find((c) => c.booking_id === null);
  return house ?? msg.line(row.line, msg.unknownCreative(row.creative));
}

/** A UUID (version-5 shaped) from the screen, the row and the play's place in it. */
function playId(playerId: string, mediaId: string, row: ProofRow, k: number) {
  const h = createHash('sha256')
    .update(
      `csv|${playerId}|${mediaId}|${row.start.toISOString()}|${row.end.toISOString()}|${row.count}|${k}`,
    )
    .digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The row's plays, spread evenly over its period, each lasting its share of the duration. */
function playsOf(playerId: string, row: ProofRow, match: Candidate): NewPlay[] {
  const span = row.end.getTime() - row.start.getTime();
  const each = Math.round((row.durationSeconds * 1000) / row.count);
  return Array.from({ length: row.count }, (_, k) => {
    const started = row.start.getTime() + Math.floor((span * k) / row.count);
    return {
      id: playId(playerId, match.media_id, row, k),
      booking_id: match.booking_id,
      media_id: match.media_id,
      started_at: new Date(started),
      ended_at: new Date(Math.min(started + each, row.end.getTime())),
      duration_ms: each,
    };
  });
}

const refuse = (problems: LineProblem[]): never => {
  const sorted = [...problems].sort((a, b) => a.line - b.line);
  throw new AppError(
    400,
    msg.badLines(
      sorted.length,
      sorted.slice(0, PROOF_IMPORT_LINES_SHOWN).map((p) => p.text),
    ),
  );
};

export async function importProofOfPlay(
  deps: CampaignDeps,
  playerId: string,
  text: string,
  actor: ActorContext,
  now = new Date(),
): Promise<ProofOfPlayImport> {
  const player = await getPlayer(deps.db, playerId, { silenceMinutes: 0 });
  const parsed = parseProofCsv(text);
  if (!parsed.ok) throw new AppError(400, parsed.message);
  const total = parsed.rows.reduce((sum, r) => sum + r.count, 0);
  if (total > PROOF_IMPORT_MAX_PLAYS) throw new AppError(400, msg.tooManyPlays);
  const candidates = await candidatesOf(deps.db, player.tower_id);
  const latest = now.getTime() + PLAYER_CLOCK_SKEW_SECONDS * 1000;
  const problems: LineProblem[] = [...parsed.problems];
  const all = new Map<string, NewPlay>();
  for (const row of parsed.rows) {
    if (row.end.getTime() > latest) {
      problems.push({ line: row.line, text: msg.line(row.line, msg.future) });
      continue;
    }
    const match = matchCreative(row, candidates);
    if (typeof match === 'string') problems.push({ line: row.line, text: match });
    else for (const p of playsOf(player.id, row, match)) all.set(p.id, p);
  }
  if (problems.length > 0) return refuse(problems);
  const digest = createHash('sha256').update(text).digest('hex');
  const recorded = await deps.db.transaction(async (tx) => {
    const n = await appendPlays(deps, tx, player, [...all.values()]);
    await audit(tx, {
      actorId: actor.actorId,
      action: 'tela.exibicoes_importadas',
      entity: 'product',
      entityId: player.product_id,
      after: { player: player.id, rows: parsed.rows.length, plays: all.size, recorded: n, sha256: digest },
      ip: actor.ip,
    });
    return n;
  });
  void deps.outbox.kick();
  return { rows: parsed.rows.length, plays: all.size, recorded, duplicates: all.size - recorded };
}
