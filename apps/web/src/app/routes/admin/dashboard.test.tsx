import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Overview } from '@urbana/shared';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { Component } from './dashboard.tsx';

// recharts measures its box, which jsdom has not: the chart is drawn by the e2e walk.
vi.mock('../../../features/admin/charts.ts', () => ({
  RevenueLineChart: ({ label }: { label: string }) => <figure aria-label={label} />,
}));

const overview = (clientes: number): Overview => ({
  users: { cliente: clientes, admin: 1, operador: 2 },
  active_products: 1,
  revenue_this_month: 123_456,
  revenue_last_month: 0,
  orders_this_month: 1,
  orders_last_month: 0,
  average_ticket: 123_456,
  new_users_this_month: 1,
  occupancy: { taken: 1, technical: 0, blocked: 0, total: 4 },
  revenue_30_days: [],
  campaign_queue: [],
  awaiting_review: [],
  recent_orders: [],
});

function renderDashboard(data: Overview) {
  renderRoute('/admin', Component, { data: [[['admin', 'resumo'], data]] });
}

describe('painel da equipe', () => {
  it('concorda o número com a palavra: "1 cliente", "1.250 clientes"', () => {
    renderDashboard(overview(1));
    expect(screen.getByText('1 cliente no total')).toBeTruthy();
  });

  it('escreve milhares com ponto', () => {
    renderDashboard(overview(1250));
    expect(screen.getByText('1.250 clientes no total')).toBeTruthy();
    expect(screen.getByText('1 de 4 slots vendidos; 0 em reserva técnica, 0 bloqueados')).toBeTruthy();
  });

  it('mostra a fila de campanhas por grupo, com o período e a arte (issue #40 item 6)', () => {
    const entry = {
      order_id: 'o1',
      order_code: 'URB-FILA0001',
      product: 'Outdoor W3 Sul',
      customer: 'Ana Souza',
      start: '2026-12-07',
      last_day: '2026-12-13',
    };
    renderDashboard({
      ...overview(1),
      campaign_queue: [
        { ...entry, kind: 'inicio_atrasado', item_id: 'i1', ad_status: 'aprovado' },
        { ...entry, kind: 'sem_arte', item_id: 'i2', ad_status: 'reprovado' },
      ],
    });
    const late = screen.getByRole('region', { name: 'Início atrasado' });
    expect(late.textContent).toContain('De 07/12/2026 até 13/12/2026 · Arte: Aprovado');
    expect(screen.getByRole('region', { name: 'Sem arte aprovada perto do início' }).textContent).toContain(
      'Arte: Reprovado',
    );
    expect(screen.queryByRole('region', { name: 'Começam hoje' })).toBeNull();
  });

  it('sem nada na fila, diz que não há o que fazer', () => {
    renderDashboard(overview(1));
    expect(screen.getByText('Nada a iniciar, finalizar ou cobrar de arte nos próximos 7 dias.')).toBeTruthy();
  });
});
