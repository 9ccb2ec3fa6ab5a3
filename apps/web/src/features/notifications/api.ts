import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type NotificationItem, type NotificationList } from '@urbana/shared';
import { call } from '../../lib/endpoint-call.ts';
import { notificationsEndpoints } from '../../lib/endpoints/notifications.ts';

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => call(notificationsEndpoints.list),
  // The live stream keeps it fresh; a refetch on focus catches anything missed.
  staleTime: 60_000,
});

export const useNotifications = (enabled = true) => useQuery({ ...notificationsQuery, enabled });

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(notificationsEndpoints.read, { params: { id } }),
    onSuccess: ({ notification, unread }) =>
      client.setQueryData(notificationsQuery.queryKey, (old) =>
        old ? { unread, items: old.items.map((n) => (n.id === notification.id ? notification : n)) } : old,
      ),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationsEndpoints.readAll),
    onSuccess: () =>
      client.setQueryData(notificationsQuery.queryKey, (old) =>
        old ? { unread: 0, items: old.items.map((n) => ({ ...n, read: true })) } : old,
      ),
  });
}

/** A new notification heard on the live stream goes to the top of the cached list. */
export function addLiveNotification(
  old: NotificationList | undefined,
  event: { notification: NotificationItem; unread: number },
): NotificationList | undefined {
  if (!old) return old;
  if (old.items.some((n) => n.id === event.notification.id)) return { ...old, unread: event.unread };
  return { unread: event.unread, items: [event.notification, ...old.items].slice(0, 50) };
}
