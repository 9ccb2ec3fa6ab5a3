import { SlidersHorizontal } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_LOCATION, searchApiParams, searchFilterProblem } from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useAppConfig, useProductSearch, type MapBoundsChange } from '../../../features/catalog/index.ts';
import { DEFAULT_DURATION_WEEKS, searchStateFromParams, useSearch } from '../../../features/search/index.ts';
import { FilterBar, type ChangeSearch } from '../../../features/search/components/filter-bar.tsx';
import { MapPanel, type PhoneView } from '../../../features/search/components/map-panel.tsx';
import { ResultsList } from '../../../features/search/components/results-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';

/** The search page: its URL is the search; filter bar, results and map read and change it. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const search = useSearch();
  const config = useAppConfig();
  const query = searchApiParams(params);
  // A filter the server would refuse is shown with a way out, and not asked (issue #16 item 8).
  const filterProblem = searchFilterProblem(params);
  const results = useProductSearch(query, filterProblem === null);
  const data = filterProblem ? undefined : results.data;
  const [highlighted, setHighlighted] = useState<string | null>(null);
  // Desktop shows list and map side by side; a phone switches between them (issue #16, Phone).
  const desktop = useMediaQuery('(min-width: 1024px)');
  const [phoneView, setPhoneView] = useState<PhoneView>('lista');
  const [placeText, setPlaceText] = useState(params.get('local') ?? DEFAULT_LOCATION);
  const [showFilters, setShowFilters] = useState(false);
  const weeks = Number(params.get('semanas') ?? DEFAULT_DURATION_WEEKS);

  /** Changes the URL (a new history entry, so Back returns to the previous search). */
  const change = useCallback<ChangeSearch>(
    (changes, keepPage = false) => {
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

  const clearFilters = () => {
    search.reset();
    setPlaceText(DEFAULT_LOCATION);
    setParams(new URLSearchParams());
  };
  const refused =
    results.error instanceof ApiError && results.error.status >= 400 && results.error.status < 500;
  const problem = filterProblem
    ? { message: filterProblem.message, refused: true }
    : results.isError
      ? { message: results.error.message, refused }
      : null;
  const periodSearch = data ? `inicio=${data.start}&semanas=${weeks}` : undefined;

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

      <FilterBar
        params={params}
        weeks={weeks}
        change={change}
        problemKey={filterProblem?.key}
        start={data?.start}
        earliestStart={config.data?.earliest_start}
        placeText={placeText}
        onPlaceText={setPlaceText}
        open={showFilters}
        onClear={clearFilters}
      />

      <div className="flex flex-col gap-5 lg:flex-row">
        <ResultsList
          params={params}
          data={data}
          status={{ pending: results.isPending, fetching: results.isFetching }}
          problem={problem}
          onRetry={() => void results.refetch()}
          onClear={clearFilters}
          change={change}
          hidden={phoneView === 'mapa'}
          highlighted={highlighted}
          onHighlight={setHighlighted}
          periodSearch={periodSearch}
        />
        <MapPanel
          query={query}
          data={data}
          failed={problem !== null}
          areaSearch={params.has('norte')}
          desktop={desktop}
          phoneView={phoneView}
          onPhoneView={setPhoneView}
          highlighted={highlighted}
          onHighlight={setHighlighted}
          periodSearch={periodSearch}
          onSearchArea={onSearchArea}
          filtersOpen={showFilters && !desktop}
        />
      </div>
    </div>
  );
}
