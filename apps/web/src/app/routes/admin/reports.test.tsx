import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { dateRangeMessages, type SalesReport } from '@urbana/shared';
import { adminKeys } from '../../../features/admin/api/admin-api.ts';
import { Component } from './reports.tsx';

// recharts measures its box, which jsdom has not: the charts are drawn by the e2e walk.
vi.mock('../../../features/admin/charts.ts', () => ({
  RevenueBarChart: ({ label }: { label: string }) => <figure aria-label={label} />,
  RevenueLineChart: ({ label }: { label: string }) => <figure aria-label={label} />,
}));

const tower = (n: number, rate: number): SalesReport['ocupacao'][number] => ({
  product_id: `p${n % 3}`,
  product: `Painel ${String(n).padStart(2, '0')}`,
  city: 'Brasília',
  tower_id: `t${n}`,
  tower: `Torre ${n}`,
  slots: 4,
  booked: Math.round(rate * 28),
  technical: n === 7 ? 2 : 0,
  blocked: n === 7 ? 7 : 0,
  capacity: 28,
  rate,
  unavailable_rate: n === 7 ? 23 / 28 : rate,
});

const report: SalesReport = {
  range: { from: '2026-12-01', to: '2026-12-31' },
  occupancy_range: { from: '2027-01-04', to: '2027-03-28' },
  grain: 'day',
  totals: {
    orders: 3,
    gross: 1_279_567,
    discounts: 5_000,
    refunds: 40_000,
    revenue: 1_234_567,
    average_ticket: 411_522,
  },
  periodo: [
    {
      period: '2026-12-02',
      orders: 2,
      gross: 1_045_000,
      discount: 5_000,
      agency_commission: 0,
      refunds: 40_000,
      revenue: 1_000_000,
    },
    {
      period: '2026-12-15',
      orders: 1,
      gross: 234_567,
      discount: 0,
      agency_commission: 0,
      refunds: 0,
      revenue: 234_567,
    },
  ],
  produtos: [
    {
      product_id: 'p1',
      name: 'Outdoor W3 Sul',
      type: 'outdoor',
      city: 'Brasília',
      state: 'DF',
      items: 2,
      gross: 1_045_000,
      revenue: 1_000_000,
    },
  ],
  cidades: [{ city: 'Brasília', state: 'DF', orders: 3, items: 4, gross: 1_279_567, revenue: 1_234_567 }],
  tipos: [{ type: 'painel_led', items: 1, gross: 234_567, revenue: 234_567 }],
  clientes: [
    { user_id: 'u1', name: 'Joana Souza', email: 'joana@exemplo.com.br', orders: 2, revenue: 1_000_000 },
    { user_id: 'u2', name: '', email: 'sem-nome@exemplo.com.br', orders: 1, revenue: 234_567 },
  ],
  // 21 towers: one more than the page shows before "Mostrar todas".
  ocupacao: Array.from({ length: 21 }, (_, n) => tower(n, n === 7 ? 0.5 : n / 100)),
};

