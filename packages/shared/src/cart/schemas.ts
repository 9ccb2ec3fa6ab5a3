import { z } from 'zod';
import { advertiserRefSchema } from '../agencies/schemas.ts';

const text = (max: number) => z.string().max(max);

export const cartTowerSchema = z.object({
  id: text(100),
  name: text(200),
  screens: z.number().int().min(0).max(10_000).optional(),
  weekly_audience: z.number().int().min(0).optional(),
  slots: z.number().int().min(0).optional(),
});
export type CartTower = z.infer<typeof cartTowerSchema>;

/**
 * Specification §3 (docs/spec/specification.md) cart item. Prices here are only what the shopper saw: checkout recomputes every price from
 * the database.
 */
export const cartItemSchema = z.object({
  id: text(200).min(1),
  product_id: text(100).optional(),
  name: text(200).optional(),
  slug: text(200).optional(),
  image: text(1000).nullish(),
  type: text(50).optional(),
  city: text(120).optional(),
  state: text(2).optional(),
  daily_price: z.number().int().min(0).optional(),
  basePrice: z.number().int().min(0).optional(),
  weeks: z.number().int().min(1).max(104).optional(),
  startDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish(),
  towerCount: z.number().int().min(1).max(1000).optional(),
  selectedTowers: z.array(text(100)).max(1000).optional(),
  isTowerBased: z.boolean().optional(),
  towers: z.array(cartTowerSchema).max(1000).optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const MAX_CART_ITEMS = 100;
export const cartSchema = z
  .array(cartItemSchema)
  .max(MAX_CART_ITEMS, { error: `O carrinho aceita até ${MAX_CART_ITEMS} itens.` });

/**
 * GET/PUT /api/cart: the cloud cart; GET also names the advertiser an agency's cart is for (decision
 * 116), which PUT /api/cart/advertiser sets and PUT /api/cart leaves as it is.
 */
export const cartResponseSchema = z.object({
  products: cartSchema,
  advertiser: advertiserRefSchema.nullable().optional(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;
export const cartBodySchema = z.object({ products: cartSchema });

/** GET/POST /api/favorites: the ids of the favourite products. */
export const favoritesSchema = z.object({ product_ids: z.array(z.string()) });
export type Favorites = z.infer<typeof favoritesSchema>;
/** POST /api/favorites (sync of the favourites kept in the browser). */
export const favoritesBodySchema = z.object({ product_ids: z.array(z.string().max(100)).max(1000) });
export const favoriteParamsSchema = z.object({ productId: z.string().max(100) });
