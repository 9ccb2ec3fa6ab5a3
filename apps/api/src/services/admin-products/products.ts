import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  productPhotoMessages,
  type ProductType,
  type productInputSchema,
  type productSorts,
} from '@urbana/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { productPhotos, products, reservations, towers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, auditUpdate } from '../audit.ts';
import type { ActorContext } from '../admin.ts';
import { fileUrl } from '../catalog/rows.ts';
import type { Storage } from '../storage.ts';
import { textSearch } from '../../db/search.ts';
import { isPgError, pgErrors } from '../../db/errors.ts';

type ProductInput = z.output<typeof productInputSchema>;

export interface ProductDeps {
  db: Db;
  storage: Storage;
  catalogCache: { clear(): void };
}

export async function listProducts(
  db: Db,
  input: {
    q?: string | undefined;
    type?: ProductType | undefined;
    status?: 'ativo' | 'inativo' | undefined;
    sort: (typeof productSorts)[number];
    dir: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const conditions: SQL[] = [];
  const search = textSearch(input.q, [
    products.name,
    products.city,
    products.state,
    products.address,
    products.slug,
  ]);
  if (search) conditions.push(search);
  if (input.type) conditions.push(eq(products.type, input.type));
  if (input.status) conditions.push(eq(products.status, input.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const column = products[input.sort];
  const [total] = await db.select({ n: count() }).from(products).where(where);
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      type: products.type,
      city: products.city,
      state: products.state,
      neighborhood: products.neighborhood,
      address: products.address,
      daily_price: products.daily_price,
      status: products.status,
      is_tower_based: products.is_tower_based,
      updated_at: products.updated_at,
      towers: sql<number>`(select count(*)::int from towers t where t.product_id = products.id)`,
      slots: sql<number>`(select coalesce(sum(t.slots), 0)::int from towers t where t.product_id = products.id)`,
      cover: sql<
        string | null
      >`(select ph.thumb_key from product_photos ph where ph.product_id = products.id order by ph.position, ph.created_at limit 1)`,
    })
    .from(products)
    .where(where)
    .orderBy(input.dir === 'asc' ? asc(column) : desc(column), products.id)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    total: total?.n ?? 0,
    items: rows.map((r) => ({
      ...r,
      updated_at: r.updated_at.toISOString(),
      cover: r.cover ? fileUrl(r.cover) : null,
    })),
  };
}

export const notFound = () => new AppError(404, 'Produto não encontrado.');

export async function adminProduct(db: Db, id: string) {
  const product = await db.query.products.findFirst({ where: eq(products.id, id) });
  if (!product) throw notFound();
  const towerRows = await db
    .select()
    .from(towers)
    .where(eq(towers.product_id, id))
    .orderBy(towers.created_at, towers.name);
  const photos = await db
    .select()
    .from(productPhotos)
    .where(eq(productPhotos.product_id, id))
    .orderBy(productPhotos.position, productPhotos.created_at);
  return {
    ...product,
    audience_month: product.audience_measured_on?.slice(0, 7) ?? '',
    created_at: product.created_at.toISOString(),
    updated_at: product.updated_at.toISOString(),
    towers: towerRows.map((t) => ({
      id: t.id,
      name: t.name,
      screens: t.screens,
      weekly_audience: t.weekly_audience,
      slots: t.slots,
    })),
    photos: photos.map((p) => ({
      id: p.id,
      url: fileUrl(p.storage_key),
      thumb_url: fileUrl(p.thumb_key),
      alt: p.alt,
      width: p.width,
      height: p.height,
      position: p.position,
    })),
  };
}

export type AdminProduct = Awaited<ReturnType<typeof adminProduct>>;

function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/** A free slug from the name and city: "painel-eixo-brasilia", then "-2", "-3"… */
async function freeSlug(db: Db, base: string, exceptId?: string): Promise<string> {
  const root = slugify(base) || 'produto';
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? root : `${root}-${n}`;
    const found = await db.query.products.findFirst({ where: eq(products.slug, candidate) });
    if (!found || found.id === exceptId) return candidate;
  }
  throw new AppError(409, 'Não foi possível gerar um endereço para este produto.');
}

function productColumns(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
    type: input.type,
    address: input.address,
    neighborhood: input.neighborhood,
    city: input.city,
    state: input.state,
    latitude: input.latitude,
    longitude: input.longitude,
    daily_price: input.daily_price,
    is_tower_based: input.is_tower_based,
    weekly_audience: input.weekly_audience,
    audience_profile: input.audience_profile,
    audience_source: input.audience_source ?? '',
    audience_method: input.audience_method ?? '',
    audience_measured_on: input.audience_month ? `${input.audience_month}-01` : null,
    operating_hours: input.operating_hours,
    status: input.status,
  };
}

/** Whether the product has a photo (a product is "ativo" only with one: issue #40 item 8). */
export async function hasPhoto(db: Db | Tx, productId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(productPhotos)
    .where(eq(productPhotos.product_id, productId));
  return (row?.n ?? 0) > 0;
}

