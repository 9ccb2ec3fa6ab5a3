import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderSummary } from '@urbana/shared';
import { agencyKeys } from '../../../features/agencies/index.ts';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { Component } from './my-orders.tsx';

// Decision 116: an agency's "Meus pedidos" holds every order of the agency, each naming its advertiser
// and, for a colleague's, who placed it; the list filters by advertiser.
afterEach(() => {
  vi.unstubAllGlobals();
});

const order = (over: Partial<OrderSummary>): OrderSummary => ({
  id: 'o-1',
  code: 'URB-0001',
  status: 'pago',
  total: 56_000,
  payment_method: 'pix',
  created_at: '2026-11-28T12:00:00.000Z',
  items: 1,
  summary: 'Outdoor Eixo',
  advertiser: null,
  placed_by: null,
  ...over,
});
const padaria = { id: 'an-1', name: 'Padaria Pão Dourado S.A.', document: '12ABC34501DE35' };
const sorveteria = { id: 'an-2', name: 'Sorveteria Polo Sul S.A.', document: '34567891000184' };
const agency = {
  agency: { id: 'ag-1', name: 'Agência Alfa' },
  role: 'membro',
  members: [],
  commission_today: false,
  commission_percent: 20,
};

describe('Meus pedidos de uma agência', () => {
  it('nomeia o anunciante e quem fez o pedido de um colega; filtra por anunciante', async () => {
    const fetch = vi.fn(async (_url: string) =>
      Response.json({ items: [order({ id: 'o-3', code: 'URB-0003', advertiser: sorveteria })] }),
    );
    vi.stubGlobal('fetch', fetch);
    renderRoute('/usuario/pedidos', Component, {
      data: [
        [agencyKeys.mine, agency],
        [agencyKeys.advertisers, { items: [padaria, sorveteria] }],
        [
          ['orders', null, null],
          [
            order({ id: 'o-1', code: 'URB-0001', advertiser: padaria, placed_by: 'Ana Alfa' }),
            order({ id: 'o-2', code: 'URB-0002', advertiser: sorveteria }),
          ],
        ],
      ],
    });
    const list = await screen.findByRole('list', { name: 'Pedidos' });
    const rows = within(list)
      .getAllByTestId('pedido-anunciante')
      .map((p) => p.textContent);
    expect(rows).toEqual([
      'Para Padaria Pão Dourado S.A. · CNPJ 12.ABC.345/01DE-35 · feito por Ana Alfa',
      'Para Sorveteria Polo Sul S.A. · CNPJ 34.567.891/0001-84',
    ]);
    fireEvent.change(screen.getByLabelText('Anunciante'), { target: { value: 'an-2' } });
    await waitFor(() => expect(screen.queryByText('URB-0001')).toBeNull());
    expect(await screen.findByText('URB-0003')).toBeTruthy();
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/orders?advertiser_id=an-2');
  });

  it('um cliente direto não vê filtro nem anunciante', async () => {
    renderRoute('/usuario/pedidos', Component, {
      data: [
        [agencyKeys.mine, { ...agency, agency: null, role: null }],
        [['orders', null, null], [order({})]],
      ],
    });
    expect(await screen.findByText('URB-0001')).toBeTruthy();
    expect(screen.queryByLabelText('Anunciante')).toBeNull();
    expect(screen.queryByTestId('pedido-anunciante')).toBeNull();
  });
});
