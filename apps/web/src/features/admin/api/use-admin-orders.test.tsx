import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAdminOrder, useAdminOrderAction } from './use-admin-orders.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ação da equipe num pedido', () => {
  it('recusada porque o pedido mudou em outra aba (409), a página lê o pedido de novo', async () => {
    let status = 'aguardando_pagamento';
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        status = 'cancelado';
        return Response.json({ message: 'Um pedido “Cancelado” não pode ser cancelado.' }, { status: 409 });
      }
      return Response.json({ id: 'o1', status });
    });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ order: useAdminOrder('o1'), action: useAdminOrderAction('o1') }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.order.data?.status).toBe('aguardando_pagamento'));

    await act(async () => {
      await result.current.action
        .mutateAsync({ kind: 'cancelar', motivo: 'Cliente desistiu' })
        .catch(() => {});
    });
    await waitFor(() => expect(result.current.order.data?.status).toBe('cancelado'));
  });
});
