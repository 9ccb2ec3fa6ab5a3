import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Proposal } from '@urbana/shared';
import { AnswerOffer } from './answer-offer.tsx';
import { NegotiationHistory } from './negotiation.tsx';

// Issue #44 item 4: the customer counter-offers per line or by a total, or declines with a reason;
// every round of the negotiation is shown with who, when and what.
afterEach(() => {
  vi.unstubAllGlobals();
});

const line = (name: string, list: number, price: number) => ({
  product_id: name,
  product_name: name,
  product_slug: name,
  product_type: 'outdoor' as const,
  city: 'Brasília',
  state: 'DF',
  is_tower_based: false,
  towers: [],
  start: '2099-01-05',
  weeks: 1,
  list_price: list,
  price,
  audience: 10_000,
  cpm: 100,
});

const offer: Proposal = {
  id: 'p1',
  code: 'PRP-NEGOC1',
  status: 'enviada',
  state: 'enviada',
  customer: { id: 'c1', nome_completo: 'Ana Alfa', email: 'ana@exemplo.com.br', empresa: null },
  valid_until: '2099-12-31',
  subtotal: 105_000,
  discount: 0,
  total: 97_000,
  note: '',
  payment_method: 'pix',
  acceptance_error: null,
  order_id: null,
  sent_at: '2026-11-28T12:00:00.000Z',
  accepted_at: null,
  created_at: '2026-11-28T11:00:00.000Z',
  advertiser: { id: 'an1', name: 'Sorveteria Polo Sul S.A.', document: '12ABC34501DE35' },
  request_message: 'Campanha de verão',
  target_budget: 80_000,
  items: [line('Outdoor A', 70_000, 65_000), line('Outdoor B', 35_000, 32_000)],
  audience: 20_000,
  cpm: 100,
  rounds: [
    {
      position: 1,
      kind: 'pedido',
      side: 'cliente',
      actor_name: 'Ana Alfa',
      message: 'Campanha de verão',
      prices: null,
      total: 80_000,
      valid_until: null,
      created_at: '2026-11-28T11:00:00.000Z',
    },
    {
      position: 2,
      kind: 'proposta',
      side: 'equipe',
      actor_name: 'Chefe Urbana',
      message: '',
      prices: [65_000, 32_000],
      total: 97_000,
      valid_until: '2099-12-31',
      created_at: '2026-11-28T12:00:00.000Z',
    },
  ],
};

function renderWith(ui: React.ReactNode) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
    Response.json({ ...offer, status: 'contraproposta', state: 'contraproposta', init: init?.body }),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return fetch;
}

const posted = (fetch: ReturnType<typeof renderWith>) => {
  const call = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
  return { url: call[0], body: JSON.parse(String(call[1]!.body)) as unknown };
};

describe('negociar uma proposta', () => {
  it('contraproposta com um preço por local, em reais, enviada em centavos', async () => {
    const fetch = renderWith(<AnswerOffer proposal={offer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fazer contraproposta' }));
    fireEvent.change(screen.getByLabelText('Outdoor A (R$)'), { target: { value: '550,00' } });
    fireEvent.change(screen.getByLabelText('Outdoor B (R$)'), { target: { value: '250' } });
    fireEvent.change(screen.getByLabelText('Mensagem para a equipe (opcional)'), {
      target: { value: 'Nosso orçamento é menor.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar contraproposta' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(posted(fetch)).toEqual({
      url: '/api/propostas/p1/contraproposta',
      body: { prices: [55_000, 25_000], message: 'Nosso orçamento é menor.' },
    });
  });

  it('contraproposta por um total; um valor que não é dinheiro não sai', async () => {
    const fetch = renderWith(<AnswerOffer proposal={offer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fazer contraproposta' }));
    fireEvent.click(screen.getByLabelText('Um valor total'));
    const total = screen.getByLabelText('Valor total proposto (R$)');
    fireEvent.change(total, { target: { value: 'oitocentos' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar contraproposta' }));
    expect(await screen.findByText('Informe os valores em reais, por exemplo 1.250,00.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(total, { target: { value: '850,00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar contraproposta' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(posted(fetch).body).toEqual({ total: 85_000, message: '' });
  });

  it('recusar pede o motivo e o envia', async () => {
    const fetch = renderWith(<AnswerOffer proposal={offer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Recusar proposta' }));
    fireEvent.change(screen.getByLabelText('Por que você recusa?'), {
      target: { value: 'Fechamos com outro veículo.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar recusa' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(posted(fetch)).toEqual({
      url: '/api/propostas/p1/recusar',
      body: { reason: 'Fechamos com outro veículo.' },
    });
  });

  it('a história: cada rodada com quem, o total e os preços por local', () => {
    renderWith(<NegotiationHistory proposal={offer} />);
    const rounds = screen
      .getByRole('list', { name: 'Rodadas da negociação' })
      .querySelectorAll('[data-round-kind]');
    expect(rounds).toHaveLength(2);
    expect(rounds[0]!.textContent).toContain('Pedido de proposta · Ana Alfa');
    expect(rounds[0]!.textContent).toContain('Orçamento-alvo: R$\u00a0800,00');
    expect(rounds[1]!.textContent).toContain('Proposta da equipe · Chefe Urbana (Urbana)');
    expect(rounds[1]!.textContent).toContain('Outdoor A: R$\u00a0650,00');
    expect(rounds[1]!.textContent).toContain('Outdoor B: R$\u00a0320,00');
  });
});
