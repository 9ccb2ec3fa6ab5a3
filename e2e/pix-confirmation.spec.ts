import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays } from '@urbana/shared';
import { productIds, STAFF } from './support/fixtures.ts';
import { personBilling, placeOrderAs, startDate } from './support/orders.ts';
import { apiAs, createCustomer, signInWithForm } from './support/users.ts';

/**
 * A customer with a Pix order waiting for payment (placed through the API, for a week `week` weeks
 * after the first bookable one, which no other spec books), signed in on `page`.
 */
async function signedInWithPixOrder(
  page: Page,
  request: APIRequestContext,
  playwright: Parameters<typeof apiAs>[0],
  baseURL: string,
  input: { nome: string; week: number },
) {
  const customer = await createCustomer(request, input.nome);
  const api = await apiAs(playwright, baseURL, customer.email, customer.password);
  expect((await api.put('/api/billing-profile', { data: personBilling(input.nome) })).status()).toBe(200);
  const [productId] = await productIds(request, 1);
  const order = await placeOrderAs(api, {
    productId: productId!,
    start: addDays(await startDate(request), 7 * input.week),
    method: 'pix',
  });
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/buscar-locais/);
  return { api, order };
}

// Found walking the confirmation page while an operador worked on the order: after "Reemitir Pix"
// the page kept showing the refused code until a reload, and after "Prorrogar reserva" (+24 h) the
// time left read "1467:19".
test('confirmação do Pix: o código novo aparece sem recarregar e o prazo longo se lê em horas', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const { api, order } = await signedInWithPixOrder(page, request, playwright, baseURL!, {
    nome: 'Cliente do Pix',
    week: 50,
  });
  await page.goto(`/confirmacao-pedido?orderId=${order.id}`);
  const code = page.getByRole('textbox', { name: 'Pix copia e cola' });
  await expect(code).not.toHaveValue('');
  const first = await code.inputValue();
  await expect(page.getByText(/O código vale por mais \d{2}:\d{2}\./)).toBeVisible();

  const staff = await apiAs(playwright, baseURL!, STAFF.operador, STAFF.password);
  expect(
    (await staff.post(`/api/admin/pedidos/${order.id}/prorrogar`, { data: { horas: 24 } })).status(),
  ).toBe(200);
  expect((await staff.post(`/api/admin/pedidos/${order.id}/reemitir-pix`)).status()).toBe(200);

  // The page follows the order (it asks every 3 s): the new code replaces the refused one.
  await expect(code).not.toHaveValue(first, { timeout: 15_000 });
  const fresh = await (await api.get(`/api/orders/${order.id}/pix`)).json();
  await expect(code).toHaveValue(fresh.payload);
  await expect(page.getByText(/O código vale por mais (24|23) h \d{1,2} min\./)).toBeVisible();
});

test('Meus pedidos acompanha a equipe: o pagamento confirmado aparece sem recarregar', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const { order } = await signedInWithPixOrder(page, request, playwright, baseURL!, {
    nome: 'Cliente da Lista',
    week: 51,
  });
  const streamOpen = page.waitForResponse((r) => r.url().endsWith('/api/notifications/stream'));
  await page.goto('/usuario/meus-pedidos');
  await streamOpen;
  const row = page.getByRole('listitem').filter({ hasText: order.code });
  await expect(row).toContainText('Aguardando pagamento');

  const staff = await apiAs(playwright, baseURL!, STAFF.operador, STAFF.password);
  expect((await staff.post(`/api/admin/orders/${order.id}/confirm-payment`)).status()).toBe(200);
  await expect(row).toContainText('Pago', { timeout: 15_000 });
  await expect(row).not.toContainText('Aguardando pagamento');
});

// Found walking the confirmation page on a phone while an operador confirmed the payment: the page
// turned to "Pagamento confirmado!", but the notification about the order also asked for the Pix
// code again, and the server (rightly) answered 409 "Este pedido não aguarda pagamento por Pix."
test('pago com a página do Pix aberta: a página vira "Pagamento confirmado!" sem pedir o Pix de novo', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const { order } = await signedInWithPixOrder(page, request, playwright, baseURL!, {
    nome: 'Cliente Pago na Hora',
    week: 49,
  });
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  const streamOpen = page.waitForResponse((r) => r.url().endsWith('/api/notifications/stream'));
  await page.goto(`/confirmacao-pedido?orderId=${order.id}`);
  await streamOpen;
  await expect(page.getByRole('img', { name: 'QR Code do Pix' })).toBeVisible();

  const staff = await apiAs(playwright, baseURL!, STAFF.operador, STAFF.password);
  expect((await staff.post(`/api/admin/orders/${order.id}/confirm-payment`)).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('img', { name: 'QR Code do Pix' })).toHaveCount(0);
  // Long enough for the order's notification to arrive and be acted on.
  await page.waitForTimeout(2000);
  expect(refused).toEqual([]);
});
