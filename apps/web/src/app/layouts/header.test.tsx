import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/auth-context.tsx';
import { CartContext, type CartContextValue } from '../../features/cart/cart-context.tsx';
import { FavoritesContext, type FavoritesContextValue } from '../../features/favorites/favorites-context.tsx';
import { Header } from './header.tsx';

// The bell opens the notifications' live stream: not this test's subject.
vi.mock('../../features/notifications/notification-bell.tsx', () => ({ NotificationBell: () => null }));

describe('o menu da conta no cabeçalho', () => {
  it('um clique no botão antes de o menu carregar não se perde: o menu abre quando chega', async () => {
    const auth = {
      user: { id: 'u1', email: 'ana@example.com', nome_completo: 'Ana Souza', is_staff: false },
      session: null,
      loading: false,
      initialized: true,
      isLoggingOut: false,
      signOut: async () => undefined,
    } as unknown as AuthContextValue;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthContext.Provider value={auth}>
          <CartContext.Provider value={{ count: 0 } as CartContextValue}>
            <FavoritesContext.Provider value={{ count: 0 } as FavoritesContextValue}>
              <MemoryRouter>
                <Header />
              </MemoryRouter>
            </FavoritesContext.Provider>
          </CartContext.Provider>
        </AuthContext.Provider>
      </QueryClientProvider>,
    );
    // The menu's chunk is still on its way: the button on screen is its stand-in.
    fireEvent.click(screen.getByRole('button', { name: 'Menu da conta de Ana Souza' }));
    const menu = await screen.findByRole('menu', {}, { timeout: 5000 });
    expect(menu.textContent).toContain('ana@example.com');
  });
});
