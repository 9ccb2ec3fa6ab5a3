import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail, AdminOrderPage, CancelOrderInput } from '@urbana/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, periodRefused } from './admin-api.ts';

/** /admin/pedidos: the list, one order and its actions (types from the shared response schemas). */
// z.infer of the shared response schemas (packages/shared/src/orders/admin-schemas.ts).
export type AdminOrderPageData = AdminOrderPage;
export type AdminOrderData = AdminOrderDetail;

export const adminOrdersQuery = (search: string) =>
  queryOptions({
    queryKey: adminKeys.list('pedidos', search),
    queryFn: () => api<AdminOrderPageData>(`/api/admin/pedidos${search ? `?${search}` : ''}`),
    placeholderData: keepPreviousData,
    enabled: !periodRefused(search),
  });
export const useAdminOrders = (search: string) => useQuery(adminOrdersQuery(search));

export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.one('pedidos', id),
    queryFn: () => api<AdminOrderData>(`/api/admin/pedidos/${id}`),
  });
export const useAdminOrder = (id: string) => useQuery(adminOrderQuery(id));

export type AdminOrderAction =
  | { kind: 'confirmar' }
  | { kind: 'prorrogar'; horas: number }
  | { kind: 'reemitir-pix' }
  | ({ kind: 'cancelar' } & CancelOrderInput)
  | { kind: 'reenviar-email' };

/** One staff action on an order; the answer is the order as it is now, and every admin list refreshes. */
export function useAdminOrderAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: AdminOrderAction) => {
      if (action.kind === 'confirmar') {
        await api(`/api/admin/orders/${id}/confirm-payment`, { method: 'POST' });
        return api<AdminOrderData>(`/api/admin/pedidos/${id}`);
      }
      const { kind, ...body } = action;
      return api<AdminOrderData>(`/api/admin/pedidos/${id}/${kind}`, {
        method: 'POST',
        ...(Object.keys(body).length ? { body } : {}),
      });
    },
    onSuccess: (order) => {
      client.setQueryData(adminKeys.one('pedidos', id), order);
      void client.invalidateQueries({ queryKey: adminKeys.all });
    },
    // Refused (most often because the order changed in another tab or by another person: a 409), the
    // page reads the order again, so its status and its actions are the order's as it is now.
    onError: () => client.invalidateQueries({ queryKey: adminKeys.one('pedidos', id) }),
  });
}

/** The CSV of the filtered list: a plain link the browser downloads (the session cookie goes along). */
export const adminOrdersCsvUrl = (search: string) => `/api/admin/pedidos/csv${search ? `?${search}` : ''}`;
