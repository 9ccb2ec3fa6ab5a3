import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AudienceSegment } from '@urbana/shared';
import { api } from '../../lib/api-client.ts';

export interface Recipient {
  id: string;
  email: string;
  nome_completo: string;
  tipo_usuario: string;
}

export const useRecipientSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'recipients', q],
    queryFn: () =>
      api<{ items: Recipient[] }>(`/api/admin/notificacoes/destinatarios?q=${encodeURIComponent(q)}`).then(
        (r) => r.items,
      ),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export interface Broadcast {
  id: string;
  segment: AudienceSegment;
  target_user_id: string | null;
  title: string;
  body: string;
  link: string | null;
  recipients: number;
  read: number;
  sender: string | null;
  created_at: string;
}
interface Page<T> {
  total: number;
  page: number;
  page_size: number;
  items: T[];
}

export const useBroadcasts = (page: number) =>
  useQuery({
    queryKey: ['admin', 'broadcasts', page],
    queryFn: () => api<Page<Broadcast>>(`/api/admin/notificacoes?page=${page}`),
    placeholderData: keepPreviousData,
  });

export interface BroadcastInput {
  segment: AudienceSegment;
  user_id?: string | null;
  title: string;
  body?: string;
  link?: string | null;
}

/** How many active users this audience reaches now; asked before a broadcast is sent. */
export const useAudienceCount = (segment: AudienceSegment, userId: string | null) =>
  useQuery({
    queryKey: ['admin', 'audience-count', segment, userId],
    queryFn: () =>
      api<{ recipients: number }>(
        `/api/admin/notificacoes/alcance?segment=${segment}${userId ? `&user_id=${userId}` : ''}`,
      ).then((r) => r.recipients),
    enabled: segment !== 'usuario' || Boolean(userId),
  });

export function useSendBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BroadcastInput) =>
      api<{ id: string; recipients: number }>('/api/admin/notificacoes', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'broadcasts'] }),
  });
}

export interface ScheduledEmail {
  id: string;
  segment: AudienceSegment;
  target_user_id: string | null;
  subject: string;
  body: string;
  send_at: string;
  status: 'agendado' | 'enviado' | 'cancelado';
  recipients: number;
  processed_at: string | null;
  created_at: string;
  sent: number;
  failed: number;
  pending: number;
  logged: number;
}

export interface ScheduledInput {
  segment: AudienceSegment;
  user_id?: string | null;
  subject: string;
  body: string;
  send_at: string;
}

export const useScheduledEmails = (page: number) =>
  useQuery({
    queryKey: ['admin', 'scheduled', page],
    queryFn: () => api<Page<ScheduledEmail>>(`/api/admin/emails-agendados?page=${page}`),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export function useSaveScheduled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ScheduledInput }) =>
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
