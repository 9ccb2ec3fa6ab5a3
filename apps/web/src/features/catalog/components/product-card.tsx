import { Building2, MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buildPath, paths, productTypeLabels, formatCount, formatInteger, formatMoney } from '@urbana/shared';
import { cn } from '../../../lib/cn.ts';
import type { ProductCardData } from '@urbana/shared';
import { FavoriteButton } from './favorite-button.tsx';

/** What a card shows: a product of the catalogue API, whatever its status. */
export type CardProduct = Omit<ProductCardData, 'status'>;

export function ProductCard({
  product,
  highlighted,
  onHover,
  badge,
  footer,
  distanceKm,
  search,
  priority = false,
}: {
  product: CardProduct;
  highlighted?: boolean;
  onHover?: (id: string | null) => void;
  badge?: ReactNode;
  footer?: ReactNode;
  distanceKm?: number | null;
  /** Period to carry to the product page (inicio, semanas). */
  search?: string;
  /**
   * A card on the first screen: its photo is the page's largest paint (the search's LCP), so it is
   * fetched at once and first, not lazily after layout (docs/decisions/041-page-budgets.md).
   */
  priority?: boolean;
}) {
  const href = buildPath(paths.local, { slug: product.slug }) + (search ? `?${search}` : '');
  return (
    <article
      onMouseEnter={() => onHover?.(product.id)}
      onMouseLeave={() => onHover?.(null)}
      onFocus={() => onHover?.(product.id)}
      data-produto={product.id}
      className={cn(
        'group relative flex overflow-hidden rounded-xl border bg-white shadow-sm transition-shadow hover:shadow-md',
        highlighted ? 'border-brand-600 ring-2 ring-brand-600/30' : 'border-slate-200',
        'flex-col',
      )}
    >
      <div className="relative aspect-[3/2] bg-slate-200">
        {product.photo ? (
          <img
            src={product.photo}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            // A first-screen photo is painted with the text around it, not a frame after it.
            decoding={priority ? 'auto' : 'async'}
            fetchPriority={priority ? 'high' : 'auto'}
            width={480}
            height={320}
            className="h-full w-full object-cover"
          />
        ) : null}
        <span className="absolute left-3 top-3 rounded-full bg-slate-900/80 px-2.5 py-1 text-xs font-semibold text-white">
          {productTypeLabels[product.type]}
        </span>
        <FavoriteButton productId={product.id} name={product.name} className="absolute right-3 top-3 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold leading-snug text-slate-900">
          <Link
            to={href}
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none focus-visible:underline"
          >
            {product.name}
          </Link>
        </h3>
        <p className="flex items-start gap-1 text-sm text-slate-600">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {/* One text run, so a long neighbourhood wraps with the distance instead of pushing it aside. */}
          <span data-testid="card-location">
            {product.neighborhood}, {product.city} – {product.state}
            {distanceKm !== undefined && distanceKm !== null ? (
              <span className="whitespace-nowrap text-slate-500"> · {formatInteger(distanceKm)} km</span>
            ) : null}
          </span>
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="flex items-center gap-1">
            <Users className="h-4 w-4" aria-hidden="true" />
            {formatInteger(product.weekly_audience)} impactos/semana
          </span>
          {product.is_tower_based ? (
            <span className="flex items-center gap-1">
              <Building2 className="h-4 w-4" aria-hidden="true" />
              {formatCount(product.tower_count, 'torre', 'torres')}
            </span>
          ) : null}
        </div>
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <p>
            <span className="text-lg font-bold text-slate-900">{formatMoney(product.daily_price)}</span>
            <span className="text-sm text-slate-600">/dia{product.is_tower_based ? ' por torre' : ''}</span>
          </p>
          {badge}
        </div>
        {footer ? <div className="relative z-10 pt-2">{footer}</div> : null}
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white" aria-hidden="true">
      <div className="aspect-[3/2] animate-pulse bg-slate-200" />
      <div className="space-y-3 p-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200" />
        <div className="h-5 w-1/3 animate-pulse rounded bg-slate-200" />
      </div>
    </div>
  );
}
