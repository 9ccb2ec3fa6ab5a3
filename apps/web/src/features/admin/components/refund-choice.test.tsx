import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminOrderMessages } from '@urbana/shared';
import type { AdminOrderData } from '../api/use-admin-orders.ts';
import { OrderActions } from './order-actions.tsx';

/**
 * Issue #40 item 3: staff cancelling a paid order choose the refund; the policy's amount is the
 * default, and any other asks why, with the messages the server answers beside the fields.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

// A paid order of R$ 700,00 within 5 business days of its start: the policy refunds nothing.
const order = {
  id: '6f1c2a44-0000-4000-8000-000000000002',
  code: 'URB-ABRIGO01',
  status: 'pago',
  total: 70_000,
  customer: { id: 'u1', name: 'Joana', email: 'joana@exemplo.com.br' },
  actions: {
    confirm_payment: false,
    extend_hold: { allowed: false, until_max: null },
    reissue_pix: false,
    cancel: { allowed: true, refund: 0, paid: 70_000, last_refundable_day: '2026-01-05' },
    resend_email: false,
  },
} as unknown as AdminOrderData;

async function openCancel() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body ?? 'null')));
      return new Response(JSON.stringify({ ...order, status: 'cancelado' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderActions order={order} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancelar o pedido URB-ABRIGO01?' });
  fireEvent.change(within(dialog).getByLabelText('Motivo do cancelamento'), {
    target: { value: 'Abrigo em obra' },
  });
  const confirm = within(dialog).getByRole('button', { name: 'Cancelar pedido' }) as HTMLButtonElement;
  return { dialog, confirm, sent };
}

describe('reembolso escolhido pela equipe', () => {
  it('a política vem marcada e não pede justificativa', async () => {
    const { dialog, confirm, sent } = await openCancel();
    expect(
      (within(dialog).getByRole('radio', { name: /Pela política de cancelamento/ }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(within(dialog).queryByLabelText('Motivo do reembolso fora da política')).toBeNull();
    expect(confirm.disabled).toBe(false);
    await act(async () => fireEvent.click(confirm));
    expect(sent).toEqual([{ motivo: 'Abrigo em obra', reembolso: 'politica' }]);
  });

  it('integral pede o motivo, com a mensagem ao lado do campo, e envia o valor escolhido', async () => {
    const { dialog, confirm, sent } = await openCancel();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Reembolso integral (R$\u00a0700,00)' }));
    const why = within(dialog).getByLabelText('Motivo do reembolso fora da política');
    expect(confirm.disabled).toBe(true);
    // React's onBlur listens to focusout.
    fireEvent.focusOut(why);
    expect(why.getAttribute('aria-describedby')).toContain(`${why.id}-erro`);
    expect(document.getElementById(`${why.id}-erro`)?.textContent).toBe(adminOrderMessages.refundReason);
    fireEvent.change(why, { target: { value: 'A obra é responsabilidade da Urbana.' } });
    expect(confirm.disabled).toBe(false);
    await act(async () => fireEvent.click(confirm));
    expect(sent).toEqual([
      {
        motivo: 'Abrigo em obra',
        reembolso: 'integral',
        motivo_reembolso: 'A obra é responsabilidade da Urbana.',
      },
    ]);
  });

  it('parcial: em reais no campo, em centavos no envio; acima do pago ou negativo é recusado ao lado', async () => {
    const { dialog, confirm, sent } = await openCancel();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Reembolso parcial/ }));
    const amount = within(dialog).getByLabelText('Valor do reembolso (R$)');
    const errorOf = () => document.getElementById(`${amount.id}-erro`)?.textContent;
    fireEvent.change(amount, { target: { value: '700,01' } });
    expect(errorOf()).toBe(adminOrderMessages.refundOverPaid(70_000));
    fireEvent.change(amount, { target: { value: '-5' } });
    expect(errorOf()).toBe(adminOrderMessages.refundNegative);
    expect(confirm.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '350,50' } });
    expect(errorOf()).toBeUndefined();
    fireEvent.change(within(dialog).getByLabelText('Motivo do reembolso fora da política'), {
      target: { value: 'Metade da semana sem o abrigo.' },
    });
    await act(async () => fireEvent.click(confirm));
    expect(sent).toEqual([
      {
        motivo: 'Abrigo em obra',
        reembolso: 'parcial',
        valor_reembolso: 35_050,
        motivo_reembolso: 'Metade da semana sem o abrigo.',
      },
    ]);
  });
});
