import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import type { AdminOrderData } from '../api/use-admin-orders.ts';
import { OrderActions } from './order-actions.tsx';

const base: AdminOrderData = {
  id: '6f1c2a44-0000-4000-8000-000000000001',
  code: 'URB-TESTE123',
  status: 'pago',
  payment_method: 'faturado',
  subtotal: 70_000,
  discount: 0,
  discount_reason: 'longa_duracao',
  coupon_discount: 0,
  coupon_code: null,
  total: 70_000,
  advertiser: null,
  figures: { gross: 70_000, commission: 0, net: 70_000, percent: null },
  refund_amount: null,
  refund_reason: null,
  cancel_reason: null,
  created_at: '2026-12-01T15:00:00.000Z',
  expires_at: '2026-12-04T15:00:00.000Z',
  paid_at: '2026-12-02T15:00:00.000Z',
  customer: { id: 'u1', name: 'Joana', email: 'joana@exemplo.com.br' },
  billing: {
    person_type: 'pj',
    name: 'Padaria',
    document: '11222333000181',
    phone: '6133330000',
    city: 'Brasília',
    state: 'DF',
  },
  items: [],
  pix: null,
  payments: [],
  pix_refunds: [],
  invoice: null,
  credit_note: null,
  nfse: null,
  insertion_order: null,
  history: [],
  actions: {
    confirm_payment: false,
    extend_hold: { allowed: false, until_max: null },
    reissue_pix: false,
    cancel: { allowed: true, refund: 70_000, paid: 70_000, last_refundable_day: '2026-12-07' },
    resend_email: true,
  },
};

const renderActions = (order: AdminOrderData) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderActions order={order} />
    </QueryClientProvider>,
  );

describe('ações do pedido no painel', () => {
  it('mostra só as ações que o servidor aceita agora', () => {
    renderActions(base);
    const group = screen.getByRole('group', { name: 'Ações do pedido' });
    expect(Array.from(group.querySelectorAll('button')).map((b) => b.textContent)).toEqual([
      'Reenviar e-mail',
      'Cancelar pedido',
    ]);
  });

  it('cancelar um pedido pago diz o reembolso e a nota de crédito, e pede o motivo', async () => {
    renderActions(base);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o pedido URB-TESTE123?' });
    expect(dialog.textContent).toContain('o reembolso é de R$\u00a0700,00');
    expect(dialog.textContent).toContain('reembolso integral só até 07/12/2026');
  });

  it('quando o prazo do reembolso integral já passou, o diálogo diz que terminou', async () => {
    renderActions({
      ...base,
      actions: {
        ...base.actions,
        cancel: { allowed: true, refund: 0, paid: 70_000, last_refundable_day: '2026-01-05' },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o pedido URB-TESTE123?' });
    expect(dialog.textContent).toContain(
      'o prazo do reembolso integral, 5 dias úteis antes do início, terminou em 05/01/2026',
    );
    expect(dialog.textContent).not.toContain('só até');
  });

  it('cancelar um pedido pago: o motivo é pedido e o envio leva o motivo', async () => {
    renderActions(base);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o pedido URB-TESTE123?' });
    expect(dialog.textContent).toContain('Uma nota de crédito do valor escolhido é emitida sobre a fatura.');
    // Leaving is "Voltar": a "Cancelar" beside "Cancelar pedido" read as two ways to cancel.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent || b.getAttribute('aria-label')),
    ).toEqual(['Voltar', 'Cancelar pedido', 'Fechar']);
    const confirm = within(dialog).getByRole('button', { name: 'Cancelar pedido' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Motivo do cancelamento'), { target: { value: 'Obra na via' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
  });

  /** An unpaid order whose hold may be extended up to 05/12 00:00 in Brasília: the open dialog. */
  async function openExtendHold() {
    renderActions({
      ...base,
      status: 'aguardando_pagamento',
      paid_at: null,
      actions: {
        ...base.actions,
        confirm_payment: true,
        extend_hold: { allowed: true, until_max: '2026-12-05T03:00:00.000Z' },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Prorrogar reserva' }));
    return screen.findByRole('dialog', { name: 'Prorrogar a reserva do pedido URB-TESTE123?' });
  }

  it('prorrogar mostra até quando a reserva vai, sem passar do limite', async () => {
    const dialog = await openExtendHold();
    // 04/12 12:00 + 24 h would pass the ceiling (05/12 00:00 in Brasília): the ceiling is shown.
    expect(dialog.textContent).toContain('até 05/12/2026 às 00:00');
    const hours = screen.getByLabelText('Horas a mais (de 1 a 72)');
    fireEvent.change(hours, { target: { value: '73' } });
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(hours.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Informe de 1 a 72 horas.',
    );
  });

  it('prorrogar com o campo vazio ou negativo mostra o erro, sem data calculada (vazio derrubava a página)', async () => {
    const dialog = await openExtendHold();
    const hours = screen.getByLabelText('Horas a mais (de 1 a 72)');
    for (const value of ['', '-5']) {
      fireEvent.change(hours, { target: { value } });
      expect(hours.getAttribute('aria-invalid')).toBe('true');
      expect(dialog.textContent).toContain('Informe de 1 a 72 horas.');
      expect(dialog.textContent).not.toContain('continuam reservadas');
      expect(dialog.textContent).toContain('Limite desta reserva: 05/12/2026 às 00:00');
      const confirm = screen
        .getAllByRole('button', { name: 'Prorrogar reserva' })
        .at(-1) as HTMLButtonElement;
      expect(confirm.disabled).toBe(true);
    }
  });
});

describe('uma ação recusada porque o pedido mudou (issue #40 item 8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('diz o que mudou, em vez de fechar a janela em silêncio', async () => {
    const waiting: AdminOrderData = {
      ...base,
      status: 'aguardando_pagamento',
      paid_at: null,
      actions: {
        ...base.actions,
        confirm_payment: true,
        cancel: { ...base.actions.cancel, refund: 0, paid: 0 },
      },
    };
    const paidElsewhere: AdminOrderData = {
      ...base,
      status: 'cancelado',
      actions: { ...base.actions, confirm_payment: false },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? Response.json({ message: 'Este pedido não aguarda mais pagamento.' }, { status: 409 })
          : Response.json(paidElsewhere),
      ),
    );
    const said = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    renderActions(waiting);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar pagamento' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      within(dialog)
        .getAllByRole('button', { name: /Confirmar/ })
        .at(-1)!,
    );
    await vi.waitFor(() => expect(said).toHaveBeenCalled());
    expect(said).toHaveBeenCalledWith(
      'O pedido mudou enquanto esta página estava aberta: agora está “Cancelado” (estava “Aguardando pagamento”).',
      'Este pedido não aguarda mais pagamento.',
    );
  });
});
