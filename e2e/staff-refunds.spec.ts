/**
 * Issue #40 item 3 in a real browser: an operador cancels a paid order and chooses a partial refund
 * with its reason (the dialog refuses more than was paid, beside the field); the customer then reads
 * the reason, the amount and the credit note on their order, on a desktop and on a phone.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { addDays, formatMoney } from '@urbana/shared';
import { staffSignIn } from './support/admin-pages.ts';
import { productIds, STAFF } from './support/fixtures.ts';
import { companyBilling, placeOrderAs, startDate } from './support/orders.ts';
import { customerReadyToOrder, signInWithForm, toast } from './support/users.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('a equipe cancela com reembolso parcial e motivo; o cliente vê valor, motivo e nota de crédito', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  const customer = await customerReadyToOrder(
    request,
    playwright,
    baseURL!,
    'Joana Reembolso',
    companyBilling,
  );
  const [productId] = await productIds(request, 1);
  // A week no other spec books (they share the catalogue).
  const order = await placeOrderAs(customer.api, {
    productId: productId!,
    start: addDays(await startDate(request), 7 * 50),
    method: 'faturado',
  });

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff, STAFF.operador);
  await staff.goto(`/admin/pedidos/${order.id}`);
  const actions = staff.getByRole('group', { name: 'Ações do pedido' });
  await actions.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await staff
    .getByRole('dialog', { name: `Confirmar o pagamento do pedido ${order.code}?` })
    .getByRole('button', { name: 'Confirmar pagamento' })
    .click();
  await expect(toast(staff, 'Pagamento confirmado.')).toBeVisible();

  await actions.getByRole('button', { name: 'Cancelar pedido' }).click();
  const dialog = staff.getByRole('dialog', { name: `Cancelar o pedido ${order.code}?` });
  await dialog.getByLabel('Motivo do cancelamento').fill('Abrigo em obra');
  await expect(dialog.getByRole('radio', { name: /Pela política de cancelamento/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /Reembolso parcial/ }).check();
  const amount = dialog.getByLabel('Valor do reembolso (R$)');
  await amount.fill('999999,00');
  await expect(dialog.getByText(/O reembolso não pode passar do valor pago/)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Cancelar pedido' });
  await expect(confirm).toBeDisabled();
  await amount.fill('150,50');
  await dialog.getByLabel('Motivo do reembolso fora da política').fill('Metade da semana sem o abrigo.');
  await staff.screenshot({ path: testInfo.outputPath('dialogo-reembolso.png') });
  await confirm.click();
  await expect(toast(staff, 'Pedido cancelado.')).toBeVisible();
  await expect(
    staff.getByText('Reembolso: R$ 150,50 · fora da política: Metade da semana sem o abrigo.'),
  ).toBeVisible();
  await staffContext.close();

  // The customer, on a desktop: the card on their order, and the credit note's PDF.
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await page.goto(`/pedido/${order.id}`);
  const card = page.getByRole('heading', { name: 'Cancelamento e reembolso' }).locator('..');
  await expect(card).toContainText('Abrigo em obra');
  await expect(card).toContainText(formatMoney(15_050));
  await expect(card).toContainText('Metade da semana sem o abrigo.');
  await page.screenshot({ path: testInfo.outputPath('pedido-cliente-desktop.png'), fullPage: true });
  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Nota de crédito em PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^nota-de-credito-NC-\d{4}-\d{6}\.pdf$/);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The same card on a phone's width.
  await page.setViewportSize({ width: 412, height: 915 });
  await page.reload();
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(412);
  await page.screenshot({ path: testInfo.outputPath('pedido-cliente-celular.png'), fullPage: true });
  await customer.api.dispose();
});
