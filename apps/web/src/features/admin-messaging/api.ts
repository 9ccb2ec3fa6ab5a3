import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AudienceSegment, type BroadcastInput, type ScheduledEmailInput } from '@urbana/shared';
import { call } from '../../lib/endpoint-call.ts';
import { adminEndpoints } from '../../lib/endpoints/admin.ts';

const { notifications, scheduledEmails } = adminEndpoints;

export const useRecipientSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'recipients', q],
    queryFn: () => call(notifications.recipients, { query: { q } }).then((r) => r.items),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useBroadcasts = (page: number) =>
  useQuery({
    queryKey: ['admin', 'broadcasts', page],
    queryFn: () => call(notifications.list, { query: { page } }),
    placeholderData: keepPreviousData,
  });

/** How many active users this audience reaches now; asked before a broadcast is sent. */
export const useAudienceCount = (segment: AudienceSegment, userId: string | null) =>
  useQuery({
    queryKey: ['admin', 'audience-count', segment, userId],
    queryFn: () =>
      call(notifications.audience, { query: { segment, user_id: userId ?? undefined } }).then(
        (r) => r.recipients,
      ),
    enabled: segment !== 'usuario' || Boolean(userId),
  });

export function useSendBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BroadcastInput) => call(notifications.send, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'broadcasts'] }),
  });
}

export const useScheduledEmails = (page: number) =>
  useQuery({
    queryKey: ['admin', 'scheduled', page],
    queryFn: () => call(scheduledEmails.list, { query: { page } }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export function useSaveScheduled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ScheduledEmailInput }) =>
      id ? call(scheduledEmails.update, { params: { id }, body }) : call(scheduledEmails.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'scheduled'] }),
  });
}

export function useCancelScheduled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(scheduledEmails.cancel, { params: { id }, body: undefined }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'scheduled'] }),
  });
}
