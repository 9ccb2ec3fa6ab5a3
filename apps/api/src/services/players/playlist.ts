/**
 * A screen's playlist (issue #43 item 2, decision 101): the loop of its face for today, each spot
 * sold to a booking playing that booking's approved ad, the spots nobody booked (or whose art is not
 * approved yet) playing Urbana's house creatives, or nothing. Read afresh at each poll, so an approval
 * or a cancellation shows at the next one; its version (a hash of what plays) lets a poll answer 304.
 */
import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  endpoints,
  endpointUrl,
  loopSlots,
  todayInBrasilia,
  type Playlist,
  type PlaylistCreative,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { adMedia, houseCreatives, media } from '../../db/schema/index.ts';
import type { SignedPlayer } from './signature.ts';

interface Booking extends Record<string, unknown> {
  booking_id: string;
  ad_id: string;
  slot: number;
}

/**
 * The bookings on air on a face today: a confirmed slot whose period holds today, of a paid (or
 * running) order, its run not finished, its ad approved (or already on air) and, for an agency's
 * order, its PI approved (decision 103).
 */
export async function bookingsOnAir(db: Db, towerId: string, today: string): Promise<Booking[]> {
  const { rows } = await db.execute<Booking>(sql`
    select r.order_item_id as booking_id, ai.ad_id, r.slot
    from reservations r
    join order_items i on i.id = r.order_item_id
    join orders o on o.id = i.order_id
    join ad_items ai on ai.order_item_id = i.id
    join ads a on a.id = ai.ad_id
    left join campaign_runs cr on cr.order_item_id = i.id
    where r.tower_id = ${towerId} and r.status = 'confirmada'
      and r.starts_on <= ${today}::date and r.ends_on > ${today}::date
      and o.status in ('pago', 'em_veiculacao') and cr.finished_at is null
      and a.status in ('aprovado', 'em_veiculacao')
      and not exists (
        select 1 from insertion_orders pi where pi.order_id = o.id and pi.approved_at is null)
    order by r.slot, r.order_item_id`);
  return rows;
}

type MediaRow = typeof media.$inferSelect;

const creativeOf =
  (playerId: string) =>
  (m: MediaRow): PlaylistCreative => ({
    media_id: m.id,
    kind: m.kind,
    mime: m.mime,
    width: m.width,
    height: m.height,
    duration_ms: m.duration_ms,
    size_bytes: m.size_bytes,
    url: endpointUrl(endpoints.players.media, { id: playerId, mediaId: m.id }),
  });

async function adFiles(db: Db, adIds: string[]) {
  const byAd = new Map<string, MediaRow[]>();
  if (adIds.length === 0) return byAd;
  const rows = await db
    .select({ ad_id: adMedia.ad_id, m: media })
    .from(adMedia)
    .innerJoin(media, eq(media.id, adMedia.media_id))
    .where(inArray(adMedia.ad_id, adIds))
    .orderBy(asc(adMedia.ad_id), asc(adMedia.position), asc(media.id));
  for (const r of rows) byAd.set(r.ad_id, [...(byAd.get(r.ad_id) ?? []), r.m]);
  return byAd;
}

export async function houseFiles(db: Db): Promise<MediaRow[]> {
  const rows = await db
    .select({ m: media })
    .from(houseCreatives)
    .innerJoin(media, eq(media.id, houseCreatives.media_id))
    .orderBy(asc(houseCreatives.created_at), asc(media.id));
  return rows.map((r) => r.m);
}

/** The spots of the loop: each booking at its slot (or the first free one), the rest the house's. */
function arrange(count: number, bookings: Booking[]) {
  const at = new Array<Booking | null>(count).fill(null);
  const late: Booking[] = [];
  for (const b of bookings) {
    if (b.slot >= 1 && b.slot <= count && !at[b.slot - 1]) at[b.slot - 1] = b;
    else late.push(b);
  }
  for (const b of late) {
    const free = at.indexOf(null);
    if (free >= 0) at[free] = b;
  }
  return at;
}

export async function playlistOf(db: Db, player: SignedPlayer, now = new Date()): Promise<Playlist> {
  const day = todayInBrasilia(now);
  const bookings = await bookingsOnAir(db, player.tower_id, day);
  const files = await adFiles(db, [...new Set(bookings.map((b) => b.ad_id))]);
  const house = (await houseFiles(db)).map(creativeOf(player.id));
  const toCreative = creativeOf(player.id);
  let unsold = 0;
  const spots = arrange(
    loopSlots({ loopSeconds: player.loop_seconds, spotSeconds: player.spot_seconds }),
    bookings,
  ).map((b, i) => {
    const own = b ? (files.get(b.ad_id) ?? []).map(toCreative) : [];
    if (b && own.length > 0)
      return {
        position: i + 1,
        kind: 'campanha' as const,
        booking_id: b.booking_id,
        ad_id: b.ad_id,
        creatives: own,
      };
    // Each unsold spot starts the house's rotation at another file, so a loop shows several.
    const offset = house.length > 0 ? unsold++ % house.length : 0;
    const rotated = [...house.slice(offset), ...house.slice(0, offset)];
    return {
      position: i + 1,
      kind: rotated.length > 0 ? ('casa' as const) : ('vazio' as const),
      booking_id: null,
      ad_id: null,
      creatives: rotated,
    };
  });
  const shares = new Map<string, { booking_id: string; ad_id: string; spots: number }>();
  for (const s of spots) {
    if (s.kind !== 'campanha') continue;
    const seen = shares.get(s.booking_id!) ?? { booking_id: s.booking_id!, ad_id: s.ad_id!, spots: 0 };
    shares.set(s.booking_id!, { ...seen, spots: seen.spots + 1 });
  }
  const body = {
    player_id: player.id,
    name: player.name,
    orientation: player.orientation,
    resolution: player.resolution,
    loop_seconds: player.loop_seconds,
    spot_seconds: player.spot_seconds,
    opens_at: player.opens_at,
    closes_at: player.closes_at,
    timezone: 'America/Sao_Paulo' as const,
    day,
    spots,
    bookings: [...shares.values()],
  };
  const version = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 32);
  return { ...body, version };
}

/** Whether a file may be fetched by this player: it is in its playlist now. */
export function playlistHasMedia(playlist: Playlist, mediaId: string): boolean {
  return playlist.spots.some((s) => s.creatives.some((c) => c.media_id === mediaId));
}
