import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  CART_STORAGE_KEY,
  cartMessages,
  cartPastStartMessage,
  todayInBrasilia,
  type CartItem,
  type Profile,
} from '@urbana/shared';
import { authEvents } from '../../lib/auth-events.ts';
import { toast } from '../../lib/toast.ts';
import { CartProvider } from './cart-context.tsx';
import { useCart } from './use-cart.ts';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

// Issue #40 item 2: the ghost cart after an order, and the sync-failure toast on a refused date.
const user = { id: 'u1', email: 'joana@exemplo.com.br', is_staff: false } as unknown as Profile;
const today = todayInBrasilia();
const PAST = '2020-01-06';
const FUTURE = addDays(today, 30);

/** The cart API as the server answers it: a past start refused with 400, a save otherwise kept. */
function serveCart() {
  const server = { cloud: [] as CartItem[], saves: 0, answered: 0, down: false };
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    if (init.method !== 'PUT') return Response.json({ products: server.cloud });
    server.saves++;
    try {
      if (server.down) throw new TypeError('Failed to fetch');
      const { products } = JSON.parse(String(init.body)) as { products: CartItem[] };
      const past = products.find((p) => p.startDate && p.startDate < today);
      if (past) return Response.json({ message: cartPastStartMessage(past.name, today) }, { status: 400 });
      server.cloud = products;
      return Response.json({ products });
    } finally {
      server.answered++;
    }
  });
  return server;
}

function Probe() {
  const cart = useCart();
  const first = cart.items[0];
  return (
    <>
      <output data-testid="linhas">
        {cart.items.map((i) => `${i.product_id}@${i.startDate}`).join(',')}
      </output>
      <button onClick={() => cart.addItem({ product_id: 'p1', name: 'Painel', startDate: FUTURE })}>
        Pôr
      </button>
      <button onClick={() => first && cart.updateItem(first.id, { startDate: PAST })}>Data passada</button>
      <button onClick={() => first && cart.updateItem(first.id, { startDate: FUTURE })}>Data certa</button>
      <button onClick={() => cart.clear()}>Pedido feito</button>
    </>
  );
}

/** A page load of a signed-in customer (a reload mounts the provider again). */
function openPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CartProvider>
        <Probe />
      </CartProvider>
    </QueryClientProvider>,
  );
  act(() => authEvents.emit('INITIAL_SESSION', user));
}

const stored = () => localStorage.getItem(CART_STORAGE_KEY);
const lines = () => screen.getByTestId('linhas').textContent;
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const failureToasts = () =>
  vi.mocked(toast.error).mock.calls.filter(([title]) => title === cartMessages.saveFailed.title);

/** Clicks and waits until the server has answered every save so far. */
async function saveBy(server: ReturnType<typeof serveCart>, name: string) {
  const before = server.saves;
  click(name);
  await waitFor(() => expect(server.answered).toBeGreaterThan(before));
  await waitFor(() => expect(server.answered).toBe(server.saves));
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('carrinho de quem entrou: o que fica de uma gravação recusada', () => {
  it('uma data que o servidor recusa não mostra o aviso de falha de sincronização', async () => {
    const server = serveCart();
    openPage();
    await saveBy(server, 'Pôr');
    await saveBy(server, 'Data passada');
    // The cart page says it next to the date; the line stays on screen as typed.
    expect(lines()).toBe(`p1@${PAST}`);
    expect(failureToasts()).toEqual([]);
  });

  it('a gravação seguinte que dá certo apaga a cópia deixada pela recusa', async () => {
    const server = serveCart();
    openPage();
    await saveBy(server, 'Pôr');
    await saveBy(server, 'Data passada');
    await saveBy(server, 'Data certa');
    expect(server.cloud.map((i) => i.startDate)).toEqual([FUTURE]);
    expect(stored()).toBeNull();
  });

  it('depois do pedido, as linhas compradas não voltam ao recarregar, nem o aviso', async () => {
    const server = serveCart();
    openPage();
    await saveBy(server, 'Pôr');
    await saveBy(server, 'Data passada');
    await saveBy(server, 'Data certa');
    // The order empties the cloud cart on the server, and the checkout empties the one on screen.
    server.cloud = [];
    await saveBy(server, 'Pedido feito');
    cleanup();
    vi.mocked(toast.error).mockClear();

    openPage();
    await waitFor(() => expect(server.answered).toBe(server.saves));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(lines()).toBe('');
    expect(stored()).toBeNull();
    expect(failureToasts()).toEqual([]);
  });

  it('sem conexão, o aviso de que o carrinho não foi salvo aparece uma vez, não a cada mudança', async () => {
    const server = serveCart();
    openPage();
    await saveBy(server, 'Pôr');
    server.down = true;
    await saveBy(server, 'Data passada');
    await saveBy(server, 'Data certa');
    await saveBy(server, 'Data passada');
    expect(failureToasts()).toHaveLength(1);
    // The last lines are kept on the device, so nothing is lost.
    expect(JSON.parse(stored() ?? '[]')).toMatchObject([{ startDate: PAST }]);
    // Once a save goes through, the copy goes and a new failure is told again.
    server.down = false;
    await saveBy(server, 'Data certa');
    expect(stored()).toBeNull();
    server.down = true;
    await saveBy(server, 'Data passada');
    expect(failureToasts()).toHaveLength(2);
  });

  it('uma gravação antiga que falha depois de uma mais nova dar certo não deixa cópia nem aviso', async () => {
    const server = serveCart();
    openPage();
    await saveBy(server, 'Pôr');
    // The first save's connection drops late, after the second one was kept.
    const real = globalThis.fetch;
    let drop: () => void = () => undefined;
    vi.stubGlobal('fetch', () => {
      vi.stubGlobal('fetch', real);
      return new Promise<Response>((_resolve, reject) => {
        drop = () => reject(new TypeError('Failed to fetch'));
      });
    });
    click('Data passada');
    await saveBy(server, 'Data certa');
    await act(async () => drop());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(stored()).toBeNull();
    expect(failureToasts()).toEqual([]);
  });

  it('uma gravação que falha depois de sair da conta não deixa as linhas da conta no aparelho', async () => {
    const server = serveCart();
    openPage();
    await saveBy(server, 'Pôr');
    let drop: (() => void) | null = null;
    vi.stubGlobal(
      'fetch',
      () =>
        new Promise<Response>((_resolve, reject) => {
          drop = () => reject(new TypeError('Failed to fetch'));
        }),
    );
    click('Data certa');
    // The save is on its way when the customer signs out; its connection drops afterwards.
    await waitFor(() => expect(drop).not.toBeNull());
    act(() => authEvents.emit('SIGNED_OUT', null));
    expect(stored()).toBeNull();
    await act(async () => drop?.());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(stored()).toBeNull();
    expect(failureToasts()).toEqual([]);
  });
});
