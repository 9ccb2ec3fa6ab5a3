import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountKeys } from '../../../features/account/api.ts';
import { Component } from './team.tsx';

function renderTeam(items: unknown[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(accountKeys.invitations, { items });
  const router = createMemoryRouter([{ path: '/admin/equipe', Component }], {
    initialEntries: ['/admin/equipe'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('equipe', () => {
  it('sem convites, diz que não há nenhum em vez de uma tabela só com o cabeçalho', async () => {
    renderTeam([]);
    expect(await screen.findByText(/Nenhum convite enviado ainda/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Convites' })).toBeNull();
  });

  it('com convites, a tabela lista cada um', async () => {
    renderTeam([
      {
        id: 'i1',
        email: 'nova@urbana.com.br',
        role: 'operador',
        status: 'pendente',
        invited_by: 'Ana Admin',
        expires_at: '2026-12-01T12:00:00.000Z',
        created_at: '2026-11-24T12:00:00.000Z',
      },
    ]);
    expect(await screen.findByRole('table', { name: 'Convites' })).toBeTruthy();
    expect(screen.getByText('nova@urbana.com.br')).toBeTruthy();
  });
});
