import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetail, AdminUserRow } from '@urbana/shared';
import { adminKeys } from '../../../features/admin/api/admin-api.ts';
import { AuthContext, type AuthContextValue } from '../../../features/auth/auth-context.tsx';
import { Component } from './users.tsx';

const row: AdminUserRow = {
  id: 'u1',
  email: 'excluido-u1@conta-excluida.invalid',
  nome_completo: '',
  tipo_usuario: 'cliente',
  email_confirmed: true,
  blocked: true,
  deleted: true,
  created_at: '2026-10-01T12:00:00.000Z',
  last_access: null,
};

const detail: AdminUserDetail = {
  ...row,
  telefone: null,
  blocked_at: '2026-11-20T12:00:00.000Z',
  deleted_at: '2026-11-20T12:00:00.000Z',
  active_sessions: 0,
  orders: [],
  tickets: [],
} as unknown as AdminUserDetail;

function renderUsers(shown: AdminUserDetail = detail) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(adminKeys.list('usuarios', 'dir=desc&page=1&page_size=20&sort=created_at'), {
    total: 1,
    page: 1,
    page_size: 20,
    items: [row],
  });
  client.setQueryData(adminKeys.one('usuarios', 'u1'), shown);
  const auth = {
    user: { id: 'admin', tipo_usuario: 'admin' },
    loading: false,
  } as unknown as AuthContextValue;
  const router = createMemoryRouter([{ path: '/admin/usuarios', Component }], {
    initialEntries: ['/admin/usuarios'],
  });
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('usuários no painel', () => {
  it('uma conta excluída a pedido do titular: só para consulta, sem ações; sem entrada, "Nunca entrou"', async () => {
    renderUsers();
    const table = screen.getByRole('table', { name: 'Usuários' });
    expect(within(table).getByText('Excluída (LGPD)')).toBeTruthy();
    expect(within(table).getByText('Nunca entrou')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: '(sem nome)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usuário' });
    expect(dialog.textContent).toContain('Conta excluída a pedido do titular em 20/11/2026 (LGPD)');
    expect(dialog.textContent).toContain('Nunca entrou');
    // Unblocked, it counted again among the active users: nothing in it can be changed.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent || b.getAttribute('aria-label')),
    ).toEqual(['Fechar']);
    expect(within(dialog).queryByLabelText('Papel')).toBeNull();
  });

  it('os pedidos e chamados da conta levam à página do pedido e ao chamado', async () => {
    renderUsers({
      ...detail,
      orders: [
        {
          id: 'o1',
          code: 'URB-AAAA1111',
          total: 150_000,
          status: 'pago',
          created_at: '2026-11-02T12:00:00.000Z',
        },
      ],
      tickets: [
        {
          id: 't1',
          code: 'SUP-BBBB2222',
          subject: 'Nota fiscal',
          status: 'aberto',
          created_at: '2026-11-03T12:00:00.000Z',
        },
      ],
    } as unknown as AdminUserDetail);
    fireEvent.click(
      within(screen.getByRole('table', { name: 'Usuários' })).getByRole('button', { name: '(sem nome)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Usuário' });
    expect(within(dialog).getByRole('link', { name: 'URB-AAAA1111' }).getAttribute('href')).toBe(
      '/admin/pedidos/o1',
    );
    expect(within(dialog).getByRole('link', { name: 'SUP-BBBB2222' }).getAttribute('href')).toBe(
      '/admin/suporte?id=t1',
    );
  });

  it('mostra o telefone formatado, como o cliente o vê (issue #40 item 8)', async () => {
    renderUsers({ ...detail, telefone: '61999990000' } as unknown as AdminUserDetail);
    fireEvent.click(
      within(screen.getByRole('table', { name: 'Usuários' })).getByRole('button', { name: '(sem nome)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Usuário' });
    expect(dialog.textContent).toContain('(61) 99999-0000');
    expect(dialog.textContent).not.toContain('61999990000');
  });
});
