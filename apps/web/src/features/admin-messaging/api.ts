import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AudienceCount,
  AudienceSegment,
  BroadcastInput,
  BroadcastSent,
  RecipientList,
  ScheduledEmail,
  ScheduledEmailInput,
  ScheduledEmailPage,
  SentBroadcastPage,
} from '@urbana/shared';
import { api } from '../../lib/api-client.ts';

export const useRecipientSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'recipients', q],
    queryFn: () =>
      api<RecipientList>(`/api/admin/notificacoes/destinatarios?q=${encodeURIComponent(q)}`).then(
        (r) => r.items,
      ),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useBroadcasts = (page: number) =>
  useQuery({
    queryKey: ['admin', 'broadcasts', page],
    queryFn: () => api<SentBroadcastPage>(`/api/admin/notificacoes?page=${page}`),
    placeholderData: keepPreviousData,
  });

/** How many active users this audience reaches now; asked before a broadcast is sent. */
export const useAudienceCount = (segment: AudienceSegment, userId: string | null) =>
  useQuery({
    queryKey: ['admin', 'audience-count', segment, userId],
    queryFn: () =>
      api<AudienceCount>(
        `/api/admin/notificacoes/alcance?segment=${segment}${userId ? `&user_id=${userId}` : ''}`,
      ).then((r) => r.recipients),
    enabled: segment !== 'usuario' || Boolean(userId),
  });

export function useSendBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BroadcastInput) =>
      api<BroadcastSent>('/api/admin/notificacoes', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'broadcasts'] }),
  });
}

export const useScheduledEmails = (page: number) =>
  useQuery({
    queryKey: ['admin', 'scheduled', page],
    queryFn: () => api<ScheduledEmailPage>(`/api/admin/emails-agendados?page=${page}`),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export function useSaveScheduled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ScheduledEmailInput }) =>
      id
        ? api<ScheduledEmail>(`/api/admin/emails-agendados/${id}`, { method: 'PUT', body })
        : api<ScheduledEmail>('/api/admin/emails-agendados', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'scheduled'] }),
  });
}

export function useCancelScheduled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<ScheduledEmail>(`/api/admin/emails-agendados/${id}/cancelar`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'scheduled'] }),
  });
}
