import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PixRefunds } from './pix-refunds.tsx';

const refund = {
  amount: 70_000,
  kind: 'cancelamento' as const,
  provider_reason: null,
  attempts: 0,
  last_error: null,
  created_at: '2026-11-28T15:00:00.000Z',
  settled_at: null,
};

/** Issue #41 (decision 102): staff see where each devolução by Pix stands on the order's page. */
describe('devoluções por Pix na página do pedido (equipe)', () => {
  it('diz o estado de cada uma e destaca a não realizada, com o motivo do PSP', () => {
    render(
      <PixRefunds
        refunds={[
          { ...refund, status: 'pendente', attempts: 2, last_error: 'sem resposta em 15000 ms' },
          {
            ...refund,
            kind: 'pago_apos_expirar',
            status: 'nao_realizado',
            provider_reason: 'Conta do pagador encerrada',
            created_at: '2026-11-28T16:00:00.000Z',
          },
        ]}
      />,
    );
    const items = screen.getByRole('list', { name: 'Devoluções por Pix' }).querySelectorAll('li');
    expect(items[0]!.textContent).toBe(
      'Devolução Pix do cancelamento: R$\u00a0700,00 · PSP fora do ar, nova tentativa em instantes (2 tentativas: sem resposta em 15000 ms)',
    );
    expect(items[1]!.textContent).toBe(
      'Devolução Pix do Pix pago após o prazo: R$\u00a0700,00 · não realizada (Conta do pagador encerrada): devolva o valor por outro meio',
    );
    expect(items[1]!.className).toContain('text-red-700');
  });

  it('nada quando o pedido não teve devolução por Pix', () => {
    const { container } = render(<PixRefunds refunds={[]} />);
    expect(container.textContent).toBe('');
  });
});
