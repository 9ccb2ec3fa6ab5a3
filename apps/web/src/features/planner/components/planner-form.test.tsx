import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { plannerMessages } from '@urbana/shared';
import type { PlannerForm } from '../planner-params.ts';
import { PlannerFormCard } from './planner-form.tsx';

const initial: PlannerForm = {
  budgetReais: '',
  area: null,
  local: 'Brasília, Distrito Federal, Brasil',
  raio: 15,
  inicio: '2026-11-30',
  semanas: 4,
  tipos: [],
  objetivo: 'impactos',
};

function draw(onSubmit = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PlannerFormCard initial={initial} earliest="2026-11-30" onSubmit={onSubmit} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const budget = screen.getByLabelText('Orçamento (R$)');
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Montar plano' }));
  return { budget, send, onSubmit };
}

/** The text the field's aria-describedby points at, as a screen reader reads it with the field. */
const description = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('formulário do planejador: o orçamento é conferido ao lado do campo', () => {
  it('um orçamento abaixo do mínimo não sai do formulário; a mensagem fica no campo, que recebe o foco', () => {
    const { budget, send, onSubmit } = draw();
    fireEvent.change(budget, { target: { value: '50' } });
    send();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(budget.getAttribute('aria-invalid')).toBe('true');
    expect(description(budget)).toBe(plannerMessages.budget);
    expect(document.activeElement).toBe(budget);

    // Corrected, the message goes as it is typed, and the plan is asked for.
    fireEvent.change(budget, { target: { value: '20.000' } });
    expect(budget.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(plannerMessages.budget)).toBeNull();
    send();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ budgetReais: '20.000' }));
  });

  it('um orçamento acima do limite de um pedido diz o limite, e não o mínimo', () => {
    const { budget, send, onSubmit } = draw();
    fireEvent.change(budget, { target: { value: '999.999.999' } });
    send();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(description(budget)).toBe(plannerMessages.budgetMax);
  });

  it('texto que não é valor em reais é recusado no campo', () => {
    const { budget, send, onSubmit } = draw();
    fireEvent.change(budget, { target: { value: 'vinte mil' } });
    send();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(description(budget)).toBe(plannerMessages.budget);
  });
});
