import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@urbana/shared';
import { useOrder, usePlaceOrder } from './api.ts';

// Issue #45 item 3: the checkout's 201 is the order as GET /api/orders/:id reads it, so the
// confirmation page shows it from that answer instead of reading it again.
afterEach(() => {
  vi.unstubAllGlobals();
});

const body = { items: [], coupon_code: null, payment_method: 'pix' as const };

function placedOrder(status: OrderDetail['status']) {
  return {
    id: 'p-1',
    code: 'URB-0001',
    status,
    payment_method: 'pix',
    items: [{ id: 'i-1', name: 'Painel da Esplanada' }],
  } as unknown as OrderDetail;
}

function setUp(answer: OrderDetail) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) =>
    init?.method === 'POST'
      ? Response.json(answer, { status: 201 })
      : Response.json({ ...answer, nfse: null, items: [{ ...answer.items[0], campaign: { lida: true } }] }),
  );
  vi.stubGlobal('fetch', fetch);
  // The app's own freshness (providers.tsx): a query read within 5 minutes is not read again.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5 * 60_000 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { fetch, wrapper };
}

async function placeThenOpen(answer: OrderDetail) {
  const { fetch, wrapper } = setUp(answer);
  const place = renderHook(() => usePlaceOrder(), { wrapper });
  await act(async () => {
    await place.result.current.mutateAsync({ body, idempotencyKey: 'chave-1' });
  });
  const page = renderHook(() => useOrder('p-1', true), { wrapper });
  return { fetch, page };
}

describe('usePlaceOrder', () => {
  it('um pedido aguardando pagamento: a confirmação o mostra da resposta, sem um GET', async () => {
    const { fetch, page } = await placeThenOpen(placedOrder('aguardando_pagamento'));
    expect(page.result.current.data).toEqual({
      ...placedOrder('aguardando_pagamento'),
      nfse: null,
      items: [{ id: 'i-1', name: 'Painel da Esplanada', campaign: null }],
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init?.method]).toEqual(['/api/orders', 'POST']);
    expect(init?.headers).toMatchObject({ 'idempotency-key': 'chave-1' });
    expect(JSON.parse(String(init?.body))).toEqual(body);
    // Given time, still no read of the order (the 3 s polling waits its interval).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('um pedido já pago (grátis): mostrado da resposta e lido de novo pelo que só o GET traz', async () => {
    const { fetch, page } = await placeThenOpen(placedOrder('pago'));
    expect(page.result.current.data?.status).toBe('pago');
    await waitFor(() => expect(page.result.current.data?.items[0]?.campaign).toEqual({ lida: true }));
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`)).toEqual([
      'POST /api/orders',
      'GET /api/orders/p-1',
    ]);
  });
});
