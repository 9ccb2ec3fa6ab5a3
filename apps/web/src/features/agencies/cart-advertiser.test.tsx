import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { agencyKeys } from './api.ts';
import { CartAdvertiserPicker } from './cart-advertiser.tsx';

// The checkout's "Para qual anunciante?" (issue #44, decision 116): it starts from the cart's
// advertiser and saves a change to the cart at once; a direct customer sees nothing.
afterEach(() => {
  vi.unstubAllGlobals();
});

const padaria = { id: 'an-1', name: 'Padaria Pão Dourado S.A.', document: '12ABC34501DE35' };
const sorveteria = { id: 'an-2', name: 'Sorveteria Polo Sul S.A.', document: '34567891000184' };
const agency = (isAgency: boolean) => ({
  agency: isAgency ? { id: 'ag-1', name: 'Agência Alfa' } : null,
  role: isAgency ? 'membro' : null,
  members: [],
  commission_today: false,
  commission_percent: 20,
});

function renderPicker(isAgency: boolean) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/cart/advertiser')
      return Response.json({ advertiser: JSON.parse(String(init!.body)).advertiser_id ? sorveteria : null });
    if (url === '/api/cart') return Response.json({ products: [], advertiser: padaria });
    throw new Error(`inesperado: ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(agencyKeys.mine, agency(isAgency));
  client.setQueryData(agencyKeys.advertisers, { items: [padaria, sorveteria] });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CartAdvertiserPicker id="pedido-anunciante" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

describe('o anunciante do pedido no checkout', () => {
  it('começa pelo anunciante do carrinho e guarda a troca no carrinho', async () => {
    const fetch = renderPicker(true);
    const select = (await screen.findByLabelText('Anunciante')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('an-1'));
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Escolha o anunciante',
      'Padaria Pão Dourado S.A. · 12.ABC.345/01DE-35',
      'Sorveteria Polo Sul S.A. · 34.567.891/0001-84',
    ]);
    fireEvent.change(select, { target: { value: 'an-2' } });
    await waitFor(() => expect(select.value).toBe('an-2'));
    const put = fetch.mock.calls.find(([url]) => url === '/api/cart/advertiser')!;
    expect(put[1]!.method).toBe('PUT');
    expect(JSON.parse(String(put[1]!.body))).toEqual({ advertiser_id: 'an-2' });
  });

  it('não aparece para um cliente direto, nem pergunta pelo carrinho', async () => {
    const fetch = renderPicker(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByLabelText('Anunciante')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
