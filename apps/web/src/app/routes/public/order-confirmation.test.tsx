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

  it('pedido faturado: mostra o vencimento da fatura e até quando as vagas ficam reservadas (#40)', async () => {
    // Placed 28/11 for a campaign starting 01/12: due 30/11, held to the end of that day.
    const order = {
      id: 'o1',
      code: 'URB-FATURADO',
      status: 'aguardando_pagamento',
      payment_method: 'faturado',
      subtotal: 70_000,
      discount: 0,
      discount_reason: 'longa_duracao',
      coupon_discount: 0,
      coupon_code: null,
      total: 70_000,
      created_at: '2026-11-28T15:53:00.000Z',
      expires_at: '2026-12-01T03:00:00.000Z',
      paid_at: null,
      pix_payload: null,
      items: [],
      history: [],
      invoice: {
        id: 'i1',
        number: null,
        status: 'pendente',
        total: 70_000,
        due_date: '2026-11-30',
        paid_at: null,
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(order)),
    );
    renderRoute('/confirmacao-pedido', Page, { url: '/confirmacao-pedido?orderId=o1' });
    expect((await screen.findByTestId('prazos-faturado')).textContent).toBe(
      'A fatura vence em 30/11/2026; as vagas ficam reservadas até 30/11/2026 às 23:59, o fim do dia do vencimento.',
    );
  });

  const pixOrder = (status: string, pix_confirmation: 'automatica' | 'manual' | null = null) => ({
    id: 'o2',
    code: 'URB-PIXPIX01',
    status,
    payment_method: 'pix',
    subtotal: 70_000,
    discount: 0,
    discount_reason: null,
    coupon_discount: 0,
    coupon_code: null,
    total: 70_000,
    created_at: '2026-11-28T15:53:00.000Z',
    expires_at: '2026-11-28T16:23:00.000Z',
    paid_at: null,
    pix_payload: null,
    pix_confirmation,
    items: [],
    history: [],
    invoice: null,
  });

  it('um pedido expirado não se chama "Pedido recebido" (issue #40 item 9)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(pixOrder('expirado'))),
    );
    renderRoute('/confirmacao-pedido', Page, { url: '/confirmacao-pedido?orderId=o2' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Prazo de pagamento encerrado',
    );
    expect(screen.queryByText('Pedido recebido')).toBeNull();
  });

  it('um pedido Pix sem pagamento diz até quando o Pix vale, em data e hora (issue #40 item 9)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/pix')
          ? new Promise<Response>(() => undefined)
          : Response.json(pixOrder('aguardando_pagamento')),
      ),
    );
    renderRoute('/confirmacao-pedido', Page, { url: '/confirmacao-pedido?orderId=o2' });
    expect((await screen.findByTestId('prazo-pix')).textContent).toBe(
      'Pague o Pix até 28/11/2026 às 13:23. Depois disso o pedido expira e as vagas são liberadas.',
    );
  });

  it('diz como o Pix é confirmado: pelo banco na hora, ou pela equipe pelo extrato (issue #41 item 3)', async () => {
    for (const [confirmation, text] of [
      [
        'automatica',
        'O pagamento é confirmado automaticamente pelo banco, em instantes: esta página mostra quando.',
      ],
      [
        'manual',
        'O pagamento é confirmado pela equipe da Urbana a partir do extrato bancário, em horário comercial; você recebe um e-mail quando for confirmado.',
      ],
    ] as const) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) =>
          String(url).includes('/pix')
            ? new Promise<Response>(() => undefined)
            : Response.json(pixOrder('aguardando_pagamento', confirmation)),
        ),
      );
      const { unmount } = renderRoute('/confirmacao-pedido', Page, { url: '/confirmacao-pedido?orderId=o2' });
      expect((await screen.findByTestId('confirmacao-pix')).textContent).toBe(text);
      unmount();
    }
  });

  it('um pedido faturado com cobrança no PSP mostra o Pix, válido até o vencimento da fatura (issue #41)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/pix')
          ? new Promise<Response>(() => undefined)
          : Response.json({
              ...pixOrder('aguardando_pagamento', 'automatica'),
              payment_method: 'faturado',
              pix_payload: '00020101021226...6304ABCD',
              expires_at: '2026-12-01T02:59:59.000Z',
              invoice: {
                id: 'i2',
                number: null,
                status: 'pendente',
                total: 70_000,
                due_date: '2026-11-30',
                paid_at: null,
              },
            }),
      ),
    );
    renderRoute('/confirmacao-pedido', Page, { url: '/confirmacao-pedido?orderId=o2' });
    expect(await screen.findByRole('heading', { name: 'Pague com Pix' })).toBeTruthy();
    expect(screen.getByText(/O código vale até o vencimento da fatura, 30\/11\/2026\./)).toBeTruthy();
  });
});
