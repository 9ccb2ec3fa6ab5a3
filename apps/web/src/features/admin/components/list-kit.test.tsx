import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { Pagination, QueryState, SearchBox, SortHeader, Table, Th, useListParams } from './list-kit.tsx';

function Harness() {
  const list = useListParams({ sort: 'created_at', dir: 'desc', page: '1' });
  const location = useLocation();
  return (
    <div>
      <SearchBox list={list} label="Buscar" />
      <table>
        <thead>
          <tr>
            <SortHeader list={list} column="name">
              Nome
            </SortHeader>
          </tr>
        </thead>
      </table>
      <Pagination list={list} total={45} pageSize={20} />
      <output data-testid="url">{location.search}</output>
      <output data-testid="api">{list.search}</output>
    </div>
  );
}

const renderAt = (url: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/', element: <Harness /> }], { initialEntries: [url] })}
    />,
  );

describe('listas do painel: estado na URL, pedido ao servidor', () => {
  it('busca, ordena e pagina pela URL; mudar a busca volta à página 1', () => {
    renderAt('/?page=2');
    expect(screen.getByText('45 registros · página 2 de 3')).toBeTruthy();
    expect(screen.getByTestId('api').textContent).toBe('dir=desc&page=2&sort=created_at');

    // A new column sorts A→Z first (issue #17 item 8); a second click turns it around.
    fireEvent.click(screen.getByRole('button', { name: /Nome/ }));
    expect(screen.getByTestId('url').textContent).toBe('?sort=name&dir=asc');
    expect(screen.getByRole('columnheader').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Nome/ }));
    expect(screen.getByRole('columnheader').getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: /Próxima/ }));
    expect(screen.getByTestId('url').textContent).toBe('?sort=name&page=2');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: ' ana ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByTestId('url').textContent).toBe('?sort=name&q=ana');
  });
});

describe('QueryState', () => {
  const base = { error: null, data: undefined, refetch: vi.fn() };
  const show = (query: Parameters<typeof QueryState<string[]>>[0]['query'], url = '/admin/pedidos') => {
    const Page = () => (
      <QueryState
        query={query}
        loading="Carregando itens..."
        empty="Nada por aqui."
        isEmpty={(d) => d.length === 0}
      >
        {(d) => <p>{d.join(', ')}</p>}
      </QueryState>
    );
    return render(
      <RouterProvider
        router={createMemoryRouter([{ path: '/admin/pedidos', Component: Page }], { initialEntries: [url] })}
      />,
    );
  };

  it('carregando, erro com nova tentativa, vazio e conteúdo', () => {
    const { unmount } = show({ ...base, isPending: true, isError: false });
    expect(screen.getByRole('status').textContent).toContain('Carregando itens...');
    unmount();

    const refetch = vi.fn();
    const failed = show({ ...base, isPending: false, isError: true, error: new Error('Falhou.'), refetch });
    expect(screen.getByRole('alert').textContent).toBe('Falhou.');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(refetch).toHaveBeenCalled();
    failed.unmount();

    // A refusal comes back the same when asked again: no button that cannot help.
    const refusal = new ApiError(400, 'Escolha um período de até 3 anos.');
    const refused = show({ ...base, isPending: false, isError: true, error: refusal });
    expect(screen.getByRole('alert').textContent).toBe('Escolha um período de até 3 anos.');
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).toBeNull();
    // Without filters in the address there is nothing to clear.
    expect(screen.queryByRole('link', { name: 'Limpar filtros' })).toBeNull();
    refused.unmount();

    // A filter the server refuses (an address edited by hand): the list offers the way back to it.
    const bad = new ApiError(400, 'Situação inválida.');
    const filtered = show(
      { ...base, isPending: false, isError: true, error: bad },
      '/admin/pedidos?status=xyz&page=999',
    );
    expect(screen.getByRole('alert').textContent).toBe('Situação inválida.');
    expect(screen.getByRole('link', { name: 'Limpar filtros' }).getAttribute('href')).toBe('/admin/pedidos');
    filtered.unmount();

    const empty = show({ ...base, isPending: false, isError: false, data: [] });
    expect(screen.getByText('Nada por aqui.')).toBeTruthy();
    empty.unmount();

    show({ ...base, isPending: false, isError: false, data: ['a', 'b'] });
    expect(screen.getByText('a, b')).toBeTruthy();
  });
});

describe('Table do painel', () => {
  it('cada célula leva o nome da sua coluna, que o celular mostra antes do valor', () => {
    render(
      <Table
        label="Usuários"
        head={
          <>
            <Th>Nome</Th>
            <Th>Papel</Th>
            <Th>
              <span className="sr-only">Ações</span>
            </Th>
          </>
        }
      >
        <tr>
          <td>Ana</td>
          <td>Cliente</td>
          <td>
            <button type="button">Ver</button>
          </td>
        </tr>
        <tr>
          <td colSpan={3}>Nada mais.</td>
        </tr>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Usuários' });
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Nome', 'Papel', 'Ações', '']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nome', 'Papel', 'Ações']);
  });
});
