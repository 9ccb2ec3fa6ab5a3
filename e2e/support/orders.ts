import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { addDays } from '../../packages/shared/src/catalog.ts';
import { E2E_PSP_PAGE_PORT } from '../../playwright.config.ts';

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

/**
 * Pays an order's Pix as its payer's bank app would: on the page of the PSP simulator the e2e server
 * uses (issue #41), where the charge names the order. The PSP then calls Urbana's webhook.
 */
export async function payAtPsp(context: BrowserContext, orderCode: string) {
  const bank = await context.newPage();
  await bank.goto(`http://127.0.0.1:${E2E_PSP_PAGE_PORT}/`);
  const charge = bank.getByRole('row').filter({ hasText: `Pedido ${orderCode} na Urbana` });
  await charge.getByRole('button', { name: /^Pagar / }).click();
  await expect(charge.getByText('CONCLUIDA')).toBeVisible();
  await bank.close();
}
