import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountKeys } from '../../../features/account/api.ts';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { Component } from './team.tsx';

function renderTeam(items: unknown[], staff: unknown[] = []) {
  renderRoute('/admin/equipe', Component, {
    data: [
      [accountKeys.invitations, { items }],
      [accountKeys.staff, { items: staff }],
    ],
  });
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

  it('lista quem usa o painel agora: papel, acesso, verificação em duas etapas e último acesso (issue #40 item 8)', async () => {
    renderTeam(
      [],
      [
        {
          id: 'u1',
          email: 'chefe@urbana.com.br',
          nome_completo: 'Ana Admin',
          role: 'admin',
          status: 'ativo',
          two_factor: true,
          last_sign_in_at: '2026-11-28T15:30:00.000Z',
        },
        {
          id: 'u2',
          email: 'antiga@urbana.com.br',
          nome_completo: 'Antiga Admin',
          role: 'admin',
          status: 'fora_da_lista',
          two_factor: false,
          last_sign_in_at: null,
        },
        {
          id: 'u3',
          email: 'otto@urbana.com.br',
          nome_completo: 'Otto Operador',
          role: 'operador',
          status: 'ativo',
          two_factor: false,
          last_sign_in_at: null,
        },
      ],
    );
    const table = await screen.findByRole('table', { name: 'Equipe atual' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Ana Admin');
    expect(rows[0]!.textContent).toContain('Com acesso');
    expect(rows[0]!.textContent).toContain('Ativada');
    expect(rows[0]!.textContent).toContain('28/11/2026');
    expect(rows[1]!.textContent).toContain('Sem acesso (fora da lista)');
    expect(rows[1]!.textContent).toContain('Nunca entrou');
    expect(rows[2]!.textContent).toContain('Operador');
    expect(rows[2]!.textContent).toContain('Desativada');
    // The invitations stay, in a list of their own.
    expect(screen.getByText(/Nenhum convite enviado ainda/)).toBeTruthy();
  });
});
