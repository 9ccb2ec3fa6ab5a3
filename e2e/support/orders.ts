import { expect, type APIRequestContext } from '@playwright/test';
import { addDays } from '../../packages/shared/src/catalog.ts';

export { companyBilling, personBilling } from '../../packages/shared/src/billing/samples.ts';

/** A start two weeks after the earliest bookable day. */
export async function startDate(request: APIRequestContext) {
  const config = (await (await request.get('/api/config')).json()) as { earliest_start: string };
  return addDays(config.earliest_start, 14);
}

/** Places an order as the customer `api` acts for (the checkout's own call, with its Idempotency-Key). */
export async function placeOrderAs(
  api: APIRequestContext,
  input: { productId: string; start: string; method: 'pix' | 'faturado' },
) {
  const res = await api.post('/api/orders', {
    headers: { 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      items: [{ product_id: input.productId, start_date: input.start, weeks: 1, tower_ids: [] }],
      payment_method: input.method,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; code: string };
}
