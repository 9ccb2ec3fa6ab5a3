import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InsertionOrder } from '@urbana/shared';
import { InsertionOrderCard } from './insertion-order.tsx';

// Issue #44 item 3: the agency's order page shows its PI, the PDF, and approves it after a confirmation.
afterEach(() => {
  vi.unstubAllGlobals();
});

const pending: InsertionOrder = {
  id: 'pi-1',
  number: 'PI-2026-000007',
  status: 'pendente',
  order_id: 'o-1',
  order_code: 'URB-0001',
  order_status: 'pago',
  agency: { id: 'ag-1', name: 'Agência Alfa Ltda.', document: '11222333000181' },
  advertiser: { id: 'an-1', name: 'Padaria Pão Dourado S.A.', document: '12ABC34501DE35' },
  items: [],
  coupon_discount: 0,
  figures: { gross: 70_021, commission: 14_004, net: 56_017, percent: 20 },
  created_at: '2026-11-28T12:00:00.000Z',
  approved_at: null,
  approved_by_name: null,
  approved_ip: null,
};
const approved: InsertionOrder = {
  ...pending,
  status: 'aprovado',
  approved_at: '2026-11-28T15:30:00.000Z',
  approved_by_name: 'Ana Alfa',
  approved_ip: '203.0.113.7',
};

function renderCard(first: InsertionOrder) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
    Response.json(init?.method === 'POST' ? approved : first),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <InsertionOrderCard orderId="o-1" />
    </QueryClientProvider>,
  );
  return fetch;
}

describe('o PI no pedido da agência', () => {
  it('mostra o número, a situação e o PDF; aprovar pede confirmação com os valores e registra', async () => {
    const fetch = renderCard(pending);
    expect(await screen.findByText('Aguardando aprovação da agência')).toBeTruthy();
    expect(screen.getByText(/PI-2026-000007/).textContent).toContain('só entram no ar depois da aprovação');
    expect(screen.getByRole('link', { name: 'PI em PDF' }).getAttribute('href')).toBe(
      '/api/agencia/pedidos/o-1/pi.pdf',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar PI' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Aprovar o pedido de inserção PI-2026-000007?',
    });
    expect(dialog.textContent).toContain('Padaria Pão Dourado S.A.');
    expect(dialog.textContent).toContain('R$\u00a0700,21');
    expect(dialog.textContent).toContain('R$\u00a0140,04');
    expect(dialog.textContent).toContain('R$\u00a0560,17');
    // Nothing is sent before the confirmation.
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Sim, aprovar o PI' }));
    await waitFor(() => expect(screen.getByText('Aprovado pela agência')).toBeTruthy());
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/agencia/pedidos/o-1/pi/aprovar');
    expect(screen.getByText(/aprovado em .* por Ana Alfa/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aprovar PI' })).toBeNull();
  });

  it('um PI aprovado, ou de um pedido cancelado, não tem o botão de aprovar', async () => {
    renderCard({ ...pending, order_status: 'cancelado' });
    expect(await screen.findByRole('link', { name: 'PI em PDF' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aprovar PI' })).toBeNull();
  });
});
