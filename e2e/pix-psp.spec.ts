/**
 * Issue #41 in a real browser, through the project's PSP simulator (API Pix over mTLS), which the e2e
 * server is configured with: the customer's code is the PSP's charge, the customer pays it on the
 * simulator's page (as a payer's bank app would) and sees the order paid without reloading; an operador
 * cancels it with the whole refund, the money goes back by Pix, and the customer's order page says so,
 * with the credit note.
 */
import { expect, test } from '@playwright/test';
import { addDays } from '@urbana/shared';
import { staffSignIn } from './support/admin-pages.ts';
import { productIds, STAFF } from './support/fixtures.ts';
import { payAtPsp, personBilling, placeOrderAs, startDate } from './support/orders.ts';
import { customerReadyToOrder, signInWithForm, toast } from './support/users.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('Pix pelo PSP: o cliente paga no banco e vê o pedido pago sem recarregar; a equipe cancela e o valor volta por Pix', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.slow();
  const customer = await customerReadyToOrder(
    request,
    playwright,
    baseURL!,
    'Paula Pix',
    personBilling('Paula Pix'),
  );
  const [productId] = await productIds(request, 1);
  const order = await placeOrderAs(customer.api, {
    productId: productId!,
    start: addDays(await startDate(request), 7 * 64),
    method: 'pix',
  });
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await page.goto(`/confirmacao-pedido?orderId=${order.id}`);
  await expect(page.getByTestId('confirmacao-pix')).toHaveText(
    'O pagamento é confirmado automaticamente pelo banco, em instantes: esta página mostra quando.',
  );
  await expect(page.getByRole('textbox', { name: 'Pix copia e cola' })).toHaveValue(/^000201/);

  // The payer's bank: the simulator's page, where the charge names the order.
  await payAtPsp(page.context(), order.code);
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff, STAFF.operador);
  await staff.goto(`/admin/pedidos/${order.id}`);
  await staff
    .getByRole('group', { name: 'Ações do pedido' })
    .getByRole('button', { name: 'Cancelar pedido' })
    .click();
  const dialog = staff.getByRole('dialog', { name: `Cancelar o pedido ${order.code}?` });
  await dialog.getByLabel('Motivo do cancelamento').fill('Cliente desistiu da campanha');
  await dialog.getByRole('radio', { name: /Reembolso integral/ }).check();
  await dialog.getByRole('button', { name: 'Cancelar pedido' }).click();
  await expect(toast(staff, 'Pedido cancelado.')).toBeVisible();
  await staffContext.close();

  // Sent to the PSP at once, settled there and posted back by its webhook.
  await page.goto(`/pedido/${order.id}`);
  const card = page.getByRole('heading', { name: 'Cancelamento e reembolso' }).locator('..');
  await expect(async () => {
    await page.reload();
    await expect(card.getByTestId('devolucao')).toHaveText(
      'Devolução por Pix concluída: o valor voltou para a conta que pagou o pedido.',
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 20_000 });
  await expect(card.getByRole('link', { name: 'Nota de crédito em PDF' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('pedido-devolvido.png'), fullPage: true });
});
