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

/** Seed §3: the place searched when none is given. */
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
