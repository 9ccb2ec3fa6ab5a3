import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../../features/auth/auth-context.tsx';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { Component as OrderConfirmation } from './order-confirmation.tsx';

/** A signed-in customer, as the page is reached after a checkout. */
const auth = {
  user: { id: 'u1', email: 'cliente@exemplo.com.br', nome_completo: 'Cliente', is_staff: false },
  session: { expires_at: '2099-01-01T00:00:00Z' },
  loading: false,
  initialized: true,
} as unknown as AuthContextValue;

function Page() {
  return (
    <AuthContext.Provider value={auth}>
      <OrderConfirmation />
    </AuthContext.Provider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/confirmacao-pedido', () => {
  it('sem pedido no endereço diz "Pedido não informado." e não pede /api/orders/ sem id', async () => {
    const fetch = vi.fn(async (_url: string) =>
      Response.json({ message: 'Pedido inválido.' }, { status: 400 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderRoute('/confirmacao-pedido', Page);
    expect(await screen.findByText('Pedido não informado.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([]);
  });
});
