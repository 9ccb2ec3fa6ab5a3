import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, cartMessages, type CartItem, type Profile } from '@urbana/shared';
import { authEvents } from '../../lib/auth-events.ts';
import { toast } from '../../lib/toast.ts';
import { CartProvider } from './cart-context.tsx';
import { useCart } from './use-cart.ts';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

const user = { id: 'u1', email: 'joana@exemplo.com.br', is_staff: false } as unknown as Profile;
const line = (id: string) => ({ id, product_id: id, name: id, weeks: 1 }) as CartItem;
const saves: CartItem[][] = [];

/** The cloud holds `cloud`; every save fails as a dropped connection would. */
function serve(cloud: CartItem[]) {
  saves.length = 0;
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    if (init.method === 'PUT') {
      saves.push((JSON.parse(String(init.body)) as { products: CartItem[] }).products);
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    return Promise.resolve(Response.json({ products: cloud }));
  });
}

function Probe() {
  const cart = useCart();
  return (
    <>
      <output data-testid="linhas">{cart.items.map((i) => i.product_id).join(',')}</output>
      <button onClick={() => cart.addItem({ product_id: `p${cart.count + 1}`, name: 'Painel' })}>Pôr</button>
    </>
  );
}

const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as CartItem[] | null;
const lines = () => screen.getByTestId('linhas').textContent;

function renderSignedIn(event: 'INITIAL_SESSION' | 'SIGNED_IN') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CartProvider>
        <Probe />
      </CartProvider>
    </QueryClientProvider>,
  );
  act(() => authEvents.emit(event, user));
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('carrinho de quem entrou: gravações na nuvem', () => {
  it('cada gravação que falha guarda as linhas no aparelho; o aviso vem uma vez, também sem rede', async () => {
    serve([]);
    // Offline, a save fails at once (the local fallback), not paused until the network returns.
    onlineManager.setOnline(false);
    renderSignedIn('INITIAL_SESSION');
    await waitFor(() => expect(vi.mocked(toast.success)).not.toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Pôr' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pôr' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    await waitFor(() => expect(stored()?.map((i) => i.product_id)).toEqual(['p1', 'p2']));
    // Told once, not at every change while the connection is down (issue #40 item 2).
    expect(vi.mocked(toast.error)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(toast.error)).toHaveBeenCalledWith(
      cartMessages.saveFailed.title,
      cartMessages.saveFailed.description,
    );
    expect(saves.map((s) => s.length)).toEqual([1, 2]);
    expect(lines()).toBe('p1,p2');
    expect(stored()?.map((i) => i.product_id)).toEqual(['p1', 'p2']);
  });

  it('ao entrar, uma junção que não sobe fica na tela e no aparelho, sem o aviso de sucesso', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line('local-1')]));
    serve([line('nuvem-1')]);
    renderSignedIn('SIGNED_IN');
    await waitFor(() => expect(lines()).toBe('nuvem-1,local-1'));
    expect(saves).toHaveLength(1);
    expect(stored()?.map((i) => i.id)).toEqual(['nuvem-1', 'local-1']);
    expect(vi.mocked(toast.error)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(toast.success)).not.toHaveBeenCalled();
  });

  it('um item posto enquanto a nuvem ainda responde, logo depois de a página abrir, não some', async () => {
    // The page's first read of the cloud cart answers late; the customer adds an item meanwhile.
    let answer: (cart: CartItem[]) => void = () => undefined;
    saves.length = 0;
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { products: CartItem[] };
        saves.push(body.products);
        return Promise.resolve(Response.json(body));
      }
      return new Promise<Response>((resolve) => {
        answer = (cart) => resolve(Response.json({ products: cart }));
      });
    });
    renderSignedIn('INITIAL_SESSION');
    fireEvent.click(screen.getByRole('button', { name: 'Pôr' }));
    expect(lines()).toBe('p1');
    await act(async () => answer([]));
    // The sync answered with the cart as it was before the click: the item stayed (it was wiped).
    await waitFor(() => expect(saves.length).toBeGreaterThan(0));
    expect(lines()).toBe('p1');
    expect(saves.at(-1)?.map((i) => i.product_id)).toEqual(['p1']);
  });
});
