import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FilterChip } from './filter-chip.tsx';

describe('FilterChip', () => {
  it('botão de alternar: anuncia se está escolhido e avisa o clique', () => {
    const onClick = vi.fn();
    render(
      <>
        <FilterChip pressed onClick={onClick}>
          Todos
        </FilterChip>
        <FilterChip pressed={false} onClick={onClick}>
          Pago
        </FilterChip>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Todos' }).getAttribute('aria-pressed')).toBe('true');
    const paid = screen.getByRole('button', { name: 'Pago' });
    expect(paid.getAttribute('aria-pressed')).toBe('false');
    expect(paid.getAttribute('type')).toBe('button');
    fireEvent.click(paid);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
