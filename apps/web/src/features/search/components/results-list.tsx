import { ChevronLeft, ChevronRight, RotateCcw, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { formatBookingRange, formatDate, paths, searchCountText, type SearchResponse } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { AvailabilityBadge, ProductCard, ProductCardSkeleton } from '../../catalog/index.ts';
import { useProgressiveCount } from '../../../lib/use-progressive-count.ts';
import { PROBLEM_ID, type ChangeSearch } from './filter-bar.tsx';

/** Results a phone's first screen has room for. */
const FIRST_RESULTS = 4;

/**
 * The results of the search: how many and where, or why there are none (a refused filter, a
 * failure, a page past the last), the cards of this page and the pages.
 */
export function ResultsList({
  params,
  data,
  status,
  problem,
  onRetry,
  onClear,
  change,
  hidden,
  highlighted,
  onHighlight,
  periodSearch,
}: {
  params: URLSearchParams;
  data: SearchResponse | undefined;
  status: { pending: boolean; fetching: boolean };
  /** A refused filter (before asking, or the server's 4xx), or a failure to reach the server. */
  problem: { message: string; refused: boolean } | null;
  onRetry: () => void;
  onClear: () => void;
  change: ChangeSearch;
  /** A phone showing the map hides the list (from lg up both show). */
  hidden: boolean;
  highlighted: string | null;
  onHighlight: (id: string | null) => void;
  /** `inicio=...&semanas=...` for the product pages, so they open on the searched period. */
  periodSearch: string | undefined;
}) {
  // Opened cold, the first results render at once and the others in the next task (decision 013).
  const shownResults = useProgressiveCount(FIRST_RESULTS);
  const pastLastPage = data !== undefined && data.items.length === 0 && data.total > 0;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const page = data?.page ?? 1;

  return (
    <section className="min-w-0 flex-1" aria-labelledby="resultados-titulo" aria-busy={status.fetching}>
      <ResultsHeading params={params} data={data} problem={problem} />

      {problem ? (
        <ProblemAlert problem={problem} onRetry={onRetry} onClear={onClear} />
      ) : pastLastPage ? (
        <Alert tone="info">
          <p>
            A página {page} não existe: esta busca tem {totalPages} {totalPages === 1 ? 'página' : 'páginas'}.
          </p>
          <Button variant="link" className="mt-1" onClick={() => change({ pagina: null })}>
            Ir para a primeira página
          </Button>
        </Alert>
      ) : status.pending || !data ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {Array.from({ length: 6 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900">Nenhum local encontrado</p>
          <p className="mt-1 text-sm text-slate-600">
            Tente outra cidade, amplie a área do mapa ou remova alguns filtros.
          </p>
        </div>
      ) : (
        <div className={hidden ? 'hidden lg:block' : undefined}>
          <ul className="grid gap-4 sm:grid-cols-2" aria-label="Resultados">
            {data.items.slice(0, shownResults).map((item, index) => (
              <li key={item.id}>
                <ProductCard
                  product={item}
                  priority={index < 2}
                  highlighted={highlighted === item.id}
                  onHover={onHighlight}
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
          <Pagination page={page} totalPages={totalPages} change={change} />
        </div>
      )}
    </section>
  );
}

/** The planner (/planejar) for the map area the search shows (issue #23 item 2: "a city or map area"). */
function plannerAreaHref(params: URLSearchParams): string {
  const area = new URLSearchParams();
  for (const key of ['norte', 'sul', 'leste', 'oeste']) area.set(key, params.get(key) ?? '');
  return `${paths.planejar}?${area.toString()}`;
}

function ResultsHeading({
  params,
  data,
  problem,
}: {
  params: URLSearchParams;
  data: SearchResponse | undefined;
  problem: { message: string } | null;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
      <h2 id="resultados-titulo" className="text-lg font-semibold text-slate-900" aria-live="polite">
        {data
          ? searchCountText(data.total, data.total_capped)
          : problem
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
              <Link to={plannerAreaHref(params)} className="font-semibold text-brand-700 hover:underline">
                Planejar nesta área
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** A refused filter (with the way out: clear the filters) or a failure (try again). */
function ProblemAlert({
  problem,
  onRetry,
  onClear,
}: {
  problem: { message: string; refused: boolean };
  onRetry: () => void;
  onClear: () => void;
}) {
  return problem.refused ? (
    <Alert>
      <p id={PROBLEM_ID}>{problem.message}</p>
      <Button variant="link" className="mt-1 text-red-900" onClick={onClear}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        Limpar filtros
      </Button>
    </Alert>
  ) : (
    <Alert>
      <p>{problem.message}</p>
      <Button variant="link" className="mt-1 text-red-900" onClick={onRetry}>
        Tentar de novo
      </Button>
    </Alert>
  );
}

function Pagination({
  page,
  totalPages,
  change,
}: {
  page: number;
  totalPages: number;
  change: ChangeSearch;
}) {
  if (totalPages <= 1) return null;
  return (
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
  );
}