/**
 * A new product has no photo yet (they are sent to it once it exists), so it is created "inativo"
 * whatever was asked, and the answer says so; staff activate it after the first photo.
 */
export async function createProduct(deps: ProductDeps, input: ProductInput, actor: ActorContext) {
  const slug = await freeSlug(deps.db, `${input.name}-${input.city}`);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({ ...productColumns(input), status: 'inativo', slug })
      .returning();
    await tx.insert(towers).values(
      input.towers.map((t) => ({
        product_id: row!.id,
        name: t.name,
        screens: t.screens,
        weekly_audience: t.weekly_audience,
        slots: t.slots,
      })),
    );
    await audit(tx, {
      actorId: actor.actorId,
      action: 'produto.criado',
      entity: 'product',
      entityId: row!.id,
      after: { ...productColumns(input), status: 'inativo', slug, towers: input.towers },
      ip: actor.ip,
    });
    return row!.id;
  });
  deps.catalogCache.clear();
  return adminProduct(deps.db, id);
}

/**
 * Saves a product and its towers in one transaction. A tower left out of the list is removed, which the
 * database refuses while it has bookings; fewer slots than a booked slot number is refused the same way.
 */
export async function updateProduct(deps: ProductDeps, id: string, input: ProductInput, actor: ActorContext) {
  const before = await adminProduct(deps.db, id);
  if (input.status === 'ativo' && before.photos.length === 0)
    throw new AppError(400, productPhotoMessages.activeNeedsPhoto);
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ ...productColumns(input), updated_at: new Date() })
        .where(eq(products.id, id));
      // Bookings keep a copy of the place for map searches.
      if (before.latitude !== input.latitude || before.longitude !== input.longitude) {
        await tx
          .update(reservations)
          .set({ latitude: input.latitude, longitude: input.longitude })
          .where(eq(reservations.product_id, id));
      }
      const keep = input.towers.filter((t) => t.id).map((t) => t.id!);
      const unknown = keep.filter((tid) => !before.towers.some((t) => t.id === tid));
      if (unknown.length) throw new AppError(400, 'Torre não pertence a este produto.');
      const removed = before.towers.filter((t) => !keep.includes(t.id)).map((t) => t.id);
      if (removed.length) await tx.delete(towers).where(inArray(towers.id, removed));
      for (const tower of input.towers) {
        const values = {
          name: tower.name,
          screens: tower.screens,
          weekly_audience: tower.weekly_audience,
          slots: tower.slots,
        };
        if (tower.id) await tx.update(towers).set(values).where(eq(towers.id, tower.id));
        else await tx.insert(towers).values({ ...values, product_id: id });
      }
      const after = productColumns(input);
      const beforeColumns = pickColumns(before) as Record<string, unknown>;
      await auditUpdate(tx, {
        actorId: actor.actorId,
        action: 'produto.editado',
        entity: 'product',
        entityId: id,
        // The same fields on both sides, so only what the form changed is recorded.
        before: {
          ...Object.fromEntries(Object.keys(after).map((k) => [k, beforeColumns[k] ?? null])),
          towers: before.towers.map(towerSnapshot),
        },
        after: { ...after, towers: input.towers.map(towerSnapshot) },
        ip: actor.ip,
      });
    });
  } catch (error) {
    // Reservations still point at a removed tower or slot (docs/decisions/038-api-layout.md: db/errors.ts).
    if (isPgError(error, pgErrors.foreignKeyViolation) || isPgError(error, pgErrors.restrictViolation)) {
      throw new AppError(
        409,
        'Há reservas nesta torre ou nestes slots: não é possível removê-los. Desative o produto para parar as vendas.',
      );
    }
    throw error;
  }
  deps.catalogCache.clear();
  return adminProduct(deps.db, id);
}

function towerSnapshot(t: {
  id?: string | undefined;
  name: string;
  screens: number;
  weekly_audience: number;
  slots: number;
}) {
  return {
    id: t.id ?? null,
    name: t.name,
    screens: t.screens,
    weekly_audience: t.weekly_audience,
    slots: t.slots,
  };
}

function pickColumns(p: AdminProduct) {
  const { towers: _t, photos: _p, created_at: _c, updated_at: _u, id: _i, ...rest } = p;
  return rest;
}

export async function setProductStatus(
  deps: ProductDeps,
  id: string,
  status: 'ativo' | 'inativo',
  actor: ActorContext,
) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound();
    // Setting the status it already has changes nothing and is not logged.
    if (row.status === status) return;
    if (status === 'ativo' && !(await hasPhoto(tx, id)))
      throw new AppError(409, productPhotoMessages.activeNeedsPhoto);
    await tx.update(products).set({ status, updated_at: new Date() }).where(eq(products.id, id));
    await audit(tx, {
      actorId: actor.actorId,
      action: status === 'ativo' ? 'produto.ativado' : 'produto.desativado',
      entity: 'product',
      entityId: id,
      before: { status: row.status },
      after: { status },
      ip: actor.ip,
    });
  });
  deps.catalogCache.clear();
  return adminProduct(deps.db, id);
}
