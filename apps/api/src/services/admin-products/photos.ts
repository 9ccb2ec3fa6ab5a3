// A product's photos: upload (re-encoded to WebP), order, removal.
import { createHash } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Metadata } from 'sharp';
import { productPhotoMessages } from '@urbana/shared';
import { loadSharp } from '../../lib/heavy-modules.ts';
import { productPhotos, products } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../audit.ts';
import type { ActorContext } from '../admin.ts';
import { type ProductDeps, hasPhoto, notFound, adminProduct } from './products.ts';

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

const MAX_PHOTOS = 20;

/**
 * Stores an uploaded photo: the real type is read from the bytes, the image is re-encoded to WebP
 * (which drops its metadata: GPS, camera) in a large size and a thumbnail, under content-hash keys.
 */
export async function addPhoto(
  deps: ProductDeps,
  id: string,
  bytes: Buffer,
  alt: string,
  actor: ActorContext,
) {
  const product = await deps.db.query.products.findFirst({ where: eq(products.id, id) });
  if (!product) throw notFound();
  let meta: Metadata;
  try {
    meta = await (await loadSharp())(bytes).metadata();
  } catch {
    throw new AppError(400, 'Envie uma imagem JPG, PNG ou WebP.');
  }
  if (!['jpeg', 'png', 'webp'].includes(meta.format ?? '')) {
    throw new AppError(400, 'Envie uma imagem JPG, PNG ou WebP.');
  }
  if (!meta.width || !meta.height || meta.width < 400 || meta.height < 300) {
    throw new AppError(400, 'A foto precisa ter ao menos 400 × 300 pixels.');
  }
  const full = await (
    await loadSharp()
  )(bytes)
    .rotate()
    .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  const thumb = await (
    await loadSharp()
  )(bytes)
    .rotate()
    .resize(480, 320, { fit: 'cover' })
    .webp({ quality: 70 })
    .toBuffer();
  const hash = createHash('sha256').update(full.data).digest('hex').slice(0, 20);
  const storage_key = `catalogo/produto-${hash}.webp`;
  const thumb_key = `catalogo/produto-${hash}-miniatura.webp`;
  await deps.storage.put(storage_key, full.data, 'image/webp');
  await deps.storage.put(thumb_key, thumb, 'image/webp');
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select id from products where id = ${id} for update`);
    const [n] = await tx
      .select({ n: count(), max: sql<number>`coalesce(max(${productPhotos.position}), -1)::int` })
      .from(productPhotos)
      .where(eq(productPhotos.product_id, id));
    if ((n?.n ?? 0) >= MAX_PHOTOS) throw new AppError(409, `No máximo ${MAX_PHOTOS} fotos por produto.`);
    const [photo] = await tx
      .insert(productPhotos)
      .values({
        product_id: id,
        storage_key,
        thumb_key,
        width: full.info.width,
        height: full.info.height,
        alt: alt || product.name,
        position: (n?.max ?? -1) + 1,
      })
      .returning();
    await audit(tx, {
      actorId: actor.actorId,
      action: 'produto.foto_adicionada',
      entity: 'product',
      entityId: id,
      after: { photo_id: photo!.id, storage_key },
      ip: actor.ip,
    });
  });
  deps.catalogCache.clear();
  return adminProduct(deps.db, id);
}

export async function reorderPhotos(deps: ProductDeps, id: string, order: string[], actor: ActorContext) {
  await deps.db.transaction(async (tx) => {
    const current = await tx
      .select({ id: productPhotos.id })
      .from(productPhotos)
      .where(eq(productPhotos.product_id, id))
      .orderBy(productPhotos.position, productPhotos.created_at);
    const product = await tx.query.products.findFirst({ where: eq(products.id, id) });
    if (!product) throw notFound();
    const ids = current.map((p) => p.id);
    if (
      order.length !== ids.length ||
      new Set(order).size !== order.length ||
      !order.every((o) => ids.includes(o))
    ) {
      throw new AppError(400, 'A nova ordem precisa listar cada foto do produto uma vez.');
    }
    for (const [position, photoId] of order.entries()) {
      await tx.update(productPhotos).set({ position }).where(eq(productPhotos.id, photoId));
    }
    await audit(tx, {
      actorId: actor.actorId,
      action: 'produto.fotos_reordenadas',
      entity: 'product',
      entityId: id,
      before: { order: ids },
      after: { order },
      ip: actor.ip,
    });
  });
  deps.catalogCache.clear();
  return adminProduct(deps.db, id);
}

export async function removePhoto(deps: ProductDeps, id: string, photoId: string, actor: ActorContext) {
  await deps.db.transaction(async (tx) => {
    // The product first, locked: two removals at once see each other's, and activation waits.
    const [product] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    const [photo] = await tx
      .delete(productPhotos)
      .where(and(eq(productPhotos.id, photoId), eq(productPhotos.product_id, id)))
      .returning();
    if (!photo) throw new AppError(404, 'Foto não encontrada.');
    // An active product keeps at least one photo (issue #40 item 8).
    if (product?.status === 'ativo' && !(await hasPhoto(tx, id)))
      throw new AppError(409, productPhotoMessages.lastPhoto);
    await audit(tx, {
      actorId: actor.actorId,
      action: 'produto.foto_removida',
      entity: 'product',
      entityId: id,
      before: { photo_id: photo.id, storage_key: photo.storage_key },
      ip: actor.ip,
    });
  });
  // Files are content-addressed and may be shared by another row: they stay in storage.
  deps.catalogCache.clear();
  return adminProduct(deps.db, id);
}
