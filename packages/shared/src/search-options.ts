import { formatInteger } from './lib/money.ts';

/** The orders of search results, without zod, for the web app's first load. */
export const searchOrders = [
  'relevancia',
  'menor_preco',
  'maior_preco',
  'maior_audiencia',
  'distancia',
] as const;
export type SearchOrderValue = (typeof searchOrders)[number];
export const searchOrderLabels: Record<SearchOrderValue, string> = {
  relevancia: 'Relevância',
  menor_preco: 'Menor preço',
  maior_preco: 'Maior preço',
  maior_audiencia: 'Maior audiência',
  distancia: 'Distância',
};

/** Specification §3 (docs/spec/specification.md): the place searched when none is given. */
/** The booking lengths, in weeks, offered wherever a period is chosen (search, product, cart, planner). */
export const bookingWeekChoices: readonly number[] = [1, 2, 3, 4, 6, 8, 12, 16, 24, 52];

export const DEFAULT_LOCATION = 'Brasília, Distrito Federal, Brasil';

/** Results per page of /buscar-locais. */
export const SEARCH_PAGE_SIZE = 12;

/** The query keys GET /api/search understands; the URL of /buscar-locais holds exactly these. */
export const searchUrlKeys = [
  'local',
  'lat',
  'lng',
  'raio',
  'norte',
  'sul',
  'leste',
  'oeste',
  'tipo',
  'preco_min',
  'preco_max',
  'ordem',
  'inicio',
  'semanas',
  'flexivel',
  'disponivel',
  'pagina',
] as const;

/**
 * The API query of a /buscar-locais URL: its known keys, the default place when none is given,
 * and the page size. The web app asks exactly this, and the server preloads exactly this.
 */
export function searchApiParams(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of searchUrlKeys) {
    const value = params.get(key);
    if (value !== null && value !== '') out.set(key, value);
  }
  if (!out.has('local') && !out.has('lat') && !out.has('norte')) out.set('local', DEFAULT_LOCATION);
  out.set('por_pagina', String(SEARCH_PAGE_SIZE));
  return out.toString();
}

/**
 * Markers the search map receives at most (GET /api/search/mapa): past it the server sends groups
 * with their counts instead (docs/decisions/045-map-clusters-from-the-server.md).
 */
export const SEARCH_MAP_LIMIT = 500;
/** The map's deepest zoom the server groups for (Leaflet's tiles stop at 19). */
export const SEARCH_MAP_ZOOM_MAX = 20;

/**
 * A search counts its results up to this many (issue #21): past it, the total is a lower bound and
 * the page says "mais de 1.000 locais" instead of counting a million rows on every visit.
 */
export const SEARCH_COUNT_CAP = 1000;

/** The search page's count line: "1 local encontrado", "37 locais encontrados", "mais de 1.000 locais". */
export function searchCountText(total: number, capped = false): string {
  if (capped) return `mais de ${formatInteger(SEARCH_COUNT_CAP)} locais`;
  return `${formatInteger(total)} ${total === 1 ? 'local encontrado' : 'locais encontrados'}`;
}

/** Booking lengths a search accepts, in weeks. */
export const SEARCH_WEEKS_MIN = 1;
export const SEARCH_WEEKS_MAX = 52;
/** The booking length a search, a product page and the planner assume when none is given. */
export const DEFAULT_BOOKING_WEEKS = 4;

/** `?semanas=` of an address: its number, or the default when absent or not a number. */
export function weeksParam(value: string | null | undefined): number {
  return Number(value ?? DEFAULT_BOOKING_WEEKS) || DEFAULT_BOOKING_WEEKS;
}
/** Pages a search goes up to (the server refuses a page beyond). */
export const SEARCH_MAX_PAGE = 1000;
/** Prices are integer centavos in a PostgreSQL integer: a bound beyond it is refused. */
export const SEARCH_MAX_PRICE = 2_147_483_647;

export const searchMessages = {
  minPrice: 'Preço mínimo inválido.',
  maxPrice: 'Preço máximo inválido.',
  priceOrder: 'O preço mínimo é maior que o máximo.',
  weeks: 'Número de semanas inválido.',
  weeksRange: `Escolha de ${SEARCH_WEEKS_MIN} a ${SEARCH_WEEKS_MAX} semanas.`,
  page: 'Página inválida.',
  mapZoom: `O zoom do mapa deve ser um número inteiro de 0 a ${SEARCH_MAP_ZOOM_MAX}.`,
  mapView:
    'Informe os quatro limites da área visível do mapa, com o norte acima do sul e o leste à direita do oeste.',
} as const;

const wholeNumber = (value: string) => /^\d+$/.test(value.trim());

/**
 * The filter of a /buscar-locais URL that the server would refuse, with its message — the same
 * rules as `searchQuerySchema`, without zod (the search page is a first-load page, decision 013).
 * Null when the price, weeks and page filters are fine.
 */
export function searchFilterProblem(params: URLSearchParams): { key: string; message: string } | null {
  const prices: Array<['preco_min' | 'preco_max', string]> = [
    ['preco_min', searchMessages.minPrice],
    ['preco_max', searchMessages.maxPrice],
  ];
  for (const [key, message] of prices) {
    const value = params.get(key);
    if (value && (!wholeNumber(value) || Number(value) > SEARCH_MAX_PRICE)) return { key, message };
  }
  const min = params.get('preco_min');
  const max = params.get('preco_max');
  if (min && max && Number(min) > Number(max))
    return { key: 'preco_min', message: searchMessages.priceOrder };
  const weeks = params.get('semanas');
  if (weeks) {
    if (!wholeNumber(weeks)) return { key: 'semanas', message: searchMessages.weeks };
    if (Number(weeks) < SEARCH_WEEKS_MIN || Number(weeks) > SEARCH_WEEKS_MAX)
      return { key: 'semanas', message: searchMessages.weeksRange };
  }
  const page = params.get('pagina');
  if (page && (!wholeNumber(page) || Number(page) < 1 || Number(page) > SEARCH_MAX_PAGE))
    return { key: 'pagina', message: searchMessages.page };
  return null;
}
