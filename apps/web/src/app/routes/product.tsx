import { Check, ChevronRight, Clock, Share2, ShoppingCart, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  availabilityLabels,
  bookingAudience,
  bookingCpm,
  bookingMessages,
  cartItemTotal,
  defaultPricing,
  formatBookingPeriod,
  formatSpecFormats,
  paths,
  priceItem,
  productTypeLabels,
} from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { inputClass } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCart } from '../../features/cart/index.ts';
import { AvailabilityBadge, FavoriteButton, useAppConfig, useProduct } from '../../features/catalog/index.ts';
import { HelpLink, knowledgeArticles } from '../../features/knowledge/index.ts';
import { cn } from '../../lib/cn.ts';
import { formatDate, formatInteger, formatMoney } from '../../lib/format.ts';
import { setPageHead } from '../../lib/page-head.ts';
import { toast } from '../../lib/toast.ts';
import { useNearViewport } from '../../lib/use-near-viewport.ts';

const ResultsMap = lazy(() => import('../../features/catalog/components/results-map.tsx'));
const WEEK_CHOICES = [1, 2, 3, 4, 6, 8, 12, 16, 24, 52];
/** Clicks on "Adicionar ao carrinho" closer together than this are one action (issue #16 item 2). */
const CLICK_BURST_MS = 1000;

