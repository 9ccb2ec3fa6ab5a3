import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { defaultSearchState, SearchProvider, searchStateFromParams } from './search-context.tsx';
import { useSearch } from './use-search.ts';

const wrapper = ({ children }: { children: ReactNode }) => <SearchProvider>{children}</SearchProvider>;

describe('estado da busca (docs/spec/specification.md §3/§4)', () => {
  it('começa com os padrões do seed', () => {
    const { result } = renderHook(() => useSearch(), { wrapper });
    expect(result.current.state).toEqual({
      location: 'Brasília, Distrito Federal, Brasil',
      duration: 4,
      selectedDates: [],
      isFlexibleDates: true,
      filters: { order: 'relevancia', type: 'todos' },
    });
  });

  it('atualiza em parte, mescla os filtros e volta aos padrões', () => {
    const { result } = renderHook(() => useSearch(), { wrapper });
    act(() => result.current.update({ duration: 8, filters: { type: 'outdoor' } }));
    expect(result.current.state.duration).toBe(8);
    expect(result.current.state.filters).toEqual({ order: 'relevancia', type: 'outdoor' });
    act(() => result.current.update({ filters: { order: 'menor_preco' } }));
    expect(result.current.state.filters).toEqual({ order: 'menor_preco', type: 'outdoor' });
    act(() => result.current.reset());
    expect(result.current.state).toEqual(defaultSearchState);
  });

  it('uma atualização que nada muda mantém o mesmo estado (ninguém volta a renderizar)', () => {
    const { result } = renderHook(() => useSearch(), { wrapper });
    const before = result.current.state;
    act(() => result.current.update({ duration: 4, filters: { type: 'todos' } }));
    expect(result.current.state).toBe(before);
    act(() => result.current.update({ duration: 2 }));
    expect(result.current.state).not.toBe(before);
  });

  it('lê a busca do endereço da página de busca', () => {
    expect(
      searchStateFromParams(
        new URLSearchParams(
          'local=Bras%C3%ADlia&semanas=2&inicio=2026-12-07&flexivel=false&ordem=menor_preco&tipo=outdoor',
        ),
      ),
    ).toEqual({
      location: 'Brasília',
      duration: 2,
      selectedDates: ['2026-12-07'],
      isFlexibleDates: false,
      filters: { order: 'menor_preco', type: 'outdoor' },
    });
    expect(searchStateFromParams(new URLSearchParams())).toEqual(defaultSearchState);
  });

  it('fora do provedor é um erro', () => {
    function Bad() {
      useSearch();
      return null;
    }
    const original = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Bad />)).toThrow('useSearch deve ser usado dentro de SearchProvider');
    } finally {
      console.error = original;
    }
  });
});
