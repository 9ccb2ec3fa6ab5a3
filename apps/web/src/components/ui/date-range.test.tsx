import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateRange, rangeParams, type DateRangeValue } from './date-range.tsx';

const message = 'A data final precisa ser igual ou posterior à inicial.';

function Harness({ onChange }: { onChange: (changes: Partial<DateRangeValue>) => void }) {
  const [value, setValue] = useState({ from: '2026-03-01', to: '2026-03-31' });
  return (
    <>
      <DateRange
        value={value}
        onChange={(changes) => {
          onChange(changes);
          setValue((v) => ({ ...v, ...changes }));
        }}
      />
      <button type="button" onClick={() => setValue({ from: '', to: '' })}>
        Limpar
      </button>
    </>
  );
}

describe('DateRange', () => {
  it('rotula "De" e "Até" e entrega só a ponta que mudou', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-03-10' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-03-10' });
    expect(screen.queryByText(message)).toBeNull();
  });

  it('um fim antes do início fica como digitado, com a mensagem numa linha sob as duas datas, e não é aplicado', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const to = screen.getByLabelText('Até');
    fireEvent.change(to, { target: { value: '2026-02-01' } });
    expect(onChange).not.toHaveBeenCalled();
    expect((to as HTMLInputElement).value).toBe('2026-02-01');
    const from = screen.getByLabelText('De');
    for (const end of [from, to]) {
      expect(end.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(end.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    }
    // Its own line, not inside the "Até" field: a toolbar's fields stay aligned (seen on /admin/relatorios).
    expect(to.parentElement?.contains(screen.getByText(message))).toBe(false);
    expect(screen.getByText(message).className).toContain('basis-full');
    // Moving the start back makes the range valid: both ends that differ are applied at once.
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-01-15' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-01-15', to: '2026-02-01' });
    expect(screen.queryByText(message)).toBeNull();
  });

  it('um valor novo de fora substitui o que foi digitado', () => {
    render(<Harness onChange={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect((screen.getByLabelText('Até') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(message)).toBeNull();
  });

  it('põe as pontas que mudaram sob os nomes da URL', () => {
    expect(rangeParams({ to: '2026-03-02' }, { from: 'de', to: 'ate' })).toEqual({ ate: '2026-03-02' });
    expect(rangeParams({ from: '', to: '2026-03-02' }, { from: 'de', to: 'ate' })).toEqual({
      de: '',
      ate: '2026-03-02',
    });
  });
});
