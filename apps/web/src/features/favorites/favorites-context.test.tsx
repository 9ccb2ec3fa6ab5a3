import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartMessages, type Profile } from '@urbana/shared';
import { authEvents } from '../../lib/auth-events.ts';
import { toast } from '../../lib/toast.ts';
import { FavoritesProvider } from './favorites-context.tsx';
import { useFavorites } from './use-favorites.ts';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

const user = { id: 'u1', email: 'joana@exemplo.com.br', is_staff: false } as unknown as Profile;
const writes: string[] = [];

/** The cloud list is `cloud`; every write of one favourite is refused. */
function serve(cloud: string[]) {
  writes.length = 0;
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    if (init.method === 'PUT' || init.method === 'DELETE') {
      writes.push(`${init.method} ${url}`);
      return Promise.resolve(Response.json({ message: 'Erro interno.' }, { status: 500 }));
    }
    return Promise.resolve(Response.json({ product_ids: cloud }));
  });
}

function Probe() {
  const favorites = useFavorites();
  return (
    <>
      <output data-testid="ids">{favorites.ids.join(',')}</output>
      <button onClick={() => favorites.toggle('p1')}>Favorito</button>
    </>
  );
}

const ids = () => screen.getByTestId('ids').textContent;

/** The provider on screen and the page's first session event of a signed-in customer. */
function openSignedIn() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FavoritesProvider>
        <Probe />
      </FavoritesProvider>
    </QueryClientProvider>,
  );
  act(() => authEvents.emit('INITIAL_SESSION', user));
}

async function renderSignedIn(cloud: string[]) {
  serve(cloud);
  openSignedIn();
  await waitFor(() => expect(ids()).toBe(cloud.join(',')));
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('favoritos de quem entrou: a lista muda na hora e volta se o servidor recusa', () => {
  it('um favorito que não grava sai da lista, com o aviso', async () => {
    await renderSignedIn([]);
    fireEvent.click(screen.getByRole('button', { name: 'Favorito' }));
    expect(ids()).toBe('p1');
    await waitFor(() => expect(ids()).toBe(''));
    expect(writes).toEqual(['PUT /api/favorites/p1']);
    expect(vi.mocked(toast.error)).toHaveBeenCalledWith(
      cartMessages.favoriteAddFailed.title,
      cartMessages.favoriteAddFailed.description,
    );
  });

  it('uma remoção que não grava devolve o favorito, com o aviso', async () => {
    await renderSignedIn(['p1']);
    fireEvent.click(screen.getByRole('button', { name: 'Favorito' }));
    expect(ids()).toBe('');
    await waitFor(() => expect(ids()).toBe('p1'));
    expect(writes).toEqual(['DELETE /api/favorites/p1']);
    expect(vi.mocked(toast.error)).toHaveBeenCalledWith(
      cartMessages.favoriteRemoveFailed.title,
      cartMessages.favoriteRemoveFailed.description,
    );
  });

  it('um favorito marcado enquanto a nuvem ainda responde, logo depois de a página abrir, fica', async () => {
    let answer: (list: string[]) => void = () => undefined;
    writes.length = 0;
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
      if (init.method === 'PUT' || init.method === 'DELETE') {
        writes.push(`${init.method} ${url}`);
        return Promise.resolve(Response.json({ ok: true }));
      }
      return new Promise<Response>((resolve) => {
        answer = (list) => resolve(Response.json({ product_ids: list }));
      });
    });
    openSignedIn();
    fireEvent.click(screen.getByRole('button', { name: 'Favorito' }));
    expect(ids()).toBe('p1');
    // The cloud answers with the list as it was before the tap: the heart stayed (it was wiped).
    await act(async () => answer(['p9']));
    await waitFor(() => expect(ids()).toBe('p9,p1'));
    expect(writes.some((w) => w.startsWith('PUT'))).toBe(true);
  });
});
