/**
 * A screen gone silent (issue #43 item 3, decision 101): no signed request for more than
 * PLAYER_SILENCE_MINUTES within its operating hours — counted from its last contact or from the
 * opening, whichever is later — is brought to staff once; after it is heard from again, a new silence
 * tells again. `players.silence_alerted_at` marks it in the notifications' transaction, and SKIP
 * LOCKED gives each screen to one instance. `now` is the worker's clock (tests move it).
 */
import { sql } from 'drizzle-orm';
import { buildPath, formatDateTime, paths, screenOpenSince } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { notifyStaff } from '../messaging/notifications.ts';

interface Row extends Record<string, unknown> {
  id: string;
  name: string;
  face: string;
  product: string;
  product_id: string;
  opens_at: string;
  closes_at: string;
  last_seen_at: string | null;
  created_at: string;
}

export async function alertSilentPlayers(
  deps: { db: Db; config: { playerSilenceMinutes: number } },
  now = new Date(),
) {
  const silenceMs = deps.config.playerSilenceMinutes * 60_000;
  const cutoff = new Date(now.getTime() - silenceMs).toISOString();
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<Row>(sql`
      select pl.id, pl.name, t.name as face, p.name as product, p.id as product_id, pl.opens_at, pl.closes_at,
        pl.last_seen_at, pl.created_at
      from players pl
      join towers t on t.id = pl.tower_id
      join products p on p.id = t.product_id
      where coalesce(pl.last_seen_at, pl.created_at) < ${cutoff}::timestamptz
        and (pl.silence_alerted_at is null
          or pl.silence_alerted_at < coalesce(pl.last_seen_at, pl.created_at))
      order by pl.id
      for update of pl skip locked`);
    let told = 0;
    for (const r of rows) {
      const opened = screenOpenSince(now, r);
      const lastContact = new Date(r.last_seen_at ?? r.created_at);
      if (!opened || now.getTime() - Math.max(lastContact.getTime(), opened.getTime()) <= silenceMs) continue;
      await tx.execute(
        sql`update players set silence_alerted_at = ${now.toISOString()}::timestamptz where id = ${r.id}`,
      );
      await notifyStaff(tx, {
        kind: 'tela_silenciosa',
        title: `Tela sem sinal: ${r.name}`,
        body: `${r.product} · ${r.face}. ${
          r.last_seen_at
            ? `Último contato em ${formatDateTime(new Date(r.last_seen_at))}`
            : 'A tela ainda não fez nenhum contato'
        }, e ela deveria estar tocando agora (${r.opens_at}–${r.closes_at}).`,
        link: buildPath(paths.admin.produto, { id: r.product_id }),
      });
      told += 1;
    }
    return told;
  });
}

/** The worker's part: every minute, the silent screens (registered by plugins/app/workers.ts). */
export function watchSilentPlayers(
  deps: { db: Db; config: { playerSilenceMinutes: number } },
  every: (ms: number, work: () => void) => void,
  log: { error: (obj: object, msg: string) => void },
): void {
  every(60_000, () => {
    alertSilentPlayers(deps).catch((err: unknown) =>
      log.error({ err }, 'falha ao verificar telas em silêncio'),
    );
  });
}
