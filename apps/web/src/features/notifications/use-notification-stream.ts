import { paths, type NotificationItem } from '@urbana/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hrefOf } from '../../lib/endpoint-call.ts';
import { addLiveNotification, notificationsQuery } from './api.ts';
import { notificationsEndpoints } from '../../lib/endpoints/notifications.ts';

const MAX_BACKOFF_MS = 30_000;
/** The notification of a new order (apps/api/src/services/orders/place-order.ts). */
const ORDER_PLACED = 'pedido_recebido';
/** An order's page (`paths.pedido`), as notifications link to it. */
const ORDER_LINK = new RegExp(`^${paths.pedido.replace(':orderId', '([^/?#]+)')}`);

/**
 * Keeps the notification list live over Server-Sent Events (GET /api/notifications/stream). The
 * browser reconnects by itself after a dropped connection; when the server refuses or is away (the
 * stream is closed for good) we open a new one with a growing pause. After every connection the list
 * is fetched again, so nothing sent before it (or while disconnected) is missed.
 */
export function useNotificationStream(enabled: boolean, onNew?: (n: NotificationItem) => void) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: number | undefined;
    let attempt = 0;
    let stopped = false;
    // A notification about an order (its link is the order's page) means the order changed: the
    // order and the lists of orders are read again, so "Meus pedidos" shows it without a reload.
    // The order alone (`exact`), not the queries under its key: its Pix code follows the order's
    // own payload (features/orders/api.ts usePix), and asked again for a paid order it is refused.
    // "Pedido recebido" is written with the order itself: an order already held was read after it
    // (the checkout's own answer, features/orders/api.ts usePlaceOrder), so only the lists change.
    const followOrder = (n: NotificationItem) => {
      const orderId = ORDER_LINK.exec(n.link ?? '')?.[1];
      if (!orderId) return;
      void client.invalidateQueries({ queryKey: ['orders'] });
      if (n.kind === ORDER_PLACED) return;
      void client.invalidateQueries({ queryKey: ['order', orderId], exact: true });
    };

    const connect = () => {
      source = new EventSource(hrefOf(notificationsEndpoints.stream));
      // The server subscribes before its first byte, so from "open" on nothing is missed; what came
      // before (while the list loaded, or while disconnected) is fetched again.
      source.addEventListener('open', () => {
        attempt = 0;
        void client.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      });
      source.addEventListener('notificacao', (e) => {
        const data = JSON.parse((e as MessageEvent<string>).data) as {
          notification: NotificationItem;
          unread: number;
        };
        const { queryKey } = notificationsQuery;
        const cached = client.getQueryData(queryKey);
        if (cached) client.setQueryData(queryKey, addLiveNotification(cached, data));
        // A read of the list already on its way (the one "open" asked for) may have started before
        // this notification existed: it is replaced by a new one, or its answer would drop it.
        if (!cached || client.isFetching({ queryKey }) > 0) void client.invalidateQueries({ queryKey });
        followOrder(data.notification);
        onNew?.(data.notification);
      });
      source.addEventListener('sincronizar', () => {
        void client.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      });
      source.addEventListener('error', () => {
        if (stopped || !source || source.readyState !== EventSource.CLOSED) return;
        // Closed for good (the server answered an error: restarting, or the session ended): try again
        // later. The list is read again too: an ended session answers it 401 through the API client,
        // and the tab follows it (lib/auth-events.ts) instead of retrying a stream it may not open.
        source.close();
        void client.invalidateQueries({ queryKey: notificationsQuery.queryKey });
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
        attempt += 1;
        timer = window.setTimeout(connect, delay);
      });
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      source?.close();
    };
  }, [enabled, client, onNew]);
}
