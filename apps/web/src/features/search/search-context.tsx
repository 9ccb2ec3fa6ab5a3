import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_LOCATION } from '@urbana/shared';

export { DEFAULT_LOCATION };

export type SearchOrder = 'relevancia' | 'menor_preco' | 'maior_preco' | 'maior_audiencia' | 'distancia';

export interface SearchFilters {
  order: SearchOrder;
  type: string;
  [key: string]: unknown;
}

export interface SearchState {
  location: string;
  duration: number;
  selectedDates: string[];
  isFlexibleDates: boolean;
  filters: SearchFilters;
}

/** Specification §3 (docs/spec/specification.md) defaults. */
export const DEFAULT_DURATION_WEEKS = 4;
export const defaultSearchState: SearchState = {
  location: DEFAULT_LOCATION,
  duration: DEFAULT_DURATION_WEEKS,
  selectedDates: [],
  isFlexibleDates: true,
  filters: { order: 'relevancia', type: 'todos' },
};

export type SearchUpdate = Partial<Omit<SearchState, 'filters'>> & { filters?: Partial<SearchFilters> };

export interface SearchContextValue {
  state: SearchState;
  /** Partial update; filters are merged, not replaced. */
  update(change: SearchUpdate): void;
  reset(): void;
}

export const SearchContext = createContext<SearchContextValue | null>(null);

/** The state after a change; the same object when nothing changes, so that no one re-renders. */
export function applySearchUpdate(state: SearchState, change: SearchUpdate): SearchState {
  const { filters, ...rest } = change;
  const next = { ...state, ...rest, filters: { ...state.filters, ...(filters ?? {}) } as SearchFilters };
  return JSON.stringify(next) === JSON.stringify(state) ? state : next;
}

/** The search the URL of the search page describes (the URL is the source of truth there). */
export function searchStateFromParams(params: URLSearchParams): SearchState {
  return {
    location: params.get('local') ?? DEFAULT_LOCATION,
    duration: Number(params.get('semanas') ?? DEFAULT_DURATION_WEEKS),
    selectedDates: params.get('inicio') ? [params.get('inicio')!] : [],
    isFlexibleDates: params.get('flexivel') !== 'false',
    filters: {
      order: (params.get('ordem') ?? 'relevancia') as SearchOrder,
      type: params.get('tipo') ?? 'todos',
    },
  };
}

export function SearchProvider({ children, initial }: { children: ReactNode; initial?: SearchState }) {
  const [state, setState] = useState<SearchState>(initial ?? defaultSearchState);
  const update = useCallback((change: SearchUpdate) => setState((s) => applySearchUpdate(s, change)), []);
  const reset = useCallback(() => setState(defaultSearchState), []);
  const value = useMemo(() => ({ state, update, reset }), [state, update, reset]);
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}
