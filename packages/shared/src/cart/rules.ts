import type { CartItem } from './schemas.ts';
import { formatDate } from '../lib/dates.ts';
import { defaultPricing, priceItem, type PricingConfig } from '../orders/pricing.ts';
import { formatCount } from '../lib/money.ts';

/** Local storage keys (docs/spec/product.md: {product}-cart and the favourites key). */
export const CART_STORAGE_KEY = 'urbana-cart';
export const FAVORITES_STORAGE_KEY = 'urbana-favorites';
/** Session storage key of the path to return to after sign-in (the seed does not name it). */
export const REDIRECT_STORAGE_KEY = 'urbana-redirect-after-login';

/** Specification §3 (docs/spec/specification.md): the id is made unique on add by appending a timestamp to the product id. */
export function makeCartItemId(productId: string, now: number = Date.now()): string {
  return `${productId}-${now}`;
}

/** Specification §9 (docs/spec/specification.md): the selected towers, else all towers for tower-based products, else 1. */
export function towerCountOnAdd(input: {
  selectedTowers?: readonly string[] | undefined;
  isTowerBased?: boolean | undefined;
  towers?: readonly unknown[] | undefined;
}): number {
  if (input.selectedTowers && input.selectedTowers.length > 0) return input.selectedTowers.length;
  if (input.isTowerBased && input.towers && input.towers.length > 0) return input.towers.length;
  return 1;
}

/**
 * Specification §9 (docs/spec/specification.md): daily price (or base price) × weeks (default 1) × 7 ×
 * tower count (default 1) — through `priceItem`, the one price rule of cart, quote and order, so the
 * long-run discount is in the cart's figure before the quote arrives.
 */
export function cartItemTotal(
  item: Pick<CartItem, 'daily_price' | 'basePrice' | 'weeks' | 'towerCount'>,
  pricing: PricingConfig = defaultPricing,
) {
  const dailyPrice = item.daily_price ?? item.basePrice ?? 0;
  return priceItem({ dailyPrice, weeks: item.weeks ?? 1, towerCount: item.towerCount ?? 1 }, pricing).total;
}

export function cartTotal(
  items: ReadonlyArray<Parameters<typeof cartItemTotal>[0]>,
  pricing: PricingConfig = defaultPricing,
): number {
  return items.reduce((sum, item) => sum + cartItemTotal(item, pricing), 0);
}

/** Specification §4 (docs/spec/specification.md): cloud items first, then local items whose id is not already present. */
export function mergeCarts<T extends { id: string }>(cloud: readonly T[], local: readonly T[]): T[] {
  const ids = new Set(cloud.map((item) => item.id));
  return [...cloud, ...local.filter((item) => !ids.has(item.id))];
}

export function unionFavorites(cloud: readonly string[], local: readonly string[]): string[] {
  return [...new Set([...cloud, ...local])];
}

export interface SyncToast {
  title: string;
  description?: string;
}

export type SyncPlan<T> =
  | { kind: 'none'; items: T[] }
  | { kind: 'upload' | 'merge'; items: T[]; toast: SyncToast }
  | { kind: 'restore'; items: T[]; toast: SyncToast };

/** Specification §4 (docs/spec/specification.md), cart at sign-in: the three cases and their toasts, word for word. */
export function planCartSync<T extends { id: string }>(
  local: readonly T[],
  cloud: readonly T[],
): SyncPlan<T> {
  if (local.length > 0 && cloud.length === 0) {
    return {
      kind: 'upload',
      items: [...local],
      toast: { title: 'Carrinho sincronizado', description: 'Seus itens locais foram salvos na nuvem' },
    };
  }
  if (local.length > 0 && cloud.length > 0) {
    const items = mergeCarts(cloud, local);
    return {
      kind: 'merge',
      items,
      toast: { title: 'Carrinho restaurado', description: `${items.length} itens carregados com sucesso` },
    };
  }
  if (cloud.length > 0) {
    return {
      kind: 'restore',
      items: [...cloud],
      toast: { title: 'Carrinho restaurado', description: `${cloud.length} itens carregados da nuvem` },
    };
  }
  return { kind: 'none', items: [] };
}

/** Specification §4 (docs/spec/specification.md), favourites at sign-in. */
export function planFavoritesSync(local: readonly string[], cloud: readonly string[]): SyncPlan<string> {
  if (local.length > 0 && cloud.length === 0) {
    return { kind: 'upload', items: [...new Set(local)], toast: { title: 'Favoritos sincronizados' } };
  }
  if (local.length > 0 && cloud.length > 0) {
    const items = unionFavorites(cloud, local);
    return {
      kind: 'merge',
      items,
      toast: {
        title: 'Favoritos restaurados',
        description: `${formatCount(items.length, 'favorito carregado', 'favoritos carregados')}`,
      },
    };
  }
  if (cloud.length > 0) {
    return {
      kind: 'restore',
      items: [...cloud],
      toast: {
        title: 'Favoritos restaurados',
        description: `${formatCount(cloud.length, 'favorito carregado', 'favoritos carregados')} da nuvem`,
      },
    };
  }
  return { kind: 'none', items: [] };
}

export const cartMessages = {
  saveFailed: {
    title: 'Erro ao sincronizar carrinho',
    description: 'Não foi possível salvar o carrinho na nuvem',
  },
  favoriteAddFailed: {
    title: 'Erro ao sincronizar favorito',
    description: 'Não foi possível salvar o favorito na nuvem',
  },
  favoriteRemoveFailed: {
    title: 'Erro ao sincronizar favorito',
    description: 'Não foi possível remover o favorito da nuvem',
  },
} as const;

/**
 * A start date typed in the cart is refused, not silently moved (issue #16 item 5): the message shown
 * next to the field when it is before the earliest start (today plus the lead days), else null.
 */
export function cartStartError(start: string | null | undefined, earliest: string): string | null {
  if (!start || !earliest || start >= earliest) return null;
  return `Escolha uma data de início a partir de ${formatDate(earliest)}.`;
}

/**
 * The first line whose start date has already passed on `today`: the cart API refuses such a cart
 * (decision 023), and the web app knows the refusal by the same rule (issue #40 item 2).
 */
export function cartPastStartLine<T extends Pick<CartItem, 'startDate'>>(
  items: readonly T[],
  today: string,
): T | undefined {
  return items.find((item) => item.startDate && item.startDate < today);
}

/** The cart API's refusal of a line whose start date has already passed. */
export function cartPastStartMessage(name: string | undefined, today: string): string {
  return `A data de início de ${name ? `“${name}”` : 'um item'} já passou. Escolha uma data a partir de ${formatDate(today)}.`;
}
