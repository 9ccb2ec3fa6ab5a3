import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@urbana/shared';
import { PaymentPanel } from './payment-panel.tsx';

const base = {
  id: 'o1',
  code: 'URB-PAINEL01',
  subtotal: 70_000,
  discount: 0,
  discount_reason: null,
  coupon_discount: 0,
  coupon_code: null,
  total: 70_000,
  created_at: '2026-11-28T15:53:00.000Z',
  expires_at: '2026-11-28T16:23:00.000Z',
  paid_at: null,
  pix_confirmation: null,
  items: [],
  history: [],
};
const invoice = {
  id: 'i1',
  number: null,
  status: 'pendente',
  total: 70_000,
  due_date: '2026-11-30',
  paid_at: null,
};
const order = (o: Record<string, unknown>) => ({ ...base, ...o }) as unknown as OrderDetail;

function show(o: OrderDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PaymentPanel order={o} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('um painel de pagamento por forma de pagamento (issue #41)', () => {
  it('Pix: o código do prazo de pagamento, contando', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ payload: 'PIX-COPIA', qr: 'data:image/png;base64,' })),
    );
    show(
      order({
        status: 'aguardando_pagamento',
        payment_method: 'pix',
        pix_payload: 'PIX-COPIA',
        invoice: null,
      }),
    );
    expect(await screen.findByDisplayValue('PIX-COPIA')).toBeTruthy();
    expect(screen.getByText(/O código vale por mais/)).toBeTruthy();
    expect(screen.queryByText(/boleto/)).toBeNull();
  });

  it('faturado com cobrança no PSP: o código vale até o vencimento, sem pedir boleto', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ payload: 'COBV-COPIA', qr: 'data:image/png;base64,' })),
    );
    show(
      order({
        status: 'aguardando_pagamento',
        payment_method: 'faturado',
        pix_payload: 'COBV-COPIA',
        invoice,
      }),
    );
    expect(await screen.findByDisplayValue('COBV-COPIA')).toBeTruthy();
    expect(screen.getByText(/O código vale até o vencimento da fatura, 30\/11\/2026/)).toBeTruthy();
    expect(screen.getByTestId('prazos-faturado')).toBeTruthy();
    expect(screen.queryByText(/Enviaremos o boleto/)).toBeNull();
  });

  it('faturado sem PSP: o boleto ou a transferência que a equipe confirma, e nenhum Pix', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    show(order({ status: 'aguardando_pagamento', payment_method: 'faturado', pix_payload: null, invoice }));
    expect(screen.getByText(/Enviaremos o boleto ou os dados para transferência/)).toBeTruthy();
    expect(screen.queryByText('Pague com Pix')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('pago: nada a pagar', () => {
    const { container } = show(
      order({ status: 'pago', payment_method: 'pix', pix_payload: null, invoice: null }),
    );
    expect(container.textContent).toBe('');
  });
});
