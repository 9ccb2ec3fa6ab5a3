import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminOrderDetail, type AdminOrderPage, type CancelOrderInput } from '@urbana/shared';
import { call, hrefOf } from '../../../lib/endpoint-call.ts';
import { queryFromSearch } from '../../../lib/search-query.ts';
import { adminKeys, periodRefused } from './admin-api.ts';
import { adminEndpoints } from '../../../lib/endpoints/admin.ts';

/** /admin/pedidos: the list, one order and its actions (types from the shared response schemas). */
// z.infer of the shared response schemas (packages/shared/src/orders/admin-schemas.ts).
export type AdminOrderPageData = AdminOrderPage;
export type AdminOrderData = AdminOrderDetail;

const { orders } = adminEndpoints;

export const adminOrdersQuery = (search: string) =>
  queryOptions({
    queryKey: adminKeys.list('pedidos', search),
    queryFn: () => call(orders.list, { query: queryFromSearch(orders.list, search) }),
    placeholderData: keepPreviousData,
    enabled: !periodRefused(search),
  });
export const useAdminOrders = (search: string) => useQuery(adminOrdersQuery(search));

export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.one('pedidos', id),
    queryFn: () => call(orders.one, { params: { id } }),
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
      const params = { id };
      switch (action.kind) {
        case 'confirmar':
          await call(orders.confirmPayment, { params, body: undefined });
          return call(orders.one, { params });
        case 'prorrogar':
          return call(orders.extendHold, { params, body: { horas: action.horas } });
        case 'reemitir-pix':
          return call(orders.reissuePix, { params });
        case 'cancelar': {
          const { kind: _kind, ...body } = action;
          return call(orders.cancel, { params, body });
        }
        case 'reenviar-email':
          return call(orders.resendEmail, { params });
      }
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
export const adminOrdersCsvUrl = (search: string) =>
  hrefOf(orders.csv, { query: queryFromSearch(orders.csv, search) });
