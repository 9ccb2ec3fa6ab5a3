import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AdvertiserRef, CartItem } from '@urbana/shared';
import type { Db, Tx } from '../db/client.ts';
import { advertisers, products, userCart, userFavorites } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { advertiserOfCaller } from './agencies/advertisers.ts';
import { advertiserOfCallerJoin, advertiserRef } from './agencies/order-scope.ts';

/** Specification §4 (docs/spec/specification.md): a user without a cart row (PGRST116) has an empty cart. */
export async function readCart(db: Db, userId: string): Promise<CartItem[]> {
  const row = await db.query.userCart.findFirst({ where: eq(userCart.user_id, userId) });
  return (row?.products as CartItem[] | undefined) ?? [];
}

/**
 * The advertiser an agency's cart is for (decision 116): null for a direct customer, for none chosen,
 * and for one no longer of the person's agency.
 */
export async function readCartAdvertiser(db: Db | Tx, userId: string): Promise<AdvertiserRef | null> {
  const [row] = await db
    .select({ advertiser: advertisers })
    .from(userCart)
    .innerJoin(advertisers, advertiserOfCallerJoin(userId, userCart.advertiser_id))
    .where(eq(userCart.user_id, userId));
  return advertiserRef(row?.advertiser ?? null);
}

/** Names the cart's advertiser: one of the caller's agency's (404 for any other), or none. */
export async function saveCartAdvertiser(
  db: Db,
  userId: string,
  advertiserId: string | null,
): Promise<AdvertiserRef | null> {
  const advertiser = advertiserId ? await advertiserOfCaller(db, userId, advertiserId) : null;
  await db
    .insert(userCart)
    .values({ user_id: userId, advertiser_id: advertiser?.id ?? null })
    .onConflictDoUpdate({
      target: userCart.user_id,
      set: { advertiser_id: advertiser?.id ?? null, updated_at: sql`now()` },
    });
  return advertiserRef(advertiser);
}

/** Specification §7 (docs/spec/specification.md): upsert into user_cart, conflict on user_id. */
export async function saveCart(db: Db, userId: string, items: CartItem[]): Promise<CartItem[]> {
  await db
    .insert(userCart)
    .values({ user_id: userId, products: items })
    .onConflictDoUpdate({ target: userCart.user_id, set: { products: items, updated_at: sql`now()` } });
  return items;
}

export async function listFavorites(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ product_id: userFavorites.product_id })
    .from(userFavorites)
    .where(eq(userFavorites.user_id, userId))
    .orderBy(userFavorites.created_at);
  return rows.map((r) => r.product_id);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Specification §7 (docs/spec/specification.md): upsert (user_id, product_id), conflict on the pair. Unknown products answer 404. */
export async function addFavorite(db: Db, userId: string, productId: string): Promise<void> {
  if (!UUID.test(productId)) throw new AppError(404, 'Produto não encontrado.');
  const product = await db.query.products.findFirst({
    where: eq(products.id, productId),
    columns: { id: true },
  });
  if (!product) throw new AppError(404, 'Produto não encontrado.');
  await db.insert(userFavorites).values({ user_id: userId, product_id: productId }).onConflictDoNothing();
}

/** Adds many at once (the sign-in sync); ids of products that no longer exist are dropped. */
export async function addFavorites(db: Db, userId: string, productIds: string[]): Promise<string[]> {
  const valid = [...new Set(productIds.filter((id) => UUID.test(id)))];
  if (valid.length > 0) {
    const existing = await db.select({ id: products.id }).from(products).where(inArray(products.id, valid));
    if (existing.length > 0) {
      await db
        .insert(userFavorites)
        .values(existing.map((p) => ({ user_id: userId, product_id: p.id })))
        .onConflictDoNothing();
    }
  }
  return listFavorites(db, userId);
}

export async function removeFavorite(db: Db, userId: string, productId: string): Promise<void> {
  if (!UUID.test(productId)) return;
  await db
    .delete(userFavorites)
    .where(and(eq(userFavorites.user_id, userId), eq(userFavorites.product_id, productId)));
}

export async function clearFavorites(db: Db, userId: string): Promise<void> {
  await db.delete(userFavorites).where(eq(userFavorites.user_id, userId));
}
