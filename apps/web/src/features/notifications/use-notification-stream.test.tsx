import type { NotificationList } from '@urbana/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsQuery } from './api.ts';
import { useNotificationStream } from './use-notification-stream.ts';

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, Array<(e: Event) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data?: unknown) {
    if (type === 'open') this.readyState = FakeEventSource.OPEN;
    const event =
      data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    for (const fn of this.listeners.get(type) ?? []) fn(event);
  }
}

function Stream() {
  useNotificationStream(true);
  return null;
}

const item = (id: string, title: string) => ({
  id,
  kind: 'teste',
  title,
  body: '',
  link: null,
  read: false,
  created_at: '2026-11-21T12:00:00.000Z',
});

let client: QueryClient;
function setup(initial: NotificationList) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(notificationsQuery.queryKey, initial);
  const fetched = vi.fn(() => Promise.resolve(initial));
  client.setQueryDefaults(notificationsQuery.queryKey, { queryFn: fetched });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = render(<Stream />, { wrapper });
  return { view, fetched };
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('notificações ao vivo', () => {
  it('uma notificação do stream entra no topo da lista com o novo total de não lidas', () => {
    setup({ unread: 1, items: [item('a', 'Antiga')] });
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe('/api/notifications/stream');
    act(() => source.emit('notificacao', { notification: item('b', 'Nova'), unread: 2 }));
    const list = client.getQueryData(notificationsQuery.queryKey)!;
    expect(list.unread).toBe(2);
    expect(list.items.map((n) => n.title)).toEqual(['Nova', 'Antiga']);
    // The same event again (a replay) does not duplicate it.
    act(() => source.emit('notificacao', { notification: item('b', 'Nova'), unread: 2 }));
    expect(client.getQueryData(notificationsQuery.queryKey)!.items).toHaveLength(2);
  });

  it('reconecta sozinho com espera crescente quando o stream fecha de vez, e busca a lista ao reabrir', async () => {
    const { view } = setup({ unread: 0, items: [] });
    const first = FakeEventSource.instances[0]!;
    // A dropped connection the browser retries itself (still CONNECTING): nothing to do.
    act(() => first.emit('error'));
    expect(FakeEventSource.instances).toHaveLength(1);
    // Closed for good (the server answered an error): a new stream after 1 s, then 2 s; the list is
    // read again at once (a session that ended answers it 401, which signs the tab out).
    first.readyState = FakeEventSource.CLOSED;
    act(() => first.emit('error'));
    expect(client.getQueryState(notificationsQuery.queryKey)?.isInvalidated).toBe(true);
    act(() => vi.advanceTimersByTime(999));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.instances).toHaveLength(2);
    const second = FakeEventSource.instances[1]!;
    second.readyState = FakeEventSource.CLOSED;
    act(() => second.emit('error'));
    act(() => vi.advanceTimersByTime(1999));
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    const third = FakeEventSource.instances[2]!;
    // Open again: the list is marked stale and fetched (what came meanwhile is not lost).
    await act(async () => third.emit('open'));
    expect(client.getQueryState(notificationsQuery.queryKey)?.isInvalidated).toBe(true);
    view.unmount();
    expect(third.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('uma notificação que chega enquanto a lista é buscada não some quando a busca antiga responde', async () => {
    // The list read when the stream opened started before the order existed; its answer comes
    // after the live event. A new read replaces it, so the stale answer never lands.
    const stale = { unread: 1, items: [item('a', 'Antiga')] };
    const fresh = { unread: 2, items: [item('b', 'Nova'), item('a', 'Antiga')] };
    let answerStale: (list: NotificationList) => void = () => undefined;
    const fetched = vi
      .fn<() => Promise<NotificationList>>()
      .mockImplementationOnce(() => new Promise((resolve) => (answerStale = resolve)))
      .mockImplementation(() => Promise.resolve(fresh));
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(notificationsQuery.queryKey, stale);
    function Bell() {
      useQuery({ queryKey: notificationsQuery.queryKey, queryFn: fetched, staleTime: 60_000 });
      useNotificationStream(true);
      return null;
    }
    render(
      <QueryClientProvider client={client}>
        <Bell />
      </QueryClientProvider>,
    );
    const source = FakeEventSource.instances[0]!;
    await act(async () => source.emit('open'));
    expect(fetched).toHaveBeenCalledTimes(1);
    await act(async () => source.emit('notificacao', { notification: item('b', 'Nova'), unread: 2 }));
    await act(async () => answerStale(stale));
    const list = client.getQueryData(notificationsQuery.queryKey)!;
    expect(list.items.map((n) => n.title)).toEqual(['Nova', 'Antiga']);
    expect(list.unread).toBe(2);
  });

  it('uma notificação de pedido relê o pedido; a de pedido recebido só as listas (o pedido veio na resposta)', () => {
    setup({ unread: 0, items: [] });
    const source = FakeEventSource.instances[0]!;
    const order = (id: string) => ({ id, status: 'aguardando_pagamento' });
    client.setQueryData(['order', 'p-1'], order('p-1'));
    client.setQueryData(['order', 'p-2'], order('p-2'));
    client.setQueryData(['orders', null], []);
    const about = (id: string, kind: string, orderId: string) => ({
      ...item(id, 'Pedido'),
      kind,
      link: `/pedido/${orderId}`,
    });
    act(() => source.emit('notificacao', { notification: about('n1', 'pedido_recebido', 'p-1'), unread: 1 }));
    expect(client.getQueryState(['order', 'p-1'])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['orders', null])?.isInvalidated).toBe(true);
    act(() => source.emit('notificacao', { notification: about('n2', 'pedido_status', 'p-2'), unread: 2 }));
    expect(client.getQueryState(['order', 'p-2'])?.isInvalidated).toBe(true);
  });
});
