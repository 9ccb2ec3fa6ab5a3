import { Bell, BellRing } from 'lucide-react';
import { watchMessages } from '@urbana/shared';
import { useAuth } from '../auth/index.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';
import { useFavorites } from './use-favorites.ts';
import { useToggleWatch, useWatches } from './watch-api.ts';

/**
 * "Avise-me" on a favourite (issue #23 item 4): shown to a signed-in user on a place they favourited;
 * the server tells them when a week becomes free or the price drops.
 */
export function WatchButton({
  productId,
  name,
  className,
}: {
  productId: string;
  name: string;
  className?: string;
}) {
  const { user } = useAuth();
  const favorites = useFavorites();
  const watches = useWatches(Boolean(user));
  const toggle = useToggleWatch();
  if (!user || !favorites.isFavorite(productId)) return null;
  const on = watches.data?.includes(productId) ?? false;
  const Icon = on ? BellRing : Bell;
  return (
    <button
      type="button"
      aria-pressed={on}
      disabled={toggle.isPending || watches.isPending}
      title={on ? watchMessages.on : 'Avise-me quando uma semana ficar livre ou o preço baixar'}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        toggle.mutate(
          { productId, on: !on },
          {
            onSuccess: () =>
              toast.success(
                on ? 'Aviso desligado' : 'Aviso ligado',
                on ? watchMessages.off : watchMessages.on,
              ),
            onError: (error) =>
              toast.error('Não foi possível mudar o aviso', errorMessage(error, 'Tente de novo.')),
          },
        );
      }}
      className={cn(
        'inline-flex h-10 items-center gap-2 rounded-full bg-white px-4 text-sm font-medium text-slate-700 shadow ring-1 ring-slate-200 hover:text-brand-700 disabled:opacity-60',
        on && 'text-brand-700 ring-brand-600',
        className,
      )}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {on ? 'Aviso ligado' : 'Avise-me'}
      <span className="sr-only"> — {name}</span>
    </button>
  );
}
