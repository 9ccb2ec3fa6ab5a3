import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountKeys } from '../../../features/account/api.ts';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { Component } from './team.tsx';

function renderTeam(items: unknown[]) {
  renderRoute('/admin/equipe', Component, { data: [[accountKeys.invitations, { items }]] });
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
