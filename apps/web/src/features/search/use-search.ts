import { useContext } from 'react';
import { SearchContext, type SearchContextValue } from './search-context.tsx';

/** Specification §8 (docs/spec/specification.md): using the search state outside its provider is an error. */
export function useSearch(): SearchContextValue {
  const value = useContext(SearchContext);
  if (!value) throw new Error('useSearch deve ser usado dentro de SearchProvider');
  return value;
}
