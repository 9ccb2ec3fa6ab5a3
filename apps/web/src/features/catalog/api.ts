import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-call.ts';
import { catalogEndpoints as catalog } from '../../lib/endpoints/catalog.ts';

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => call(catalog.config),
  staleTime: 60 * 60_000,
});
export const useAppConfig = () => useQuery(configQuery);

/** City suggestions, asked only while the list is open (not for the text a page starts with). */
export const usePlaces = (q: string, open: boolean) =>
  useQuery({
    queryKey: ['places', q],
    queryFn: () => call(catalog.places, { query: { q } }).then((r) => r.items),
    enabled: open && q.trim().length >= 2,
    staleTime: Infinity,
  });

export const searchQuery = (params: string) =>
  queryOptions({
    queryKey: ['search', params],
    queryFn: () => call(catalog.search, { query: new URLSearchParams(params) }),
    staleTime: 30_000,
  });
/** `enabled` is false while the URL holds a filter the server would refuse (it is shown instead). */
export const useProductSearch = (params: string, enabled = true) =>
  useQuery({ ...searchQuery(params), enabled, placeholderData: (previous) => previous });

/**
 * The search's places in the map's view, whatever the page (`params` without `pagina`; `view` the
 * map's zoom and bounds): markers, or the server's groups past its cap. Moving the map keeps the
 * last answer on screen until the next one comes (a new search does not).
 */
export const useSearchMap = (params: string, view: string, enabled: boolean) =>
  useQuery({
    queryKey: ['search-map', params, view],
    queryFn: () =>
      call(catalog.searchMap, { query: new URLSearchParams(`${params}${view ? `&${view}` : ''}`) }),
    staleTime: 30_000,
    enabled,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === params ? previous : undefined,
  });

export const productQuery = (slug: string, start: string | undefined, weeks: number) =>
  queryOptions({
    queryKey: ['product', slug, start ?? '', weeks],
    queryFn: () => call(catalog.product, { params: { slug }, query: { semanas: weeks, inicio: start } }),
    staleTime: 30_000,
  });
export const useProduct = (slug: string, start: string | undefined, weeks: number) =>
  useQuery({
    ...productQuery(slug, start, weeks),
    placeholderData: (previous) => (previous?.slug === slug ? previous : undefined),
  });

export const featuredQuery = queryOptions({
  queryKey: ['featured'],
  queryFn: () => call(catalog.featured).then((r) => r.items),
});
export const useFeatured = () => useQuery(featuredQuery);
export const networkQuery = queryOptions({
  queryKey: ['network'],
  queryFn: () => call(catalog.network),
});
export const useNetwork = () => useQuery(networkQuery);
export const useProductsByIds = (ids: string[]) =>
  useQuery({
    queryKey: ['products', ids],
    queryFn: () => call(catalog.byIds, { query: { ids: ids.join(',') } }).then((r) => r.items),
    enabled: ids.length > 0,
  });
