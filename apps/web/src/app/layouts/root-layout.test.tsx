import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/auth-context.tsx';
import { RootLayout } from './root-layout.tsx';

function renderWithUser(termsOutdated: boolean) {
  const auth = {
    user: { id: 'u1', email: 'ana@example.com', terms_outdated: termsOutdated },
    session: null,
    loading: false,
    initialized: true,
    isLoggingOut: false,
  } as unknown as AuthContextValue;
  const router = createMemoryRouter([
    { path: '/', element: <RootLayout />, children: [{ index: true, element: <h1>Início</h1> }] },
  ]);
  // The app's root gives every page a QueryClient (the terms dialog accepts through a mutation).
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

// docs/decisions/041-page-budgets.md: the terms dialog is loaded only for the person who must see it.
describe('RootLayout e o aceite de novos termos', () => {
  // ScrollRestoration scrolls on each navigation; jsdom has no layout to scroll.
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  it('termos desatualizados: o diálogo é carregado e aparece', async () => {
    renderWithUser(true);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Atualizamos nossos termos' },
      { timeout: 5000 },
    );
    expect(dialog.textContent).toContain('Li e aceito');
    // It must be answered: no ✕ that would do nothing (it once drew one), only "Sair" and "Li e aceito".
    expect(within(dialog).queryByRole('button', { name: 'Fechar' })).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Sair', 'Li e aceito']);
  });

  it('termos em dia: nenhum diálogo', async () => {
    renderWithUser(false);
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
