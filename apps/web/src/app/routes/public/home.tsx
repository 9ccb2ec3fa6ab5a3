import { ArrowRight, CalendarRange, MapPin, QrCode, Search, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths, productTypeLabels, type Place, formatInteger } from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import {
  PlaceCombobox,
  ProductCard,
  ProductCardSkeleton,
  useFeatured,
  useNetwork,
} from '../../../features/catalog/index.ts';
import { DEFAULT_LOCATION, useSearch } from '../../../features/search/index.ts';

const steps = [
  {
    icon: MapPin,
    title: 'Encontre',
    text: 'Veja no mapa painéis de LED, outdoors, empenas e telas em torres perto do seu público.',
  },
  {
    icon: CalendarRange,
    title: 'Reserve por semana',
    text: 'Escolha o início e quantas semanas quer; a disponibilidade aparece na hora.',
  },
  {
    icon: QrCode,
    title: 'Pague por Pix',
    text: 'Pagamento confirmado em minutos, com a fatura em PDF na sua conta.',
  },
  {
    icon: Upload,
    title: 'Envie sua arte',
    text: 'Confira as especificações, envie o criativo e acompanhe a campanha no ar.',
  },
];

function compact(value: number): string {
  if (value >= 1_000_000) return `${formatInteger(Math.round(value / 100_000) / 10)} mi`;
  if (value >= 10_000) return `${formatInteger(Math.round(value / 1000))} mil`;
  return formatInteger(value);
}

export function Component() {
  const navigate = useNavigate();
  const { state, update } = useSearch();
  const [text, setText] = useState(state.location);
  const [place, setPlace] = useState<Place | null>(null);
  const featured = useFeatured();
  const network = useNetwork();

  const go = (chosen: Place | null, label: string) => {
    const local = label.trim() || DEFAULT_LOCATION;
    update({ location: local });
    const query = new URLSearchParams({ local });
    if (chosen) {
      query.set('lat', String(chosen.lat));
      query.set('lng', String(chosen.lng));
    }
    navigate(`${paths.buscarLocais}?${query.toString()}`);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go(place && place.label === text ? place : null, text);
  };

  return (
    <div className="space-y-16">
      <section className="relative rounded-2xl bg-gradient-to-br from-brand-900 via-brand-800 to-slate-900 px-6 py-14 text-white sm:px-12 sm:py-20">
        <div className="max-w-2xl space-y-5">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-100">
            Mídia exterior sem complicação
          </p>
          <h1 className="text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
            Sua marca nas ruas da cidade, reservada em minutos
          </h1>
          <p className="text-lg text-slate-200">
            Painéis, outdoors e telas em torres residenciais e comerciais em todo o Brasil. Compare audiência
            e preço, reserve por semana e pague por Pix.
          </p>
          <form
            onSubmit={onSubmit}
            role="search"
            aria-label="Buscar locais"
            className="flex flex-col gap-2 rounded-xl bg-white p-2 text-slate-900 sm:flex-row"
          >
            <PlaceCombobox
              className="flex-1"
              hideLabel
              label="Cidade ou região"
              value={text}
              onChange={setText}
              onPick={(p) => {
                setText(p.label);
                setPlace(p);
                go(p, p.label);
              }}
              inputClassName="border-0 focus:outline-none"
            />
            <Button type="submit" size="lg" className="shrink-0">
              <Search className="h-5 w-5" aria-hidden="true" />
              Buscar locais
            </Button>
          </form>
          <p className="text-sm text-slate-200">
            Tem um orçamento e não sabe por onde começar?{' '}
            <Link to={paths.planejar} className="font-semibold text-white underline underline-offset-2">
              Monte um plano de mídia a partir dele
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="numeros">
        <h2 id="numeros" className="sr-only">
          A rede em números
        </h2>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {[
            ['Locais', network.data?.locations],
            ['Cidades', network.data?.cities],
            ['Telas e faces', network.data?.screens],
            ['Impactos por semana', network.data?.weekly_audience],
          ].map(([label, value]) => (
            <div key={label as string} className="rounded-xl border border-slate-200 bg-white p-5">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900">
                {typeof value === 'number' ? compact(value) : '—'}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="destaques" className="space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="destaques" className="text-2xl font-bold tracking-tight text-slate-900">
              Destaques da rede
            </h2>
            <p className="mt-1 text-slate-600">
              {network.data
                ? network.data.by_type.map((t) => `${productTypeLabels[t.type]} (${t.locations})`).join(' · ')
                : 'Os locais de maior audiência de cada tipo.'}
            </p>
          </div>
          <Link
            to={paths.buscarLocais}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            Ver todos no mapa <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {featured.isPending
            ? Array.from({ length: 4 }, (_, i) => (
                <li key={i}>
                  <ProductCardSkeleton />
                </li>
              ))
            : (featured.data ?? []).map((p) => (
                <li key={p.id}>
                  <ProductCard product={p} />
                </li>
              ))}
        </ul>
        {featured.isError ? (
          <p className="text-sm text-red-700">Não foi possível carregar os destaques agora.</p>
        ) : null}
      </section>

      <section aria-labelledby="como-funciona">
        <h2 id="como-funciona" className="text-2xl font-bold tracking-tight text-slate-900">
          Como funciona
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-5">
              <step.icon className="h-6 w-6 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-slate-900">
                {index + 1}. {step.title}
              </h3>
              <p className="mt-1 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
