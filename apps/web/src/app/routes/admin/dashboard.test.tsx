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
});
