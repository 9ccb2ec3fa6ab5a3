import {
  ChevronLeft,
  ChevronRight,
  List,
  Map as MapIcon,
  RotateCcw,
  SearchX,
  SlidersHorizontal,
  X,
} from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  buildPath,
  DEFAULT_LOCATION,
  paths,
  searchApiParams,
  searchFilterProblem,
  productTypeLabels,
  productTypes,
  searchOrderLabels,
  searchOrders,
  formatBookingRange,
  formatDate,
  formatInteger,
  formatMoney,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import {
  AvailabilityBadge,
  PlaceCombobox,
  ProductCard,
  ProductCardSkeleton,
  useAppConfig,
  useProductSearch,
  useSearchMarkers,
  type MapBoundsChange,
} from '../../../features/catalog/index.ts';
import { DEFAULT_DURATION_WEEKS, searchStateFromParams, useSearch } from '../../../features/search/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
import { useProgressiveCount } from '../../../lib/use-progressive-count.ts';

/** Results a phone's first screen has room for. */
const FIRST_RESULTS = 4;

const ResultsMap = lazy(() => import('../../../features/catalog/components/results-map.tsx'));

const WEEK_CHOICES = [1, 2, 3, 4, 6, 8, 12, 16, 24, 52];

const selectClass = `${inputClass} pr-8`;

