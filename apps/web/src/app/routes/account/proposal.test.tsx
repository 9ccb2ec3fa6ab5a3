import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BillingProfile, Proposal } from '@urbana/shared';
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
  order_id: null,
  sent_at: '2026-11-25T12:00:00.000Z',
  accepted_at: null,
  created_at: '2026-11-25T12:00:00.000Z',
  items: [],
};

function renderProposal(profile: BillingProfile | null) {
  renderRoute('/proposta/:id', Component, {
    url: '/proposta/p1',
    data: [
      [proposalKeys.customer('p1'), proposal],
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
});
