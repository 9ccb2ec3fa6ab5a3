import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingProfile,
  BillingProfileInput,
  CnpjLookup,
  CartItem,
  CheckoutItem,
  CheckoutRequest,
  OrderDetail,
  OrderPix,
  OrderStatus,
  OrderSummary,
  Quote,
  QuoteItem,
} from '@urbana/shared';
import { api, apiFile, saveFile } from '../../lib/api-client.ts';

export type { CheckoutRequest, OrderDetail, OrderSummary, Quote, QuoteItem };

/** The cart as the API's order items (only items that point at a product). */
export function cartToRequest(items: CartItem[], fallbackStart: string): CheckoutItem[] {
  return items
    .filter((i) => i.product_id && /^[0-9a-f-]{36}$/i.test(i.product_id))
    .map((i) => ({
      product_id: i.product_id!,
      start_date: i.startDate && i.startDate >= fallbackStart ? i.startDate : fallbackStart,
      weeks: i.weeks ?? 1,
      tower_ids: i.isTowerBased ? (i.selectedTowers ?? []) : [],
    }));
}

export const quoteQuery = (body: CheckoutRequest) =>
  queryOptions({
    queryKey: ['quote', body],
    queryFn: () => api<Quote>('/api/checkout/quote', { method: 'POST', body }),
    enabled: body.items.length > 0,
    staleTime: 15_000,
    retry: false,
  });
export const useQuote = (body: CheckoutRequest) =>
  useQuery({ ...quoteQuery(body), placeholderData: (p) => p });

export const billingQuery = queryOptions({
  queryKey: ['billing-profile'],
  queryFn: () => api<{ profile: BillingProfile | null }>('/api/billing-profile').then((r) => r.profile),
});
export const useBillingProfile = (enabled = true) => useQuery({ ...billingQuery, enabled });

/** The company behind a CNPJ, from the Receita's registry through the API (issue #42 item 2). */
export const fetchCnpj = (cnpj: string, signal?: AbortSignal) =>
  api<CnpjLookup>(`/api/cnpj/${encodeURIComponent(cnpj)}`, signal ? { signal } : {});

export function useSaveBilling() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingProfileInput) =>
      api<{ profile: BillingProfile }>('/api/billing-profile', { method: 'PUT', body }),
    onSuccess: (r) => client.setQueryData(billingQuery.queryKey, r.profile),
  });
}

export const orderQuery = (id: string) =>
  queryOptions({ queryKey: ['order', id], queryFn: () => api<OrderDetail>(`/api/orders/${id}`) });
export const useOrder = (id: string, poll = false) =>
  useQuery({
    ...orderQuery(id),
    // An address without the order's id asks nothing (it was GET /api/orders/, a 400).
    enabled: id !== '',
    refetchInterval: (q) => (poll && q.state.data?.status === 'aguardando_pagamento' ? 3000 : false),
  });

/** "Meus pedidos": of one status and, for an agency, of one advertiser (null: all). */
export const useOrders = (status: OrderStatus | null, advertiserId: string | null = null) =>
  useQuery({
    queryKey: ['orders', status, advertiserId],
    queryFn: () => {
      const query = new URLSearchParams();
      if (status) query.set('status', status);
      if (advertiserId) query.set('advertiser_id', advertiserId);
      const search = query.toString();
      return api<{ items: OrderSummary[] }>(`/api/orders${search ? `?${search}` : ''}`).then((r) => r.items);
    },
  });

/**
 * The order's Pix code and QR. `payload` is the code the order read last carries: when staff reissue
 * the Pix, the followed order brings the new one and the QR is asked again.
 */
export const usePix = (id: string, enabled: boolean, payload?: string | null) =>
  useQuery({
    queryKey: ['order', id, 'pix', payload ?? null],
    queryFn: () => api<OrderPix>(`/api/orders/${id}/pix`),
    enabled,
    staleTime: Infinity,
  });

/**
 * The order as GET /api/orders/:id reads it, from the checkout's answer (the same `order_detail`
 * document, orderDetailSchema): an order awaiting payment has no NFS-e and no campaign yet, the two
 * things only the GET adds. For any other state (a free order paid at once, a replayed key of an order
 * that moved on) null: the answer is shown, and read again.
 */
function asReadOrder(order: OrderDetail): OrderDetail | null {
  if (order.status !== 'aguardando_pagamento') return null;
  return { ...order, nfse: null, items: order.items.map((item) => ({ ...item, campaign: null })) };
}

/**
 * Places the order: POST /api/orders under the attempt's Idempotency-Key (the same key again returns
 * the same order). Its answer becomes the order's query, so the confirmation page shows it at once,
 * without reading it again (issue #45 item 3, docs/decisions/100-sql-function-sources-and-placed-order-seed.md).
 */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CheckoutRequest; idempotencyKey: string }) =>
      api<OrderDetail>('/api/orders', {
        method: 'POST',
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    onSuccess: (order) => {
      const { queryKey } = orderQuery(order.id);
      const read = asReadOrder(order);
      client.setQueryData(queryKey, read ?? order);
      // What the answer does not carry (campaigns, NFS-e of a paid order) is read when the page opens.
      if (!read) void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export function useCancelOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<OrderDetail>(`/api/orders/${id}/cancel`, { method: 'POST' }),
    onSuccess: (order) => {
      client.setQueryData(orderQuery(id).queryKey, order);
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/** Downloads the cart's PDF media plan. */
export async function downloadProposal(body: CheckoutRequest): Promise<void> {
  saveFile(await apiFile('/api/proposta', { method: 'POST', body }), 'proposta-urbana.pdf');
}

/** The credit note of the user's cancelled order: a plain link, the session cookie goes along. */
export const creditNotePdfUrl = (orderId: string) =>
  `/api/orders/${encodeURIComponent(orderId)}/nota-de-credito.pdf`;
