import { and, asc, eq } from 'drizzle-orm';
import { watchMessages } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { placeWatches, products, userFavorites } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** The places the user watches ("Avise-me", issue #23 item 4). */
export async function listWatches(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ product_id: placeWatches.product_id })
    .from(placeWatches)
    .where(eq(placeWatches.user_id, userId))
    .orderBy(asc(placeWatches.created_at));
  return rows.map((r) => r.product_id);
}

/**
 * Watch a favourite. Only an active place that is among the user's favourites (the watch goes with
 * the favourite: docs/decisions/036-watches-and-campaign-reports.md); watching twice changes nothing.
 */
export async function watchPlace(db: Db, userId: string, productId: string): Promise<void> {
  const [row] = await db
    .select({ status: products.status, favorite: userFavorites.id })
    .from(products)
    .leftJoin(
      userFavorites,
      and(eq(userFavorites.product_id, products.id), eq(userFavorites.user_id, userId)),
    )
    .where(eq(products.id, productId));
  if (!row || row.status !== 'ativo') throw new AppError(404, 'Produto não encontrado.');
  if (!row.favorite) throw new AppError(409, watchMessages.notFavorite);
  await db.insert(placeWatches).values({ user_id: userId, product_id: productId }).onConflictDoNothing();
}

export async function unwatchPlace(db: Db, userId: string, productId: string): Promise<void> {
  await db
    .delete(placeWatches)
    .where(and(eq(placeWatches.user_id, userId), eq(placeWatches.product_id, productId)));
}
