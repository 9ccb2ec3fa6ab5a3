import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketInput, StaffTicketQuery, TicketUpdate, TicketThread } from '@urbana/shared';
import { call } from '../../lib/endpoint-call.ts';
import { adminEndpoints } from '../../lib/endpoints/admin.ts';
import { supportEndpoints as support } from '../../lib/endpoints/support.ts';

export const myTicketsQuery = queryOptions({
  queryKey: ['support', 'mine'],
  queryFn: () => call(support.list).then((r) => r.items),
});
export const useMyTickets = (enabled: boolean) => useQuery({ ...myTicketsQuery, enabled });

export const myTicketQuery = (id: string) =>
  queryOptions({
    queryKey: ['support', 'mine', id],
    queryFn: () => call(support.ticket, { params: { id } }),
  });
export const useMyTicket = (id: string | null) =>
  useQuery({ ...myTicketQuery(id ?? ''), enabled: Boolean(id) });

export function useOpenTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketInput) => call(support.open, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: myTicketsQuery.queryKey }),
  });
}

export function useReplyToTicket(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => call(support.reply, { params: { id }, body: { message } }),
    onSuccess: (thread) => {
      client.setQueryData(myTicketQuery(id).queryKey, thread);
      void client.invalidateQueries({ queryKey: myTicketsQuery.queryKey, exact: true });
    },
  });
}

// ---------- staff ----------

const staff = adminEndpoints.support;

/** The inbox's filters, as the shared request schema reads them (`meus=1`: assigned to me). */
export const staffTicketsQuery = (f: StaffTicketQuery) => {
  const query = { status: f.status, q: f.q?.trim(), meus: f.meus, page: f.page > 1 ? f.page : undefined };
  return queryOptions({
    queryKey: ['admin', 'support', 'list', f],
    queryFn: () => call(staff.tickets, { query }),
  });
};
export const useStaffTickets = (f: StaffTicketQuery) =>
  useQuery({ ...staffTicketsQuery(f), placeholderData: (p) => p, refetchInterval: 30_000 });

export const staffTicketQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'support', 'ticket', id],
    queryFn: () => call(staff.ticket, { params: { id } }),
  });
export const useStaffTicket = (id: string | null) =>
  useQuery({ ...staffTicketQuery(id ?? ''), enabled: Boolean(id), refetchInterval: 15_000 });

export const useSupportStaff = () =>
  useQuery({
    queryKey: ['admin', 'support', 'staff'],
    queryFn: () => call(staff.staff).then((r) => r.items),
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
  useStaffUpdate<string>(id, (message) => call(staff.reply, { params: { id }, body: { message } }));

export const useUpdateTicket = (id: string) =>
  useStaffUpdate<TicketUpdate>(id, (body) => call(staff.update, { params: { id }, body }));
