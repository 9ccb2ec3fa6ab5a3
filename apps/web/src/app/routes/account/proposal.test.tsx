import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney, type BillingProfile, type Proposal } from '@urbana/shared';
import { billingQuery } from '../../../features/orders/api.ts';
import { proposalKeys } from '../../../features/proposals/api/use-proposals.ts';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { Component } from './proposal.tsx';

const proposal: Proposal = {
  id: 'p1',
  code: 'PRP-TESTE1',
  status: 'enviada',
  state: 'enviada',
  customer: { id: 'c1', nome_completo: 'Ana Souza', email: 'ana@exemplo.com.br', empresa: null },
  valid_until: '2099-12-31',
  subtotal: 10_000,
  discount: 0,
  total: 10_000,
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
  rounds: [],
  items: [
    {
      product_id: 'x1',
      product_name: 'Outdoor Centro',
      product_slug: 'outdoor-centro',
      product_type: 'outdoor',
      city: 'Curitiba',
      state: 'PR',
      is_tower_based: false,
      towers: [{ id: 't1', name: 'Face A' }],
      start: '2099-01-05',
      weeks: 2,
      list_price: 10_000,
      price: 10_000,
      audience: 20_000,
      cpm: 500,
    },
  ],
  audience: 20_000,
  cpm: 500,
};

function renderProposal(profile: BillingProfile | null, changes: Partial<Proposal> = {}) {
  renderRoute('/proposta/:id', Component, {
    url: '/proposta/p1',
    data: [
      [proposalKeys.customer('p1'), { ...proposal, ...changes }],
      [billingQuery.queryKey, profile],
    ],
  });
}

describe('aceitar uma proposta', () => {
  it('sem cadastro de faturamento, leva ao cadastro e de volta à proposta (antes, só uma recusa sem saída)', async () => {
    renderProposal(null);
    const link = await screen.findByRole('link', { name: 'Completar cadastro e voltar à proposta' });
    expect(link.getAttribute('href')).toBe('/usuario/completar-perfil?voltar=%2Fproposta%2Fp1');
    expect(screen.queryByRole('button', { name: 'Aceitar e criar pedido' })).toBeNull();
  });

  it('só oferece o faturado quando a proposta o oferece', async () => {
    renderProposal(null);
    await screen.findByText('Pagamento via Pix.');
    expect(screen.queryByRole('radio', { name: 'Boleto/transferência faturada' })).toBeNull();
  });

  it('a forma de pagamento usa os cartões de escolha da casa, como o checkout (issue #40 item 10)', async () => {
    renderProposal(null, { payment_method: 'faturado' });
    const pix = await screen.findByRole('radio', { name: /Pix/ });
    const invoiced = screen.getByRole('radio', { name: /Boleto\/transferência faturada/ });
    for (const radio of [pix, invoiced])
      expect(radio.closest('label')?.hasAttribute('data-choice-card')).toBe(true);
    expect(screen.getByRole('group', { name: 'Forma de pagamento' })).toBeTruthy();
  });

  it('aceite impedido: o motivo, e dá para tentar de novo', async () => {
    renderProposal(null, { state: 'impedida', acceptance_error: 'Não há vaga livre em Outdoor Centro.' });
    expect(await screen.findByText(/Não há vaga livre em Outdoor Centro\./)).toBeTruthy();
    expect(screen.getByText(/A equipe Urbana já foi avisada/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Aceitar a proposta' })).toBeTruthy();
  });

  it('pedido não pago: aceitar de novo, com os mesmos preços', async () => {
    renderProposal(null, { status: 'aceita', state: 'reaberta', order_id: 'o1' });
    expect(await screen.findByText(/O pedido desta proposta não foi pago/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Aceitar a proposta' })).toBeTruthy();
  });
});

describe('audiência e CPM da proposta', () => {
  it('por linha e no total, como no carrinho', async () => {
    renderProposal(null);
    expect(await screen.findByText('Audiência no período: 20.000 impactos')).toBeTruthy();
    expect(screen.getByTestId('cpm-item').textContent).toContain(formatMoney(500));
    expect(screen.getByTestId('audiencia-total').textContent).toBe('20.000');
    expect(screen.getByTestId('cpm-total').textContent).toBe(formatMoney(500));
  });
});
