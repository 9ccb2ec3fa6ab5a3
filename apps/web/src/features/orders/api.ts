import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingProfileInput,
  CartItem,
  CheckoutItem,
  CheckoutRequest,
  OrderDetail,
  OrderStatus,
  OrderSummary,
  Quote,
  QuoteItem,
} from '@urbana/shared';
import { saveFile } from '../../lib/api-client.ts';
import { call, callFile, hrefOf } from '../../lib/endpoint-call.ts';
import { billingEndpoints as billing } from '../../lib/endpoints/billing.ts';
import { billingProfileEndpoints as billingProfile } from '../../lib/endpoints/billing-profile.ts';
import { checkoutEndpoints as checkout } from '../../lib/endpoints/checkout.ts';
import { ordersEndpoints as orders } from '../../lib/endpoints/orders.ts';

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
    queryFn: () => call(checkout.quote, { body }),
    enabled: body.items.length > 0,
    staleTime: 15_000,
    retry: false,
  });
export const useQuote = (body: CheckoutRequest) =>
  useQuery({ ...quoteQuery(body), placeholderData: (p) => p });

export const billingQuery = queryOptions({
  queryKey: ['billing-profile'],
  queryFn: () => call(billingProfile.read).then((r) => r.profile),
});
export const useBillingProfile = (enabled = true) => useQuery({ ...billingQuery, enabled });

/** The company behind a CNPJ, from the Receita's registry through the API (issue #42 item 2). */
export const fetchCnpj = (cnpj: string, signal?: AbortSignal) =>
  call(billing.cnpj, { params: { cnpj }, ...(signal ? { signal } : {}) });

export function useSaveBilling() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingProfileInput) => call(billingProfile.save, { body }),
    onSuccess: (r) => client.setQueryData(billingQuery.queryKey, r.profile),
  });
}

export const orderQuery = (id: string) =>
  queryOptions({ queryKey: ['order', id], queryFn: () => call(orders.detail, { params: { id } }) });
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
    queryFn: () =>
      call(orders.list, {
        query: { status: status ?? undefined, advertiser_id: advertiserId ?? undefined },
      }).then((r) => r.items),
  });

/**
 * The order's Pix code and QR. `payload` is the code the order read last carries: when staff reissue
 * the Pix, the followed order brings the new one and the QR is asked again.
 */
export const usePix = (id: string, enabled: boolean, payload?: string | null) =>
  useQuery({
    queryKey: ['order', id, 'pix', payload ?? null],
    queryFn: () => call(orders.pix, { params: { id } }),
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
      call(orders.place, { body, headers: { 'idempotency-key': idempotencyKey } }),
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
    mutationFn: () => call(orders.cancel, { params: { id } }),
    onSuccess: (order) => {
      client.setQueryData(orderQuery(id).queryKey, order);
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/** Downloads the cart's PDF media plan. */
export async function downloadProposal(body: CheckoutRequest): Promise<void> {
  saveFile(await callFile(checkout.proposalPdf, { body }), 'proposta-urbana.pdf');
}

/** The credit note of the user's cancelled order: a plain link, the session cookie goes along. */
export const creditNotePdfUrl = (orderId: string) =>
  hrefOf(billing.creditNotePdf, { params: { id: orderId } });
