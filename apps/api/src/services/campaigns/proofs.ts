// Proof photos of a running campaign: staff upload them (re-encoded, dated), customers download them.
import { createHash, randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { loadSharp } from '../../lib/heavy-modules.ts';
import { and, eq, inArray } from 'drizzle-orm';
import {
  bookingLastDay,
  campaignMessages,
  proofDateRefusal,
  todayInBrasilia,
  buildPath,
  paths,
} from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { campaignRuns, orderItems, orders, products, proofPhotos } from '../../db/schema/index.ts';
import { distanceMetres, readExif } from '../../lib/exif.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import { processImage, receiveUpload } from '../media.ts';
import { notify } from '../messaging/notifications.ts';
import { type OrderDeps } from '../orders/transition.ts';
import { proofOut } from './queries.ts';
import type { CampaignDeps } from './lifecycle.ts';
import { CAMPAIGN_ORDERS } from './queries.ts';

const PROOF_MAX_BYTES = 20 * 1024 * 1024;

/** Refuses a proof for a campaign that is not running, or dated outside its period. */
async function checkProofDate(db: Db, itemId: string, takenOn: string) {
  const check = await db
    .select({
      start: orderItems.starts_on,
      weeks: orderItems.weeks,
      started: campaignRuns.started_at,
      lat: products.latitude,
      lon: products.longitude,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .leftJoin(products, eq(products.id, orderItems.product_id))
    .leftJoin(campaignRuns, eq(campaignRuns.order_item_id, orderItems.id))
    .where(and(eq(orderItems.id, itemId), inArray(orders.status, [...CAMPAIGN_ORDERS])));
  const item = check[0];
  if (!item) throw new AppError(404, campaignMessages.notFound);
  if (!item.started) throw new AppError(409, campaignMessages.notStarted);
  const dateRefusal = proofDateRefusal({ start: item.start, weeks: item.weeks }, todayInBrasilia(), takenOn);
  if (dateRefusal) throw new AppError(400, dateRefusal);
  return item;
}

type Face = Awaited<ReturnType<typeof checkProofDate>>;

/**
 * The original as the camera wrote it (decision 107): its SHA-256, and where and when its EXIF says
 * it was taken — read before the public copy is re-encoded without metadata.
 */
async function readOriginal(file: string, face: Face) {
  const data = await readFile(file);
  const sha256 = createHash('sha256').update(data).digest('hex');
  const meta = await (await loadSharp())(data).metadata();
  const exif = readExif(meta.exif);
  const distance =
    exif.latitude !== null && exif.longitude !== null && face.lat !== null && face.lon !== null
      ? Math.round(
          distanceMetres({ lat: exif.latitude, lon: exif.longitude }, { lat: face.lat, lon: face.lon }),
        )
      : null;
  const day = exif.takenAt ? todayInBrasilia(exif.takenAt) : null;
  return {
    data,
    columns: {
      original_sha256: sha256,
      original_bytes: data.length,
      exif_taken_at: exif.takenAt,
      exif_latitude: exif.latitude,
      exif_longitude: exif.longitude,
      distance_m: distance,
      outside_period: day === null ? null : day < face.start || day > bookingLastDay(face.start, face.weeks),
    },
  };
}

/** Tells the customer, inside the proof's transaction, that a new proof photo arrived. */
async function notifyProofOwner(tx: Tx, itemId: string) {
  const [owner] = await tx
    .select({ user_id: orders.user_id, order_id: orders.id, product: orderItems.product_name })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(eq(orderItems.id, itemId));
  await notify(tx, {
    userId: owner!.user_id,
    kind: 'comprovacao',
    title: `Chegou uma nova foto de comprovação de ${owner!.product}`,
    link: buildPath(paths.pedido, { orderId: owner!.order_id }),
  });
}

const auditAfter = (
  itemId: string,
  takenOn: string,
  caption: string,
  original: { original_sha256: string; distance_m: number | null },
) => ({
  order_item_id: itemId,
  taken_on: takenOn,
  caption,
  sha256: original.original_sha256,
  distance_m: original.distance_m,
});

/** Staff attach a proof-of-play photo (re-encoded, metadata stripped) dated within the period. */
export async function addProof(
  deps: CampaignDeps & { config: OrderDeps['config'] },
  actor: ActorContext,
  itemId: string,
  body: Readable,
  input: { taken_on: string; caption?: string | undefined },
) {
  const staffId = actor.actorId;
  const face = await checkProofDate(deps.db, itemId, input.taken_on);
  const caption = (input.caption ?? '').trim().slice(0, 300);
  const received = await receiveUpload(
    { db: deps.db, storage: deps.storage, config: deps.config },
    body,
    {
      image: PROOF_MAX_BYTES,
      video: 0,
      room: PROOF_MAX_BYTES,
      roomMessage: 'A foto passa do limite de 20 MB.',
    },
    ['jpg', 'png', 'webp'],
  );
  const id = randomUUID();
  const keys = {
    file: `comprovacoes/${itemId}/${id}.webp`,
    thumb: `comprovacoes/${itemId}/${id}-miniatura.webp`,
    original: `comprovacoes-originais/${itemId}/${id}.${received.format}`,
  };
  const stored: string[] = [];
  try {
    const original = await readOriginal(received.file, face);
    await deps.storage.put(
      keys.original,
      original.data,
      `image/${received.format === 'jpg' ? 'jpeg' : received.format}`,
    );
    stored.push(keys.original);
    const image = await processImage(received.file, received.format);
    const web = await (
      await loadSharp()
    )(image.data)
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    await deps.storage.put(keys.file, web.data, 'image/webp');
    stored.push(keys.file);
    await deps.storage.put(keys.thumb, image.thumb, 'image/webp');
    stored.push(keys.thumb);
    const row = await deps.db.transaction(async (tx) => {
      const [proof] = await tx
        .insert(proofPhotos)
        .values({
          id,
          order_item_id: itemId,
          taken_on: input.taken_on,
          caption,
          storage_key: keys.file,
          thumb_key: keys.thumb,
          width: web.info.width,
          height: web.info.height,
          uploaded_by: staffId,
          original_key: keys.original,
          ...original.columns,
        })
        .returning();
      await audit(tx, {
        actorId: staffId,
        action: 'campanha.comprovacao_enviada',
        entity: 'proof_photos',
        entityId: id,
        after: auditAfter(itemId, input.taken_on, caption, original.columns),
        ip: actor.ip,
      });
      await notifyProofOwner(tx, itemId);
      return proof!;
    });
    return proofOut(row);
  } catch (error) {
    await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    await rm(received.file, { force: true });
  }
}

/** A proof photo's file, for the order's owner or staff. */
export async function proofFile(
  deps: CampaignDeps,
  viewer: { id: string; staff: boolean },
  proofId: string,
  variant: 'arquivo' | 'miniatura',
) {
  const [row] = await deps.db
    .select({ proof: proofPhotos, owner: orders.user_id })
    .from(proofPhotos)
    .innerJoin(orderItems, eq(orderItems.id, proofPhotos.order_item_id))
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(eq(proofPhotos.id, proofId));
  if (!row || (row.owner !== viewer.id && !viewer.staff))
    throw new AppError(404, campaignMessages.proofNotFound);
  const object = await deps.storage.get(variant === 'arquivo' ? row.proof.storage_key : row.proof.thumb_key);
  if (!object) throw new AppError(404, campaignMessages.proofNotFound);
  return {
    object,
    filename: `comprovacao-${row.proof.taken_on}${variant === 'miniatura' ? '-miniatura' : ''}.webp`,
  };
}

/**
 * Staff take back a proof photo sent by mistake (another face, another day; issue #40 item 7): the row
 * goes in one transaction with its audit entry and the reason, so the order page and the report no
 * longer show it; the files are deleted once it commits (a failed delete leaves an orphan file, never a
 * photo the customer still sees).
 */
export async function removeProof(
  deps: CampaignDeps,
  actor: ActorContext,
  itemId: string,
  proofId: string,
  reason: string,
) {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(proofPhotos)
      .where(and(eq(proofPhotos.id, proofId), eq(proofPhotos.order_item_id, itemId)))
      .returning();
    if (!row) throw new AppError(404, campaignMessages.proofNotFound);
    await audit(tx, {
      actorId: actor.actorId,
      action: 'campanha.comprovacao_removida',
      entity: 'proof_photos',
      entityId: row.id,
      before: { order_item_id: itemId, taken_on: row.taken_on, caption: row.caption },
      after: { motivo: reason },
      ip: actor.ip,
    });
    return row;
  });
  await Promise.all(
    [removed.storage_key, removed.thumb_key].map((key) => deps.storage.delete(key).catch(() => undefined)),
  );
}