export function Component() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const start = params.get('inicio') ?? undefined;
  const weeks = Number(params.get('semanas') ?? 4) || 4;
  const product = useProduct(slug, start, weeks);
  const config = useAppConfig();
  const cart = useCart();
  const [photo, setPhoto] = useState(0);
  // null = the default: every tower with room.
  const [picked, setPicked] = useState<string[] | null>(null);
  const lastAdd = useRef(0);
  const data = product.data;

  const available = useMemo(
    () => (data ? data.towers.filter((t) => t.remaining > 0).map((t) => t.id) : []),
    [data],
  );
  const selected = data
    ? data.is_tower_based
      ? (picked ?? available).filter((id) => available.includes(id))
      : available
    : [];
  const towerCount = data?.is_tower_based ? selected.length : 1;
  const total = data ? cartItemTotal({ daily_price: data.daily_price, weeks, towerCount }) : 0;
  const canAdd = data !== undefined && selected.length > 0;
  // The audience and CPM the quote, the cart, the order and the proposal give (decision 022).
  const audience = data
    ? bookingAudience({
        isTowerBased: data.is_tower_based,
        productWeeklyAudience: data.weekly_audience,
        chosenTowerAudiences: data.towers
          .filter((t) => selected.includes(t.id))
          .map((t) => t.weekly_audience),
        weeks,
      })
    : 0;
  const pricing = config.data
    ? { longRunWeeks: config.data.long_run_weeks, longRunPercent: config.data.long_run_percent }
    : defaultPricing;
  const periodCpm = data
    ? bookingCpm(priceItem({ dailyPrice: data.daily_price, weeks, towerCount }, pricing).total, audience)
    : null;
  useEffect(() => {
    if (data)
      setPageHead({
        title: data.name,
        description: `${productTypeLabels[data.type]} em ${data.city} – ${data.state}: ${formatInteger(data.weekly_audience)} impactos por semana, ${formatMoney(data.daily_price)} por dia.`,
      });
  }, [data]);

  if (product.isPending) return <Spinner label="Carregando o local..." className="min-h-[50vh]" />;
  if (product.isError || !data) {
    return (
      <div className="mx-auto max-w-lg py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Local não encontrado</h1>
        <p className="mt-2 text-slate-600">{product.error?.message ?? 'Este local não está disponível.'}</p>
        <Link
          to={paths.buscarLocais}
          className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
        >
          Voltar para a busca
        </Link>
      </div>
    );
  }

  const setPeriod = (changes: { inicio?: string; semanas?: number }) => {
    const next = new URLSearchParams(params);
    if (changes.inicio) next.set('inicio', changes.inicio);
    if (changes.semanas) next.set('semanas', String(changes.semanas));
    setParams(next, { replace: true });
  };

  const toggleTower = (id: string) => {
    const current = picked ?? available;
    setPicked(current.includes(id) ? current.filter((t) => t !== id) : [...current, id]);
  };

  const addToCart = () => {
    const now = Date.now();
    if (now - lastAdd.current < CLICK_BURST_MS) return;
    lastAdd.current = now;
    const added = cart.addItem({
      product_id: data.id,
      name: data.name,
      slug: data.slug,
      image: data.photos[0]?.thumb ?? null,
      type: data.type,
      city: data.city,
      state: data.state,
      daily_price: data.daily_price,
      weeks,
      startDate: data.period.start,
      selectedTowers: data.is_tower_based ? selected : [],
      isTowerBased: data.is_tower_based,
      towers: data.towers.map(({ id, name, screens, weekly_audience, slots }) => ({
        id,
        name,
        screens,
        weekly_audience,
        slots,
      })),
    });
    if (!added) {
      toast.error('Este local já está no carrinho', bookingMessages.alreadyInCart(data.name));
      return;
    }
    toast.success(
      'Adicionado ao carrinho',
      `${data.name} — ${formatBookingPeriod(data.period.start, weeks)}`,
    );
  };

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

  const mainPhoto = data.photos[photo] ?? data.photos[0];

  return (
    <div className="space-y-8">
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

      <div className="grid gap-8 lg:grid-cols-[1fr_380px]">
        <div className="min-w-0 space-y-8">
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
          </header>

          {mainPhoto ? (
            <section aria-label="Fotos" className="space-y-3">
              <img
                src={mainPhoto.url}
                alt={mainPhoto.alt}
                width={mainPhoto.width}
                height={mainPhoto.height}
                // The page's largest picture: the server also preloads the first one (page-head.ts).
                fetchPriority="high"
                className="aspect-[3/2] w-full rounded-xl object-cover"
              />
              {data.photos.length > 1 ? (
                <div className="flex gap-3">
                  {data.photos.map((p, i) => (
                    <button
                      key={p.url}
                      type="button"
                      onClick={() => setPhoto(i)}
                      aria-label={`Ver foto ${i + 1}`}
                      aria-pressed={i === photo}
                      className={cn(
                        'overflow-hidden rounded-lg ring-2',
                        i === photo ? 'ring-brand-600' : 'ring-transparent',
                      )}
                    >
                      <img
                        src={p.thumb}
                        alt=""
                        width={120}
                        height={80}
                        loading="lazy"
                        className="h-20 w-30 object-cover"
                      />
                    </button>
                  ))}
                </div>
              ) : null}
            </section>
          ) : null}

          <section aria-labelledby="sobre" className="space-y-3">
            <h2 id="sobre" className="text-xl font-bold text-slate-900">
              Sobre o local
            </h2>
            <p className="text-slate-700">{data.description}</p>
            <dl className="grid gap-4 sm:grid-cols-3">
              <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
                <dt className="flex items-center gap-1 text-sm text-slate-600">
                  <Users className="h-4 w-4" aria-hidden="true" /> Audiência semanal
                </dt>
                <dd className="mt-1 text-xl font-bold text-slate-900">
                  {formatInteger(data.weekly_audience)}
                </dd>
              </div>
              <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">CPM no período escolhido</dt>
                <dd className="mt-1 text-xl font-bold text-slate-900">
                  {periodCpm !== null ? formatMoney(periodCpm) : '—'}
                </dd>
              </div>
              <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
                <dt className="flex items-center gap-1 text-sm text-slate-600">
                  <Clock className="h-4 w-4" aria-hidden="true" /> Funcionamento
                </dt>
                <dd className="mt-1 font-semibold text-slate-900">{data.operating_hours}</dd>
              </div>
            </dl>
            <p className="text-sm text-slate-600">
              <strong className="text-slate-800">Público:</strong> {data.audience_profile}
            </p>
          </section>

          <section aria-labelledby="calendario" className="space-y-3">
            <h2 id="calendario" className="text-xl font-bold text-slate-900">
              Disponibilidade nas próximas 12 semanas
            </h2>
            <p className="text-sm text-slate-600">
              Cada período começa no dia escolhido. Toque numa semana para começar nela.
            </p>
            <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
              {data.calendar.map((week) => (
                <li key={week.start}>
                  <button
                    type="button"
                    onClick={() => setPeriod({ inicio: week.start })}
                    disabled={week.status === 'indisponivel'}
                    aria-pressed={week.start === data.period.start}
                    aria-label={`Semana de ${formatDate(week.start)}: ${availabilityLabels[week.status]}`}
                    className={cn(
                      'w-full rounded-lg border p-3 text-left text-sm transition-colors disabled:cursor-not-allowed',
                      week.status === 'livre' && 'border-emerald-200 bg-emerald-50 hover:bg-emerald-100',
                      week.status === 'poucas_vagas' && 'border-amber-200 bg-amber-50 hover:bg-amber-100',
                      week.status === 'indisponivel' && 'border-slate-200 bg-slate-100 text-slate-600',
                      week.start === data.period.start && 'ring-2 ring-brand-600',
                    )}
                  >
                    <span className="block font-semibold text-slate-900">{formatDate(week.start)}</span>
                    <span className="block text-xs">{availabilityLabels[week.status]}</span>
                  </button>
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="especificacao" className="space-y-3">
            <h2 id="especificacao" className="text-xl font-bold text-slate-900">
              Especificação do criativo
            </h2>
            <table className="w-full overflow-hidden rounded-lg bg-white text-sm ring-1 ring-slate-200">
              <tbody className="divide-y divide-slate-100">
                <tr>
                  <th scope="row" className="w-1/2 px-4 py-2 text-left font-medium text-slate-600">
                    Resolução
                  </th>
                  <td className="px-4 py-2 text-slate-900">
                    {data.spec.width} × {data.spec.height} px (
                    {data.spec.orientation === 'vertical' ? 'vertical' : 'horizontal'})
                  </td>
                </tr>
                <tr>
                  <th scope="row" className="px-4 py-2 text-left font-medium text-slate-600">
                    Formatos
                  </th>
                  <td className="px-4 py-2 text-slate-900">{formatSpecFormats(data.spec.formats)}</td>
                </tr>
                <tr>
                  <th scope="row" className="px-4 py-2 text-left font-medium text-slate-600">
                    Tamanho máximo
                  </th>
                  <td className="px-4 py-2 text-slate-900">{data.spec.maxSizeMb} MB</td>
                </tr>
                <tr>
                  <th scope="row" className="px-4 py-2 text-left font-medium text-slate-600">
                    Duração do spot
                  </th>
                  <td className="px-4 py-2 text-slate-900">
                    {data.spec.spotSeconds ? `${data.spec.spotSeconds} segundos` : 'Imagem fixa'}
                  </td>
                </tr>
                <tr>
                  <th scope="row" className="px-4 py-2 text-left font-medium text-slate-600">
                    Inserções por dia
                  </th>
                  <td className="px-4 py-2 text-slate-900">
                    {data.spec.insertionsPerDay
                      ? formatInteger(data.spec.insertionsPerDay)
                      : 'Exposição o dia todo'}
                  </td>
                </tr>
              </tbody>
            </table>
            <p className="text-sm text-slate-600">{data.spec.notes}</p>
            <HelpLink article={knowledgeArticles.envioCriativos}>Como e até quando enviar a arte</HelpLink>
          </section>

          <section aria-labelledby="mapa" className="space-y-3">
            <h2 id="mapa" className="text-xl font-bold text-slate-900">
              Localização
            </h2>
            <ProductMap
              product={data}
              tileUrl={config.data?.tile_url}
              attribution={config.data?.tile_attribution}
            />
          </section>
        </div>

        <aside aria-label="Reservar" className="lg:sticky lg:top-20 lg:self-start">
          <Card className="space-y-5">
            <div className="flex items-baseline justify-between">
              <p>
                <span className="text-2xl font-bold text-slate-900">{formatMoney(data.daily_price)}</span>
                <span className="text-sm text-slate-600">/dia{data.is_tower_based ? ' por torre' : ''}</span>
              </p>
              <AvailabilityBadge status={data.period.status} />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <div>
                <label htmlFor="produto-inicio" className="mb-1.5 block text-sm font-medium text-slate-800">
                  Início
                </label>
                <input
                  id="produto-inicio"
                  type="date"
                  min={data.period.earliest_start}
                  value={data.period.start}
                  onChange={(e) => e.target.value && setPeriod({ inicio: e.target.value })}
                  className={inputClass}
                />
              </div>
              <div>
                <label htmlFor="produto-semanas" className="mb-1.5 block text-sm font-medium text-slate-800">
                  Semanas
                </label>
                <select
                  id="produto-semanas"
                  value={weeks}
                  onChange={(e) => setPeriod({ semanas: Number(e.target.value) })}
                  className={inputClass}
                >
                  {WEEK_CHOICES.map((w) => (
                    <option key={w} value={w}>
                      {w}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <p className="text-xs text-slate-600">
              Veiculação {formatBookingPeriod(data.period.start, weeks)}. Início mais cedo possível:{' '}
              {formatDate(data.period.earliest_start)}.
            </p>

            {data.is_tower_based ? (
              <fieldset className="space-y-2">
                <legend className="mb-1 text-sm font-medium text-slate-800">
                  Torres ({selected.length} de {data.towers.length})
                </legend>
                <ul className="max-h-64 space-y-1 overflow-auto">
                  {data.towers.map((t) => {
                    const full = t.remaining === 0;
                    return (
                      <li key={t.id}>
                        <label
                          className={cn(
                            'flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm',
                            full ? 'text-slate-500' : 'hover:bg-slate-50',
                          )}
                        >
                          <span className="flex items-center gap-2">
                            <input
                              type="checkbox"
                              className="h-4 w-4 accent-brand-700"
                              checked={selected.includes(t.id)}
                              disabled={full}
                              onChange={() => toggleTower(t.id)}
                            />
                            {t.name} · {t.screens} telas
                          </span>
                          <span className="text-xs">
                            {full ? 'Sem vagas' : `${t.remaining} de ${t.slots} vagas`}
                          </span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            ) : null}

            <div className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm" aria-live="polite">
              <p className="flex justify-between text-slate-700">
                <span>
                  {formatMoney(data.daily_price)} × 7 dias × {weeks} {weeks === 1 ? 'semana' : 'semanas'}
                  {data.is_tower_based ? ` × ${towerCount} ${towerCount === 1 ? 'torre' : 'torres'}` : ''}
                </span>
              </p>
              <p className="flex justify-between text-base font-bold text-slate-900">
                <span>Total</span>
                <span data-testid="preco-total">{formatMoney(total)}</span>
              </p>
              <p className="text-slate-700" data-testid="audiencia-periodo">
                Audiência no período: {formatInteger(audience)} impactos
              </p>
            </div>
            {!canAdd ? (
              <Alert tone="info">
                {data.period.status === 'indisponivel'
                  ? 'Sem vagas neste período. Escolha outra semana no calendário.'
                  : 'Escolha pelo menos uma torre.'}
              </Alert>
            ) : null}
            {/* On a phone the bar below holds the page's one "Adicionar ao carrinho". */}
            <Button size="lg" className="hidden w-full lg:inline-flex" disabled={!canAdd} onClick={addToCart}>
              <ShoppingCart className="h-5 w-5" aria-hidden="true" />
              Adicionar ao carrinho
            </Button>
            <p className="flex items-center gap-1 text-xs text-slate-600">
              <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" /> O preço final é confirmado no
              checkout.
            </p>
            <div className="flex flex-col items-start gap-1 border-t border-slate-100 pt-3">
              <HelpLink article={knowledgeArticles.precosESemanas}>
                Como o preço por semana é calculado
              </HelpLink>
              <HelpLink article={knowledgeArticles.disponibilidade}>O que significam as vagas</HelpLink>
            </div>
          </Card>
        </aside>
      </div>

      {/* data-bottom-bar: the page ends above this bar on a phone (index.css). */}
      <section
        data-bottom-bar
        aria-label="Resumo da reserva"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden"
      >
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-3">
          <div className="min-w-0" aria-live="polite">
            <p className="font-bold text-slate-900">
              <span data-testid="barra-total">{formatMoney(total)}</span>{' '}
              <span className="text-xs font-normal text-slate-600">
                {weeks} {weeks === 1 ? 'semana' : 'semanas'}
              </span>
            </p>
            <p className="text-xs text-slate-600" data-testid="barra-periodo">
              {formatBookingPeriod(data.period.start, weeks)}
            </p>
          </div>
          <Button className="shrink-0" disabled={!canAdd} onClick={addToCart}>
            <ShoppingCart className="h-4 w-4" aria-hidden="true" />
            Adicionar ao carrinho
          </Button>
        </div>
      </section>
    </div>
  );
}

/** The location map, built (Leaflet and its tiles) only when it nears the screen. */
function ProductMap({
  product,
  tileUrl,
  attribution,
}: {
  product: {
    id: string;
    slug: string;
    name: string;
    latitude: number;
    longitude: number;
    daily_price: number;
  };
  tileUrl: string | undefined;
  attribution: string | undefined;
}) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const placeholder = <div className="h-full animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />;
  return (
    // isolate: Leaflet's panes (z-index 400+) stay under the page's fixed bar.
    <div ref={box} className="isolate h-72">
      {tileUrl && near ? (
        <Suspense fallback={placeholder}>
          <ResultsMap
            className="h-full"
            single
            points={[
              {
                id: product.id,
                slug: product.slug,
                name: product.name,
                latitude: product.latitude,
                longitude: product.longitude,
                daily_price: product.daily_price,
              },
            ]}
            center={{ lat: product.latitude, lng: product.longitude }}
            tileUrl={tileUrl}
            attribution={attribution ?? ''}
            highlighted={product.id}
            onHighlight={() => {}}
            onOpen={() => {}}
            fitKey={product.id}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
