import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RefundCard } from './refund-card.tsx';

/** Issue #40 item 3: the customer sees why the order was cancelled, the refund and its credit note. */
describe('cancelamento e reembolso no pedido do cliente', () => {
  it('mostra o motivo, o valor, o porquê do valor e o link da nota de crédito', () => {
    render(
      <RefundCard
        order={{
          id: 'o-1',
          cancellation: {
            reason: 'Abrigo em obra',
            refund: {
              amount: 70_000,
              reason: 'A obra é responsabilidade da Urbana.',
              credit_note: {
                number: 'NC-2026-000007',
                amount: 70_000,
                created_at: '2026-12-02T15:00:00.000Z',
              },
              pix_refund: null,
            },
          },
        }}
      />,
    );
    const card = screen.getByRole('heading', { name: 'Cancelamento e reembolso' }).parentElement!;
    expect(card.textContent).toContain('Abrigo em obra');
    expect(card.textContent).toContain('R$\u00a0700,00');
    expect(card.textContent).toContain('A obra é responsabilidade da Urbana.');
    expect(card.textContent).toContain('Nota de crédito NC-2026-000007');
    expect(screen.getByRole('link', { name: 'Nota de crédito em PDF' }).getAttribute('href')).toBe(
      '/api/orders/o-1/nota-de-credito.pdf',
    );
  });

  it('sem reembolso pela política: R$ 0,00 e o porquê, sem nota de crédito', () => {
    render(
      <RefundCard
        order={{
          id: 'o-2',
          cancellation: {
            reason: 'Cliente pediu',
            refund: { amount: 0, reason: null, credit_note: null, pix_refund: null },
          },
        }}
      />,
    );
    const card = screen.getByRole('heading', { name: 'Cancelamento e reembolso' }).parentElement!;
    expect(card.textContent).toContain('ReembolsoR$\u00a00,00');
    expect(card.textContent).toContain('não há reembolso a menos de 5 dias úteis');
    expect(screen.queryByRole('link', { name: 'Nota de crédito em PDF' })).toBeNull();
  });

  it('um pedido que não foi cancelado não mostra nada', () => {
    const { container } = render(<RefundCard order={{ id: 'o-3', cancellation: null }} />);
    expect(container.textContent).toBe('');
  });

  it('pago pelo PSP: diz onde está a devolução por Pix, não que a equipe vai entrar em contato', () => {
    const order = (pix_refund: 'processando' | 'devolvido' | 'nao_realizado') => ({
      id: 'o-3',
      cancellation: {
        reason: 'Cliente pediu',
        refund: { amount: 70_000, reason: null, credit_note: null, pix_refund },
      },
    });
    const { rerender } = render(<RefundCard order={order('processando')} />);
    expect(screen.getByTestId('devolucao').textContent).toBe(
      'Devolução por Pix em andamento: o valor volta para a conta que pagou o pedido.',
    );
    rerender(<RefundCard order={order('devolvido')} />);
    expect(screen.getByTestId('devolucao').textContent).toBe(
      'Devolução por Pix concluída: o valor voltou para a conta que pagou o pedido.',
    );
    rerender(<RefundCard order={order('nao_realizado')} />);
    expect(screen.getByTestId('devolucao').textContent).toContain('por outro meio');
  });
});
