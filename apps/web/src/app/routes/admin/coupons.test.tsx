import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminKeys } from '../../../features/admin/api/admin-api.ts';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { Component } from './coupons.tsx';

function renderCoupons() {
  const empty = { items: [], total: 0, page: 1, page_size: 20 };
  renderRoute('/admin/cupons', Component, {
    data: [[adminKeys.list('cupons', 'dir=desc&page=1&page_size=20&sort=created_at'), empty]],
  });
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
