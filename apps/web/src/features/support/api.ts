import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketInput, TicketCategory, TicketStatus } from '@urbana/shared';
import { api } from '../../lib/api-client.ts';

export interface Ticket {
  id: string;
  code: string;
  name: string;
  email: string;
  subject: string;
  category: TicketCategory;
  status: TicketStatus;
  assignee_id: string | null;
  created_at: string;
  last_message_at: string;
}
export interface TicketMessage {
  id: string;
  author_role: 'cliente' | 'equipe';
  author_name: string | null;
  body: string;
  created_at: string;
}
export type TicketThread = Ticket & { messages: TicketMessage[] };

export const myTicketsQuery = queryOptions({
  queryKey: ['support', 'mine'],
  queryFn: () => api<{ items: Ticket[] }>('/api/support/tickets').then((r) => r.items),
});
export const useMyTickets = (enabled: boolean) => useQuery({ ...myTicketsQuery, enabled });

export const myTicketQuery = (id: string) =>
  queryOptions({
    queryKey: ['support', 'mine', id],
    queryFn: () => api<TicketThread>(`/api/support/tickets/${id}`),
  });
export const useMyTicket = (id: string | null) =>
  useQuery({ ...myTicketQuery(id ?? ''), enabled: Boolean(id) });

export function useOpenTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketInput) => api<Ticket>('/api/support/tickets', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: myTicketsQuery.queryKey }),
  });
}

export function useReplyToTicket(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      api<TicketThread>(`/api/support/tickets/${id}/messages`, { method: 'POST', body: { message } }),
    onSuccess: (thread) => {
      client.setQueryData(myTicketQuery(id).queryKey, thread);
      void client.invalidateQueries({ queryKey: myTicketsQuery.queryKey, exact: true });
    },
  });
}

// ---------- staff ----------

export interface StaffTicketFilters {
  status: TicketStatus | null;
  q: string;
  mine: boolean;
  page: number;
}
export interface StaffTicketPage {
  total: number;
  page: number;
  page_size: number;
  counts: Partial<Record<TicketStatus, number>>;
  items: Ticket[];
}

export const staffTicketsQuery = (f: StaffTicketFilters) => {
  const params = new URLSearchParams();
  if (f.status) params.set('status', f.status);
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.mine) params.set('meus', '1');
  if (f.page > 1) params.set('page', String(f.page));
  const qs = params.toString();
  return queryOptions({
    queryKey: ['admin', 'support', 'list', f],
    queryFn: () => api<StaffTicketPage>(`/api/admin/support/tickets${qs ? `?${qs}` : ''}`),
  });
};
export const useStaffTickets = (f: StaffTicketFilters) =>
  useQuery({ ...staffTicketsQuery(f), placeholderData: (p) => p, refetchInterval: 30_000 });

export const staffTicketQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'support', 'ticket', id],
    queryFn: () => api<TicketThread>(`/api/admin/support/tickets/${id}`),
  });
export const useStaffTicket = (id: string | null) =>
  useQuery({ ...staffTicketQuery(id ?? ''), enabled: Boolean(id), refetchInterval: 15_000 });

export const useSupportStaff = () =>
  useQuery({
    queryKey: ['admin', 'support', 'staff'],
    queryFn: () =>
      api<{ items: Array<{ id: string; nome_completo: string }> }>('/api/admin/support/staff').then(
        (r) => r.items,
      ),
    staleTime: 5 * 60_000,
  });

function useStaffUpdate<T>(id: string, request: (body: T) => Promise<TicketThread>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (thread) => {
      client.setQueryData(staffTicketQuery(id).queryKey, thread);
      void client.invalidateQueries({ queryKey: ['admin', 'support', 'list'] });
    },
  });
}

export const useStaffReply = (id: string) =>
  useStaffUpdate<string>(id, (message) =>
    api<TicketThread>(`/api/admin/support/tickets/${id}/messages`, { method: 'POST', body: { message } }),
  );

export const useUpdateTicket = (id: string) =>
  useStaffUpdate<{ status?: TicketStatus; assignee_id?: string | null }>(id, (body) =>
    api<TicketThread>(`/api/admin/support/tickets/${id}`, { method: 'PATCH', body }),
  );
