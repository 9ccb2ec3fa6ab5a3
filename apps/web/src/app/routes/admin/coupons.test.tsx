import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminKeys } from '../../../features/admin/api/admin-api.ts';
import { Component } from './coupons.tsx';

function renderCoupons() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(adminKeys.list('cupons', 'dir=desc&page=1&page_size=20&sort=created_at'), {
    items: [],
    total: 0,
    page: 1,
    page_size: 20,
  });
  const router = createMemoryRouter([{ path: '/admin/cupons', Component }], {
    initialEntries: ['/admin/cupons'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('formulário de cupom', () => {
  it('avisa quando um desconto fixo passa do pedido mínimo: pedidos até o desconto sairiam de graça', async () => {
    renderCoupons();
    fireEvent.click(await screen.findByRole('button', { name: 'Novo cupom' }));
    fireEvent.change(screen.getByLabelText('Tipo de desconto'), { target: { value: 'valor' } });
    fireEvent.change(screen.getByLabelText('Desconto (R$)'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Pedido mínimo (R$)'), { target: { value: '100' } });
    expect((await screen.findByRole('status')).textContent).toContain(
      'Pedidos de até R$\u00a0500,00 sairão de graça',
    );
    fireEvent.change(screen.getByLabelText('Pedido mínimo (R$)'), { target: { value: '600,00' } });
    expect(screen.queryByText(/sairão de graça/)).toBeNull();
    // A percentage never covers a whole order by itself.
    fireEvent.change(screen.getByLabelText('Tipo de desconto'), { target: { value: 'percentual' } });
    fireEvent.change(screen.getByLabelText('Pedido mínimo (R$)'), { target: { value: '' } });
    expect(screen.queryByText(/sairão de graça/)).toBeNull();
  });
});
