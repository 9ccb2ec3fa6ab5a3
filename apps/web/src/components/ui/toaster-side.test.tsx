import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../../lib/toast.ts';
import { Toaster, useToastsOnTheLeft } from './toaster.tsx';

function CardAtTheTopRight() {
  useToastsOnTheLeft();
  return <aside aria-label="Reservar">card</aside>;
}

// Issue #40 item 10: on the product page a toast stood over the booking card's controls.
describe('avisos longe do cartão de reserva', () => {
  it('com o cartão na página, os avisos ficam à esquerda; sem ele, voltam à direita', async () => {
    const { rerender } = render(
      <>
        <Toaster />
        <CardAtTheTopRight />
      </>,
    );
    act(() => {
      toast.success('Adicionado ao carrinho');
    });
    await screen.findByText('Adicionado ao carrinho', {}, { timeout: 5000 });
    const toaster = () => document.querySelector('[data-sonner-toaster]')!;
    expect(toaster().getAttribute('data-x-position')).toBe('left');
    rerender(<Toaster />);
    expect(toaster().getAttribute('data-x-position')).toBe('right');
  });
});
