/**
 * Urbana's house creatives (issue #43 item 2, decision 101): files of a staff member's own media
 * library that every screen plays in the spots nobody booked.
 */
import { and, asc, eq } from 'drizzle-orm';
import { houseCreativeMessages } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { houseCreatives, media } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';

export async function listHouseCreatives(db: Db) {
  const rows = await db
    .select({ m: media, created_at: houseCreatives.created_at })
    .from(houseCreatives)
    .innerJoin(media, eq(media.id, houseCreatives.media_id))
    .orderBy(asc(houseCreatives.created_at), asc(media.id));
  return {
    items: rows.map(({ m, created_at }) => ({
      media_id: m.id,
      name: m.name,
      kind: m.kind,
      width: m.width,
      height: m.height,
      thumb_url: m.thumb_key ? `/api/media/${m.id}/miniatura` : null,
      created_at: created_at.toISOString(),
    })),
  };
}

/** A file of the staff member's own library becomes a house creative. */
export async function addHouseCreative(db: Db, mediaId: string, actor: ActorContext) {
  await db.transaction(async (tx) => {
    const [file] = await tx
      .select({ id: media.id, name: media.name })
      .from(media)
      .where(and(eq(media.id, mediaId), eq(media.user_id, actor.actorId)));
    if (!file) throw new AppError(404, houseCreativeMessages.mediaNotFound);
    const added = await tx
      .insert(houseCreatives)
      .values({ media_id: mediaId, added_by: actor.actorId })
      .onConflictDoNothing()
      .returning({ id: houseCreatives.media_id });
    if (added.length === 0) throw new AppError(409, houseCreativeMessages.already);
    await audit(tx, {
      actorId: actor.actorId,
      action: 'tela.criativo_da_casa_incluido',
      entity: 'media',
      entityId: mediaId,
      after: { name: file.name },
      ip: actor.ip,
    });
  });
  return listHouseCreatives(db);
}

export async function removeHouseCreative(db: Db, mediaId: string, actor: ActorContext) {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(houseCreatives)
      .where(eq(houseCreatives.media_id, mediaId))
      .returning({ id: houseCreatives.media_id });
    if (gone.length === 0) throw new AppError(404, houseCreativeMessages.notFound);
    await audit(tx, {
      actorId: actor.actorId,
      action: 'tela.criativo_da_casa_removido',
      entity: 'media',
      entityId: mediaId,
      ip: actor.ip,
    });
  });
}