export function Component() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const search = useSearch();
  const config = useAppConfig();
  const query = searchApiParams(params);
  // A filter the server would refuse is shown with a way out, and not asked (issue #16 item 8).
  const problem = searchFilterProblem(params);
  const results = useProductSearch(query, problem === null);
  const data = problem ? undefined : results.data;
  const [highlighted, setHighlighted] = useState<string | null>(null);
  // Desktop shows list and map side by side; a phone switches between them (issue #16, Phone).
  const desktop = useMediaQuery('(min-width: 1024px)');
  const [phoneView, setPhoneView] = useState<'lista' | 'mapa'>('lista');
  const [preview, setPreview] = useState<string | null>(null);
  const mapBox = useRef<HTMLDivElement>(null);
  const mapNear = useNearViewport(mapBox);
  const mapShown = desktop ? mapNear : phoneView === 'mapa';
  // The map shows every result of the search, not only this page's: one query for all pages.
  const allPagesQuery = useMemo(() => {
    const q = new URLSearchParams(query);
    q.delete('pagina');
    q.delete('por_pagina');
    return q.toString();
  }, [query]);
  const markers = useSearchMarkers(allPagesQuery, problem === null && !results.isError && mapShown);
  // Opened cold, the first results render at once and the others in the next task (decision 013).
  const shownResults = useProgressiveCount(FIRST_RESULTS);
  const [placeText, setPlaceText] = useState(params.get('local') ?? DEFAULT_LOCATION);
  const [showFilters, setShowFilters] = useState(false);

  const weeks = Number(params.get('semanas') ?? DEFAULT_DURATION_WEEKS);
  const flexible = params.get('flexivel') !== 'false';
  const onlyAvailable = params.get('disponivel') === 'true';

  /** Changes the URL (a new history entry, so Back returns to the previous search). */
  const change = useCallback(
    (changes: Record<string, string | null>, keepPage = false) => {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (!keepPage) next.delete('pagina');
      setParams(next);
    },
    [params, setParams],
  );

  // The URL is the source of truth; the seed's search context mirrors it for the rest of the app.
  const { update } = search;
  useEffect(() => {
    update(searchStateFromParams(params));
  }, [params, update]);

  const mapPoints = markers.data?.items ?? (markers.isError ? data?.items : undefined);
  const previewed = preview ? markers.data?.items.find((m) => m.id === preview) : undefined;
  const clearFilters = () => {
    search.reset();
    setPlaceText(DEFAULT_LOCATION);
    setParams(new URLSearchParams());
  };
  const refused =
    results.error instanceof ApiError && results.error.status >= 400 && results.error.status < 500;
  const pastLastPage = data !== undefined && data.items.length === 0 && data.total > 0;
  const periodSearch = data ? `inicio=${data.start}&semanas=${weeks}` : undefined;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const page = data?.page ?? 1;

  const onSearchArea = (b: MapBoundsChange) =>
    change({
      norte: b.norte.toFixed(5),
      sul: b.sul.toFixed(5),
      leste: b.leste.toFixed(5),
      oeste: b.oeste.toFixed(5),
      lat: null,
      lng: null,
      local: null,
    });

  const priceInput = (key: 'preco_min' | 'preco_max', label: string) => (
    <div>
      <label htmlFor={`filtro-${key}`} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`filtro-${key}`}
        type="number"
        min={0}
        step={10}
        inputMode="numeric"
        placeholder="R$"
        defaultValue={params.get(key) ? Number(params.get(key)) / 100 : ''}
        key={params.get(key) ?? ''}
        aria-invalid={
          problem?.key === key || (key === 'preco_max' && problem?.key === 'preco_min') || undefined
        }
        aria-describedby={problem?.key === key ? 'problema-busca' : undefined}
        onBlur={(e) => {
          const reais = e.target.value.trim();
          const centavos = reais === '' ? null : String(Math.round(Number(reais) * 100));
          if (centavos !== params.get(key)) change({ [key]: centavos });
        }}
        onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
        className={inputClass}
      />
    </div>
  );

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Buscar locais</h1>
        <Button
          variant="secondary"
          size="sm"
          className="md:hidden"
          aria-expanded={showFilters}
          aria-controls="filtros"
          onClick={() => setShowFilters((s) => !s)}
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filtros
        </Button>
      </div>

      <form
        id="filtros"
        role="search"
        aria-label="Filtros da busca"
        onSubmit={(e) => e.preventDefault()}
        className={`${showFilters ? 'grid' : 'hidden'} gap-3 rounded-xl border border-slate-200 bg-white p-4 md:grid md:grid-cols-6`}
      >
        <PlaceCombobox
          className="md:col-span-2"
          label="Cidade"
          value={placeText}
          onChange={setPlaceText}
          onPick={(place) => {
            setPlaceText(place.label);
            change({
              local: place.label,
              lat: String(place.lat),
              lng: String(place.lng),
              norte: null,
              sul: null,
              leste: null,
              oeste: null,
            });
          }}
        />
        <div>
          <label htmlFor="filtro-inicio" className="mb-1.5 block text-sm font-medium text-slate-800">
            Início
          </label>
          <input
            id="filtro-inicio"
            type="date"
            min={config.data?.earliest_start}
            value={params.get('inicio') ?? data?.start ?? ''}
            onChange={(e) => change({ inicio: e.target.value || null })}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="filtro-semanas" className="mb-1.5 block text-sm font-medium text-slate-800">
            Duração
          </label>
          <select
            id="filtro-semanas"
            value={weeks}
            onChange={(e) => change({ semanas: e.target.value })}
            aria-invalid={problem?.key === 'semanas' || undefined}
            aria-describedby={problem?.key === 'semanas' ? 'problema-busca' : undefined}
            className={selectClass}
          >
            {WEEK_CHOICES.includes(weeks) ? null : <option value={weeks}>{params.get('semanas')}</option>}
            {WEEK_CHOICES.map((w) => (
              <option key={w} value={w}>
                {w} {w === 1 ? 'semana' : 'semanas'}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filtro-tipo" className="mb-1.5 block text-sm font-medium text-slate-800">
            Tipo de mídia
          </label>
          <select
            id="filtro-tipo"
            value={params.get('tipo') ?? 'todos'}
            onChange={(e) => change({ tipo: e.target.value === 'todos' ? null : e.target.value })}
            className={selectClass}
          >
            <option value="todos">Todos os tipos</option>
            {productTypes.map((t) => (
              <option key={t} value={t}>
                {productTypeLabels[t]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filtro-ordem" className="mb-1.5 block text-sm font-medium text-slate-800">
            Ordenar por
          </label>
          <select
            id="filtro-ordem"
            value={params.get('ordem') ?? 'relevancia'}
            onChange={(e) => change({ ordem: e.target.value === 'relevancia' ? null : e.target.value })}
            className={selectClass}
          >
            {searchOrders.map((o) => (
              <option key={o} value={o}>
                {searchOrderLabels[o]}
              </option>
            ))}
          </select>
        </div>
        {priceInput('preco_min', 'Diária mínima (R$)')}
        {priceInput('preco_max', 'Diária máxima (R$)')}
        <label className="flex items-center gap-2 self-end pb-3 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={flexible}
            onChange={(e) => change({ flexivel: e.target.checked ? null : 'false' })}
            className="h-4 w-4 accent-brand-700"
          />
          Datas flexíveis
        </label>
        <label className="flex items-center gap-2 self-end pb-3 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={onlyAvailable}
            onChange={(e) => change({ disponivel: e.target.checked ? 'true' : null })}
            className="h-4 w-4 accent-brand-700"
          />
          Só disponíveis
        </label>
        <div className="flex items-end md:col-span-2 md:justify-end">
          <Button variant="ghost" onClick={clearFilters}>
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            Limpar filtros
          </Button>
        </div>
      </form>

      <div className="flex flex-col gap-5 lg:flex-row">
        <section
          className="min-w-0 flex-1"
          aria-labelledby="resultados-titulo"
          aria-busy={results.isFetching}
        >
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="resultados-titulo" className="text-lg font-semibold text-slate-900" aria-live="polite">
              {data
                ? `${formatInteger(data.total)} ${data.total === 1 ? 'local encontrado' : 'locais encontrados'}`
                : problem || results.isError
                  ? 'Busca não realizada'
                  : 'Buscando locais...'}
            </h2>
            {data ? (
              <p className="text-sm text-slate-600">
                {data.center.label ? `${data.center.label} · ` : 'Área do mapa · '}
                {formatBookingRange(data.start, data.end)}
                {params.has('norte') ? (
                  <>
                    {' · '}
                    <Link
                      to={plannerAreaHref(params)}
                      className="font-semibold text-brand-700 hover:underline"
                    >
                      Planejar nesta área
                    </Link>
                  </>
                ) : null}
              </p>
            ) : null}
          </div>

          {problem || refused ? (
            <Alert>
              <p id="problema-busca">{problem ? problem.message : results.error?.message}</p>
              <Button variant="link" className="mt-1 text-red-900" onClick={clearFilters}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" />
                Limpar filtros
              </Button>
            </Alert>
          ) : results.isError ? (
            <Alert>
              <p>{results.error.message}</p>
              <Button variant="link" className="mt-1 text-red-900" onClick={() => void results.refetch()}>
                Tentar de novo
              </Button>
            </Alert>
          ) : pastLastPage ? (
            <Alert tone="info">
              <p>
                A página {page} não existe: esta busca tem {totalPages}{' '}
                {totalPages === 1 ? 'página' : 'páginas'}.
              </p>
              <Button variant="link" className="mt-1" onClick={() => change({ pagina: null })}>
                Ir para a primeira página
              </Button>
            </Alert>
          ) : results.isPending ? (
            <div className="grid gap-4 sm:grid-cols-2">
              {Array.from({ length: 6 }, (_, i) => (
                <ProductCardSkeleton key={i} />
              ))}
            </div>
          ) : data && data.items.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
              <p className="mt-3 font-semibold text-slate-900">Nenhum local encontrado</p>
              <p className="mt-1 text-sm text-slate-600">
                Tente outra cidade, amplie a área do mapa ou remova alguns filtros.
              </p>
            </div>
          ) : (
            <div className={phoneView === 'mapa' ? 'hidden lg:block' : undefined}>
              <ul className="grid gap-4 sm:grid-cols-2" aria-label="Resultados">
                {data!.items.slice(0, shownResults).map((item, index) => (
                  <li key={item.id}>
                    <ProductCard
                      product={item}
                      priority={index < 2}
                      highlighted={highlighted === item.id}
                      onHover={setHighlighted}
                      distanceKm={item.distance_km}
                      search={periodSearch}
                      badge={
                        <span className="flex flex-col items-end gap-1">
                          <AvailabilityBadge status={item.availability.status} />
                          {item.availability.status === 'indisponivel' && item.availability.earliest_start ? (
                            <span className="text-xs text-slate-600">
                              Livre a partir de {formatDate(item.availability.earliest_start)}
                            </span>
                          ) : null}
                        </span>
                      }
                    />
                  </li>
                ))}
              </ul>
              {totalPages > 1 ? (
                <nav aria-label="Paginação" className="mt-6 flex items-center justify-between gap-3">
                  <Button
                    variant="secondary"
                    disabled={page <= 1}
                    onClick={() => change({ pagina: String(page - 1) }, true)}
                  >
                    <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                    Anterior
                  </Button>
                  <span className="text-sm text-slate-600">
                    Página {page} de {totalPages}
                  </span>
                  <Button
                    variant="secondary"
                    disabled={page >= totalPages}
                    onClick={() => change({ pagina: String(page + 1) }, true)}
                  >
                    Próxima
                    <ChevronRight className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </nav>
              ) : null}
            </div>
          )}
        </section>

        <div
          ref={mapBox}
          id="mapa-resultados"
          className={`relative isolate h-[calc(100dvh-13rem)] min-h-80 scroll-mt-20 lg:sticky lg:top-20 lg:block lg:h-[calc(100vh-7rem)] lg:w-[44%] lg:shrink-0 ${phoneView === 'mapa' ? '' : 'hidden'}`}
        >
          {config.data && data && mapShown && mapPoints ? (
            <Suspense
              fallback={<div className="h-full animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />}
            >
              <ResultsMap
                className="h-full"
                points={mapPoints}
                center={data.center}
                tileUrl={config.data.tile_url}
                attribution={config.data.tile_attribution}
                highlighted={highlighted}
                onHighlight={setHighlighted}
                onOpen={(slug) =>
                  navigate(buildPath(paths.local, { slug }) + (periodSearch ? `?${periodSearch}` : ''))
                }
                // A phone cannot hover: a tapped marker shows its card first.
                onPick={desktop ? undefined : setPreview}
                onSearchArea={onSearchArea}
                // A search of the map's own area keeps the view the person chose; pages share one view.
                fitKey={params.has('norte') ? 'area-do-mapa' : allPagesQuery}
              />
            </Suspense>
          ) : (
            // No pulse beside a search that will not come (a refused filter or a failure).
            <div
              className={`h-full rounded-xl bg-slate-200 ${problem || results.isError ? '' : 'animate-pulse'}`}
              aria-hidden="true"
            />
          )}
          {markers.data?.capped ? (
            <p className="absolute bottom-2 left-2 z-[500] rounded bg-white/90 px-2 py-1 text-xs text-slate-700 shadow">
              Mostrando {formatInteger(markers.data.items.length)} de {formatInteger(markers.data.total)}{' '}
              locais: aproxime o mapa ou use os filtros.
            </p>
          ) : null}
          {previewed && !desktop ? (
            <section
              aria-label="Local selecionado no mapa"
              className="absolute inset-x-2 bottom-2 z-[1000] flex gap-3 rounded-xl bg-white p-3 shadow-xl ring-1 ring-slate-200"
            >
              {previewed.photo ? (
                <img
                  src={previewed.photo}
                  alt=""
                  width={96}
                  height={72}
                  className="h-18 w-24 shrink-0 rounded-lg object-cover"
                />
              ) : null}
              <div className="min-w-0 flex-1">
                <p className="break-words font-semibold text-slate-900">{previewed.name}</p>
                <p className="text-sm text-slate-700">
                  <strong>{formatMoney(previewed.daily_price)}</strong>/dia
                </p>
                <Link
                  to={
                    buildPath(paths.local, { slug: previewed.slug }) +
                    (periodSearch ? `?${periodSearch}` : '')
                  }
                  className="mt-1 inline-block text-sm font-semibold text-brand-700 underline"
                >
                  Ver local
                </Link>
              </div>
              <button
                type="button"
                onClick={() => setPreview(null)}
                aria-label="Fechar"
                className="grid h-8 w-8 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-100"
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </section>
          ) : null}
        </div>
        {data && data.total > 0 ? (
          <Button
            data-bottom-bar
            className="fixed bottom-5 left-1/2 z-40 -translate-x-1/2 rounded-full shadow-lg lg:hidden"
            onClick={() => {
              const next = phoneView === 'lista' ? 'mapa' : 'lista';
              flushSync(() => {
                setPreview(null);
                setPhoneView(next);
              });
              // The whole map (its preview card included) on the screen, above this button; back to
              // the list, the list from its top.
              if (next === 'mapa') mapBox.current?.scrollIntoView({ block: 'start' });
              else window.scrollTo({ top: 0 });
            }}
          >
            {phoneView === 'lista' ? (
              <>
                <MapIcon className="h-4 w-4" aria-hidden="true" />
                Mapa
              </>
            ) : (
              <>
                <List className="h-4 w-4" aria-hidden="true" />
                Lista
              </>
            )}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The planner (/planejar) for the map area the search shows (issue #23 item 2: "a city or map area"). */
function plannerAreaHref(params: URLSearchParams): string {
  const area = new URLSearchParams();
  for (const key of ['norte', 'sul', 'leste', 'oeste']) area.set(key, params.get(key) ?? '');
  return `${paths.planejar}?${area.toString()}`;
}
