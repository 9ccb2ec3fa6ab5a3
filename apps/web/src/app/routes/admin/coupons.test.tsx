import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCoupon } from '@urbana/shared';
import { adminKeys } from '../../../features/admin/api/admin-api.ts';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { Component } from './coupons.tsx';

function renderCoupons(items: AdminCoupon[] = []) {
  const page = { items, total: items.length, page: 1, page_size: 20 };
  renderRoute('/admin/cupons', Component, {
    data: [[adminKeys.list('cupons', 'dir=desc&page=1&page_size=20&sort=created_at'), page]],
  });
}

const coupon = (code: string, paid: number): AdminCoupon => ({
  id: code,
  code,
  kind: 'percentual',
  value: 10,
  starts_at: null,
  ends_at: null,
  min_order: 0,
  max_uses: null,
  max_uses_per_user: null,
  first_purchase_only: false,
  active: true,
  uses: paid + 1,
  paid_uses: paid,
  revenue: 100_00,
  discount_given: 10_00,
  created_at: '2026-11-20T12:00:00.000Z',
});

describe('lista de cupons', () => {
  it('conta os usos pagos no singular e no plural (issue #40 item 8: nunca "1 pagos")', async () => {
    renderCoupons([coupon('UM', 1), coupon('DOIS', 2)]);
    expect((await screen.findByTestId('usos-UM')).textContent).toContain('1 pago');
    expect(screen.getByTestId('usos-UM').textContent).not.toContain('1 pagos');
    expect(screen.getByTestId('usos-DOIS').textContent).toContain('2 pagos');
  });
});

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
