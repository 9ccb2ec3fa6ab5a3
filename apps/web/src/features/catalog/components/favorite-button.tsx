import { Heart } from 'lucide-react';
import { useFavorites } from '../../favorites/index.ts';
import { cn } from '../../../lib/cn.ts';

export function FavoriteButton({
  productId,
  name,
  className,
}: {
  productId: string;
  name: string;
  className?: string;
}) {
  const favorites = useFavorites();
  const active = favorites.isFavorite(productId);
  return (
    <button
      type="button"
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        // The second click of a double click (detail 2) would take the favourite back at once.
        if (e.detail > 1) return;
        favorites.toggle(productId);
      }}
      aria-pressed={active}
      aria-label={active ? `Remover ${name} dos favoritos` : `Favoritar ${name}`}
      className={cn(
        'grid h-10 w-10 place-items-center rounded-full bg-white/95 text-slate-700 shadow ring-1 ring-slate-200 hover:text-rose-600',
        className,
      )}
    >
      <Heart className={cn('h-5 w-5', active && 'fill-rose-600 text-rose-600')} aria-hidden="true" />
    </button>
  );
}
