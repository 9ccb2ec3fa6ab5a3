export {
  SearchProvider,
  applySearchUpdate,
  searchStateFromParams,
  defaultSearchState,
  DEFAULT_LOCATION,
  DEFAULT_DURATION_WEEKS,
  type SearchState,
  type SearchUpdate,
  type SearchOrder,
} from './search-context.tsx';
export { useSearch } from './use-search.ts';
