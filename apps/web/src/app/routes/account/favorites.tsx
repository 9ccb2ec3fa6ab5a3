import { Heart, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { bookingMessages, DEFAULT_BOOKING_WEEKS, paths } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCart } from '../../../features/cart/index.ts';
import {
  ProductCard,
  ProductCardSkeleton,
  productQuery,
  useProductsByIds,
} from '../../../features/catalog/index.ts';
import { useFavorites, WatchButton } from '../../../features/favorites/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';

export function Component() {
  const favorites = useFavorites();
  const cart = useCart();
  const queryClient = useQueryClient();
  const products = useProductsByIds(favorites.ids);
  const [adding, setAdding] = useState<string | null>(null);
  // Only what is still a favourite (removal shows at once).
  const items = (products.data ?? []).filter((p) => favorites.ids.includes(p.id));

  const add = async (slug: string) => {
    setAdding(slug);
    try {
      const p = await queryClient.fetchQuery(productQuery(slug, undefined, DEFAULT_BOOKING_WEEKS));
      const withRoom = p.towers.filter((t) => t.remaining > 0).map((t) => t.id);
      if (withRoom.length === 0) {
        toast.error('Sem vagas no próximo período', 'Abra o local e escolha outra semana no calendário.');
        return;
      }
      const added = cart.addItem({
        product_id: p.id,
        name: p.name,
        slug: p.slug,
        image: p.photos[0]?.thumb ?? null,
        type: p.type,
        city: p.city,
        state: p.state,
        daily_price: p.daily_price,
        weeks: DEFAULT_BOOKING_WEEKS,
        startDate: p.period.start,
        selectedTowers: p.is_tower_based ? withRoom : [],
        isTowerBased: p.is_tower_based,
        towers: p.towers.map(({ id, name, screens, weekly_audience, slots }) => ({
          id,
          name,
          screens,
          weekly_audience,
          slots,
        })),
      });
      if (!added) {
        toast.error('Este local já está no carrinho', bookingMessages.alreadyInCart(p.name));
        return;
      }
      toast.success('Adicionado ao carrinho', `${p.name} — ${DEFAULT_BOOKING_WEEKS} semanas`);
    } catch {
      toast.error('Não foi possível adicionar', 'Tente de novo em instantes.');
    } finally {
      setAdding(null);
    }
  };

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Meus favoritos</h1>
      {favorites.count === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <Heart className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900">Você ainda não tem favoritos</p>
          <p className="mt-1 text-sm text-slate-600">Toque no coração de um local para guardá-lo aqui.</p>
          <Button asChild className="mt-4">
            <Link to={paths.buscarLocais}>Buscar locais</Link>
          </Button>
        </div>
      ) : products.isError ? (
        <Alert>Não foi possível carregar seus favoritos. Tente de novo em instantes.</Alert>
      ) : products.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {favorites.ids.slice(0, 6).map((id) => (
            <ProductCardSkeleton key={id} />
          ))}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Favoritos">
          {items.map((p) => (
            <li key={p.id}>
              <ProductCard
                product={p}
                footer={
                  p.status === 'ativo' ? (
                    <div className="space-y-2">
                      <Button
                        variant="secondary"
                        className="w-full"
                        disabled={adding === p.slug}
                        onClick={() => void add(p.slug)}
                      >
                        <ShoppingCart className="h-4 w-4" aria-hidden="true" />
                        Adicionar ao carrinho
                      </Button>
                      <WatchButton productId={p.id} name={p.name} className="w-full justify-center" />
                    </div>
                  ) : (
                    <p className="text-sm text-slate-600">Este local não está mais disponível.</p>
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
