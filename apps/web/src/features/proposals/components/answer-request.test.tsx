import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@urbana/shared';
import type { ProposalData } from '../api/use-proposals.ts';
import { AnswerRequestForm } from './answer-request.tsx';

// Decision 116: a counter-offer by total arrives spread over the lines; staff's answer starts from
// those per-line prices and sends them back in centavos.
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

const countered: ProposalData = {
  id: 'p1',
  code: 'PRP-NEGOC1',
  status: 'contraproposta',
  state: 'contraproposta',
  customer: { id: 'c1', nome_completo: 'Dora', email: 'dora@exemplo.com.br', empresa: null },
  valid_until: '2099-12-31',
  subtotal: 105_000,
  discount: 0,
  total: 90_000,
  note: '',
  payment_method: 'pix',
  acceptance_error: null,
  order_id: null,
  sent_at: '2026-11-28T12:00:00.000Z',
  accepted_at: null,
  created_at: '2026-11-28T11:00:00.000Z',
  advertiser: null,
  request_message: 'Campanha',
  target_budget: null,
  items: [line('Outdoor A', 70_000, 60_000), line('Outdoor B', 35_000, 30_000)],
  audience: 20_000,
  cpm: 100,
  rounds: [
    {
      position: 1,
      kind: 'contraproposta',
      side: 'cliente',
      actor_name: 'Dora',
      message: '',
      prices: [33_333, 16_667],
      total: 50_000,
      valid_until: null,
      created_at: '2026-11-28T12:00:00.000Z',
    },
  ],
};

describe('a equipe responde a uma contraproposta pelo total', () => {
  it('os preços de cada local partem da contraproposta repartida e vão em centavos', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      Response.json({ ...countered, status: 'enviada', state: 'enviada', init: init?.body }),
    );
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AnswerRequestForm proposal={countered} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('contraproposta-total').textContent).toContain(
      `${formatMoney(50_000)} no total`,
    );
    expect((screen.getByLabelText('Outdoor A (R$)') as HTMLInputElement).value).toBe('333,33');
    expect((screen.getByLabelText('Outdoor B (R$)') as HTMLInputElement).value).toBe('166,67');
    expect(screen.getByTestId('resposta-total').textContent).toBe(
      `Total da proposta: ${formatMoney(50_000)}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enviar proposta ao cliente' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/propostas/p1/responder');
    expect(JSON.parse(String(init!.body))).toMatchObject({ prices: [33_333, 16_667], discount: 0 });
  });
});
