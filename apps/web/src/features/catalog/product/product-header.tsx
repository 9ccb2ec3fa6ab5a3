import { ChevronRight, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths, productTypeLabels } from '@urbana/shared';
import { toast } from '../../../lib/toast.ts';
import type { ProductDetail } from '@urbana/shared';
import { FavoriteButton } from '../components/favorite-button.tsx';
import { WatchButton } from '../../favorites/index.ts';

/** The trail back to the search and to the product's city. */
export function ProductBreadcrumb({ data }: { data: ProductDetail }) {
  return (
    <nav aria-label="Trilha" className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
      <Link to={paths.buscarLocais} className="hover:underline">
        Buscar locais
      </Link>
      <ChevronRight className="h-4 w-4" aria-hidden="true" />
      <Link
        to={`${paths.buscarLocais}?local=${encodeURIComponent(`${data.city}`)}`}
        className="hover:underline"
      >
        {data.city} – {data.state}
      </Link>
      <ChevronRight className="h-4 w-4" aria-hidden="true" />
      <span aria-current="page" className="text-slate-900">
        {data.name}
      </span>
    </nav>
  );
}

/** The product's type, name, address, and its favourite and share buttons. */
export function ProductHeader({ data }: { data: ProductDetail }) {
  const share = async () => {
    const url = window.location.href;
    try {
      if (navigator.share) await navigator.share({ title: data.name, url });
      else {
        await navigator.clipboard.writeText(url);
        toast.success('Link copiado', 'Cole o link para compartilhar este local.');
      }
    } catch {
      // Share sheet closed: nothing to do.
    }
  };

  return (
    <header className="space-y-2">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {productTypeLabels[data.type]}
      </p>
      <div className="flex items-start justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{data.name}</h1>
        <div className="flex shrink-0 gap-2">
          <FavoriteButton productId={data.id} name={data.name} />
          <button
            type="button"
            onClick={() => void share()}
            aria-label="Compartilhar este local"
            className="grid h-10 w-10 place-items-center rounded-full bg-white text-slate-700 shadow ring-1 ring-slate-200 hover:text-brand-700"
          >
            <Share2 className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
      </div>
      <p className="text-slate-600">
        {data.address} · {data.neighborhood}, {data.city} – {data.state}
      </p>
      <WatchButton productId={data.id} name={data.name} />
    </header>
  );
}