/** The reports page at `url`, with `data` already in the cache for the default period. */
function renderReports(data: SalesReport | null, url = '/admin/relatorios') {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  if (data) client.setQueryData(adminKeys.list('relatorios', ''), data);
  const router = createMemoryRouter([{ path: '/admin/relatorios', Component }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** A table as text: its header row, then each row's cells. */
const cellsOf = (name: string) =>
  Array.from(screen.getByRole('table', { name }).querySelectorAll('tr')).map((tr) =>
    Array.from(tr.querySelectorAll('th, td')).map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim()),
  );

describe('relatórios do painel', () => {
  it('mostra cada tabela com os cabeçalhos, a ordem e a formatação de sempre', () => {
    renderReports(report);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Vendas por dia',
      'Por tipo de mídia',
      'Por cidade',
      'Por produto',
      'Melhores clientes',
      'Ocupação por produto e torre',
    ]);
    expect(cellsOf('Vendas por período')).toEqual([
      ['Período', 'Pedidos', 'Bruto', 'Descontos', 'Reembolsos', 'Receita líquida'],
      ['02/12/2026', '2', 'R$ 10.450,00', 'R$ 50,00', 'R$ 400,00', 'R$ 10.000,00'],
      ['15/12/2026', '1', 'R$ 2.345,67', 'R$ 0,00', 'R$ 0,00', 'R$ 2.345,67'],
    ]);
    expect(cellsOf('Vendas por tipo')).toEqual([
      ['Tipo', 'Itens', 'Bruto', 'Receita líquida'],
      ['Painel de LED', '1', 'R$ 2.345,67', 'R$ 2.345,67'],
    ]);
    expect(cellsOf('Vendas por cidade')).toEqual([
      ['Cidade', 'Pedidos', 'Itens', 'Bruto', 'Receita líquida'],
      ['Brasília/DF', '3', '4', 'R$ 12.795,67', 'R$ 12.345,67'],
    ]);
    expect(cellsOf('Vendas por produto')).toEqual([
      ['Produto', 'Tipo', 'Cidade', 'Itens', 'Bruto', 'Receita líquida'],
      ['Outdoor W3 Sul', 'Outdoor', 'Brasília/DF', '2', 'R$ 10.450,00', 'R$ 10.000,00'],
    ]);
    expect(cellsOf('Melhores clientes')).toEqual([
      ['Cliente', 'Email', 'Pedidos', 'Receita líquida'],
      ['Joana Souza', 'joana@exemplo.com.br', '2', 'R$ 10.000,00'],
      ['—', 'sem-nome@exemplo.com.br', '1', 'R$ 2.345,67'],
    ]);
    const occupancy = cellsOf('Ocupação');
    expect(occupancy[0]).toEqual([
      'Produto',
      'Torre',
      'Slots',
      'Slot-dias vendidos',
      'Reserva técnica',
      'Bloqueados',
      'Ocupação (vendas)',
      'Indisponível',
    ]);
    expect(occupancy[1]).toEqual([
      'Painel 07 (Brasília)',
      'Torre 7',
      '4',
      '14 de 28',
      '2',
      '7',
      '50%',
      '82,1%',
    ]);
    // The headline says which figure it is and how it is made (decision 092).
    expect(screen.getByTestId('receita-composicao').textContent?.replace(/\u00a0/g, ' ')).toBe(
      'Bruto R$ 12.795,67 − descontos R$ 50,00 − reembolsos R$ 400,00 = receita líquida R$ 12.345,67. Pedidos cancelados depois de pagos contam pelo valor que ficou com a Urbana.',
    );
    expect(occupancy).toHaveLength(21);
    expect(screen.getByText('As 20 torres mais ocupadas de 21; o CSV traz todas.')).toBeTruthy();
  });

  it('cada seção baixa o seu CSV; a ocupação mostra todas as torres a pedido', () => {
    renderReports(report);
    const csv = screen.getAllByRole('link', { name: /^CSV de / });
    expect(csv.map((a) => [a.textContent?.trim(), a.getAttribute('href')])).toEqual([
      ['CSV de Vendas por dia', '/api/admin/relatorios/csv?tabela=periodo'],
      ['CSV de Por tipo de mídia', '/api/admin/relatorios/csv?tabela=tipos'],
      ['CSV de Por cidade', '/api/admin/relatorios/csv?tabela=cidades'],
      ['CSV de Por produto', '/api/admin/relatorios/csv?tabela=produtos'],
      ['CSV de Melhores clientes', '/api/admin/relatorios/csv?tabela=clientes'],
      ['CSV de Ocupação por produto e torre', '/api/admin/relatorios/csv?tabela=ocupacao'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar todas' }));
    expect(cellsOf('Ocupação')).toHaveLength(22);
    expect(screen.getByText('Todas as 21 torres.')).toBeTruthy();
  });

  it('uma tabela sem linhas diz que não há o que mostrar', () => {
    renderReports({ ...report, grain: 'month', periodo: [], tipos: [], clientes: [], ocupacao: [] });
    expect(screen.getByRole('heading', { name: 'Vendas por mês' })).toBeTruthy();
    expect(screen.getByText('Nenhuma venda paga neste período.')).toBeTruthy();
    expect(screen.getByText('Nenhuma torre ativa.')).toBeTruthy();
    const sections = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.closest('div')!.parentElement!);
    expect(within(sections[1]!).getByText('Sem vendas.')).toBeTruthy();
    expect(within(sections[4]!).getByText('Sem vendas.')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });
});

describe('relatórios com um período ao contrário no endereço', () => {
  it('diz o problema uma vez, junto às datas, sem perguntar ao servidor', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderReports(null, '/admin/relatorios?from=2026-12-31&to=2026-12-01');
    expect(await screen.findAllByText(dateRangeMessages.order)).toHaveLength(1);
    expect(screen.queryByText('Calculando relatórios...')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
