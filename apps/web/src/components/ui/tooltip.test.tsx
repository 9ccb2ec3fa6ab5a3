import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderTwo() {
  render(
    <>
      <Tooltip content="Favoritos">
        <a href="/f">F</a>
      </Tooltip>
      <Tooltip content="Carrinho">
        <a href="/c">C</a>
      </Tooltip>
    </>,
  );
  return { first: screen.getByText('F'), second: screen.getByText('C') };
}

describe('Tooltip (docs/spec/specification.md §9)', () => {
  it('usa as constantes do seed', () => {
    expect([TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 300]);
  });

  it('abre depois de 700 ms, descreve o gatilho e fecha com Escape', () => {
    const { first } = renderTwo();
    fireEvent.focus(first);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Favoritos');
    expect(first.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.keyDown(first, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(first.getAttribute('aria-describedby')).toBeNull();
  });

  it('passando a outro em menos de 300 ms abre sem esperar; depois disso espera de novo', () => {
    const { first, second } = renderTwo();
    fireEvent.pointerEnter(first.parentElement!);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    fireEvent.pointerLeave(first.parentElement!);
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS - 50));
    fireEvent.pointerEnter(second.parentElement!);
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByRole('tooltip').textContent).toBe('Carrinho');
    fireEvent.pointerLeave(second.parentElement!);
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS + 1));
    fireEvent.pointerEnter(first.parentElement!);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('o foco dado por um toque (ou clique) não abre a dica; o do teclado, sim', () => {
    const { first } = renderTwo();
    fireEvent.pointerDown(first.parentElement!, { pointerType: 'touch' });
    fireEvent.focus(first);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS * 2));
    expect(screen.queryByRole('tooltip')).toBeNull();
    // Leaving and coming back with the keyboard opens it as before.
    fireEvent.blur(first);
    fireEvent.focus(first);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole('tooltip').textContent).toBe('Favoritos');
  });
});
