import { List, Map as MapIcon, X } from 'lucide-react';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { buildPath, formatMoney, paths, type SearchResponse } from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useAppConfig, useSearchMap, type MapBoundsChange, type MapView } from '../../catalog/index.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';

const ResultsMap = lazy(() => import('../../catalog/components/results-map.tsx'));

export type PhoneView = 'lista' | 'mapa';

/**
 * The map of every result of the search (not only this page's), beside the list on a desktop and
 * instead of it on a phone, with the phone's list/map switch and the card of a clicked marker.
 */
export function MapPanel({
  query,
  data,
  failed,
  areaSearch,
  desktop,
  phoneView,
  onPhoneView,
  highlighted,
  onHighlight,
  periodSearch,
  onSearchArea,
  filtersOpen = false,
}: {
  /** The search's API parameters. */
  query: string;
  data: SearchResponse | undefined;
  /** The search is not asked (a refused filter) or failed: no markers, and no pulse beside it. */
  failed: boolean;
  /** The search is of the map's own area (north/south/east/west in the URL). */
  areaSearch: boolean;
  desktop: boolean;
  phoneView: PhoneView;
  onPhoneView: (view: PhoneView) => void;
  highlighted: string | null;
  onHighlight: (id: string | null) => void;
  periodSearch: string | undefined;
  onSearchArea: (bounds: MapBoundsChange) => void;
  /** The phone's filter panel is open: the list/map switch steps aside so it covers no filter. */
  filtersOpen?: boolean;
}) {
  const navigate = useNavigate();
  const config = useAppConfig();
  const [preview, setPreview] = useState<string | null>(null);
  const mapBox = useRef<HTMLDivElement>(null);
  const mapNear = useNearViewport(mapBox);
  const mapShown = desktop ? mapNear : phoneView === 'mapa';
  const allPagesQuery = useMemo(() => withoutPages(query), [query]);
  // A search of the map's own area keeps the view the person chose; pages share one view. The map's
  // zoom and bounds are asked once it shows this search (a new search first asks its whole area).
  const fitKey = areaSearch ? 'area-do-mapa' : allPagesQuery;
  const [view, setView] = useState<{ key: string; params: string } | null>(null);
  const markers = useSearchMap(allPagesQuery, view?.key === fitKey ? view.params : '', !failed && mapShown);
  const mapPoints = markers.data?.items ?? (markers.isError ? data?.items : undefined);
  const previewed = preview ? markers.data?.items.find((m) => m.id === preview) : undefined;
  const productHref = (slug: string) =>
    buildPath(paths.local, { slug }) + (periodSearch ? `?${periodSearch}` : '');

  return (
    <>
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
              clusters={markers.data?.clusters}
              onView={(next: MapView) => setView({ key: fitKey, params: viewQuery(next) })}
              center={data.center}
              tileUrl={config.data.tile_url}
              attribution={config.data.tile_attribution}
              highlighted={highlighted}
              onHighlight={onHighlight}
              onOpen={(slug) => navigate(productHref(slug))}
              // A clicked marker shows its card first (a jump lost the search; issue #40 item 9).
              onPick={setPreview}
              onSearchArea={onSearchArea}
              fitKey={fitKey}
            />
          </Suspense>
        ) : (
          <div
            className={`h-full rounded-xl bg-slate-200 ${failed ? '' : 'animate-pulse'}`}
            aria-hidden="true"
          />
        )}
        {markers.data?.ignored_filters.includes('preco') ? (
          <p className="absolute bottom-2 left-2 z-[500] rounded bg-white/90 px-2 py-1 text-xs text-slate-700 shadow">
            Os números do mapa contam todos os preços: aproxime o mapa para contar só a faixa escolhida.
          </p>
        ) : null}
        {previewed ? (
          <PreviewCard item={previewed} href={productHref(previewed.slug)} onClose={() => setPreview(null)} />
        ) : null}
      </div>
      {data && data.total > 0 && !filtersOpen ? (
        <PhoneViewToggle
          view={phoneView}
          onToggle={() => {
            const next = phoneView === 'lista' ? 'mapa' : 'lista';
            flushSync(() => {
              setPreview(null);
              onPhoneView(next);
            });
            // The whole map (its preview card included) on the screen, above this button; back to
            // the list, the list from its top.
            if (next === 'mapa') mapBox.current?.scrollIntoView({ block: 'start' });
            else window.scrollTo({ top: 0 });
          }}
        />
      ) : null}
    </>
  );
}

type MarkerItem = NonNullable<ReturnType<typeof useSearchMap>['data']>['items'][number];

/** The card of the clicked or tapped marker: its photo, name, daily price and a link to the place. */
function PreviewCard({ item, href, onClose }: { item: MarkerItem; href: string; onClose: () => void }) {
  return (
    <section
      aria-label="Local selecionado no mapa"
      className="absolute inset-x-2 bottom-2 z-[1000] flex gap-3 rounded-xl bg-white p-3 shadow-xl ring-1 ring-slate-200"
    >
      {item.photo ? (
        <img
          src={item.photo}
          alt=""
          width={96}
          height={72}
          className="h-18 w-24 shrink-0 rounded-lg object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="break-words font-semibold text-slate-900">{item.name}</p>
        <p className="text-sm text-slate-700">
          <strong>{formatMoney(item.daily_price)}</strong>/dia
        </p>
        <Link to={href} className="mt-1 inline-block text-sm font-semibold text-brand-700 underline">
          Ver local
        </Link>
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label="Fechar"
        className="grid h-8 w-8 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-100"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </section>
  );
}

/** The phone's switch between the list and the map (from lg up both show). */
function PhoneViewToggle({ view, onToggle }: { view: PhoneView; onToggle: () => void }) {
  return (
    <Button
      data-bottom-bar
      className="fixed bottom-5 left-1/2 z-40 -translate-x-1/2 rounded-full shadow-lg lg:hidden"
      onClick={onToggle}
    >
      {view === 'lista' ? (
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
  );
}

/** The map shows every result of the search, not only this page's: one query for all pages. */
function withoutPages(query: string): string {
  const q = new URLSearchParams(query);
  q.delete('pagina');
  q.delete('por_pagina');
  return q.toString();
}

/** The map's zoom and bounds as the map's API query (bounds to ~10 m, so that small moves share a cache entry). */
function viewQuery({ zoom, bounds }: MapView): string {
  const at = (value: number) => value.toFixed(4);
  return new URLSearchParams({
    zoom: String(Math.min(20, Math.max(0, zoom))),
    vista_norte: at(bounds.norte),
    vista_sul: at(bounds.sul),
    vista_leste: at(bounds.leste),
    vista_oeste: at(bounds.oeste),
  }).toString();
}
