import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInBrasilia } from '@urbana/shared';
import { createQueryClient } from '../../../app/providers.tsx';
import { CellDialog } from './cell-dialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The API: an empty cell, and every block sent is kept for the test to read. */
function api(holds: unknown[] = []) {
  const blocks: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes('/bloqueios')) {
        blocks.push(JSON.parse(String(init?.body)));
        return Response.json(
          { id: 'h1', kind: 'bloqueio', status: 'ativa', tower_count: 1 },
          { status: 201 },
        );
      }
      if (String(url).includes('/liberar')) {
        blocks.push({ released: String(url) });
        return Response.json({ id: 'h9', kind: 'bloqueio', status: 'liberada', tower_count: 1 });
      }
      return Response.json({ orders: [], holds });
    }),
  );
  return blocks;
}

function openCell(from: string, cell = { sold: 0, held: 0, blocked: 0, free: 4 }) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <CellDialog
          cell={{
            tower: 't1',
            towerName: 'Face norte',
            productId: 'p1',
            productName: 'Painel Eixo',
            from,
            to: addDays(from, 7),
            cell,
          }}
          onClose={() => undefined}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('célula do inventário', () => {
  it('uma semana que já passou não oferece bloqueio, reserva técnica nem proposta', async () => {
    api();
    openCell(addDays(todayInBrasilia(), -14));
    expect(await screen.findByText(/Esta semana já passou/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bloquear semanas' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Criar proposta' })).toBeNull();
  });

  it('na semana em curso, o bloqueio começa hoje (o servidor recusa um começo no passado)', async () => {
    const blocks = api();
    const today = todayInBrasilia();
    openCell(addDays(today, -2));
    expect(screen.getByRole('link', { name: 'Criar proposta' }).getAttribute('href')).toContain(
      `inicio=${today}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Bloquear semanas' }));
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: 'Troca de lâmpadas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bloquear semanas' }));
    await waitFor(() => expect(blocks).toHaveLength(1));
    expect(blocks[0]).toMatchObject({ tower_ids: ['t1'], start_date: today });
  });

  it('liberar um bloqueio diz o período numa frase só ("As vagas de …", não "de de")', async () => {
    const start = addDays(todayInBrasilia(), 14);
    const calls = api([
      {
        id: 'h9',
        kind: 'bloqueio',
        customer: null,
        reason: 'Manutenção',
        starts_on: start,
        ends_on: addDays(start, 7),
        expires_at: null,
      },
    ]);
    openCell(start);
    fireEvent.click(await screen.findByRole('button', { name: 'Liberar' }));
    const consequence = await screen.findByTestId('confirm-consequence');
    expect(consequence.textContent).toMatch(/^As vagas de \d{2}\/\d{2}\/\d{4} até /);
    fireEvent.click(screen.getByRole('button', { name: 'Liberar vagas' }));
    await waitFor(() => expect(calls).toEqual([{ released: '/api/admin/inventario/reservas/h9/liberar' }]));
  });

  it('uma semana sem vaga livre não oferece reserva técnica nem bloqueio: diz por quê', async () => {
    api();
    const start = addDays(todayInBrasilia(), 14);
    openCell(start, { sold: 3, held: 1, blocked: 0, free: 0 });
    const hold = screen.getByRole('button', { name: 'Reserva técnica' });
    const block = screen.getByRole('button', { name: 'Bloquear semanas' });
    expect(hold.hasAttribute('disabled')).toBe(true);
    expect(block.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/Sem vaga livre nesta semana para uma reserva técnica/)).toBeTruthy();
    expect(
      screen.getByText('Sem vaga livre nesta semana para bloquear: todas estão vendidas ou reservadas.'),
    ).toBeTruthy();
    // The proposal stays: it is priced and checked for the weeks staff choose in it.
    expect(screen.getByRole('link', { name: 'Criar proposta' })).toBeTruthy();
  });

  it('com parte vendida e vaga livre: a reserva técnica e o bloqueio das vagas livres cabem (issue #40 item 8)', async () => {
    api();
    openCell(addDays(todayInBrasilia(), 14), { sold: 1, held: 0, blocked: 0, free: 3 });
    expect(screen.getByRole('button', { name: 'Reserva técnica' }).hasAttribute('disabled')).toBe(false);
    const block = screen.getByRole('button', { name: 'Bloquear semanas' });
    expect(block.hasAttribute('disabled')).toBe(false);
    // What the block does, said where it is offered.
    expect(
      screen.getByText('O bloqueio toma as 3 vagas livres da face; as vendidas e reservadas continuam.'),
    ).toBeTruthy();
  });
});
