import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney, type ProposalListItem } from '@urbana/shared';
import { proposalKeys } from '../../../features/proposals/api/use-proposals.ts';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { Component } from './proposals.tsx';

const row = (changes: Partial<ProposalListItem>): ProposalListItem => ({
  id: 'p1',
  code: 'PRP-AAAAAA',
  status: 'enviada',
  state: 'enviada',
  customer: { id: 'c1', nome_completo: 'Ana Souza', email: 'ana@exemplo.com.br', empresa: null },
  valid_until: '2099-12-31',
  subtotal: 70_000,
  discount: 0,
  total: 49_000,
  note: '',
  payment_method: 'pix',
  acceptance_error: null,
  advertiser: null,
  request_message: '',
  target_budget: null,
  order_id: null,
  sent_at: '2026-11-25T12:00:00.000Z',
  accepted_at: null,
  created_at: '2026-11-25T12:00:00.000Z',
  ...changes,
});

describe('Propostas do cliente', () => {
  it('lista cada proposta com situação, validade, total e o link para ela', async () => {
    renderRoute('/usuario/propostas', Component, {
      data: [
        [
          proposalKeys.mine,
          {
            items: [
              row({}),
              row({ id: 'p2', code: 'PRP-BBBBBB', state: 'reaberta', status: 'aceita', total: 12_345 }),
            ],
          },
        ],
      ],
    });
    const list = await screen.findByRole('list', { name: 'Propostas recebidas' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0]!)
        .getByRole('link', { name: /PRP-AAAAAA/ })
        .getAttribute('href'),
    ).toBe('/proposta/p1');
    expect(items[0]!.textContent).toContain('Enviada');
    expect(items[0]!.textContent).toContain('válida até 31/12/2099');
    expect(items[0]!.textContent).toContain(formatMoney(49_000));
    expect(items[1]!.textContent).toContain('Pedido não pago');
    expect(items[1]!.textContent).toContain(formatMoney(12_345));
  });

  it('sem propostas: diz como recebê-las', async () => {
    renderRoute('/usuario/propostas', Component, { data: [[proposalKeys.mine, { items: [] }]] });
    expect(await screen.findByText(/Nenhuma proposta ainda/)).toBeTruthy();
  });
});
