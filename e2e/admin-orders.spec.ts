/**
 * Issue #19 items 1 and 5 in a real browser: a company's invoiced order reaches staff live on the bell,
 * an operador finds it from the dashboard, confirms the payment in the dialog that says what happens,
 * and the customer sees the order paid.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays } from '@urbana/shared';
import { staffSignIn } from './support/admin-pages.ts';
import { productIds, STAFF } from './support/fixtures.ts';
import { companyBilling, placeOrderAs, startDate } from './support/orders.ts';
import { customerReadyToOrder, signInWithForm, toast } from './support/users.ts';

/** WCAG 2.1 AA (axe-core) on the page as it is now: the filled list, the order, an open dialog. */
async function noViolations(page: Page, where: string) {
  // The page as it settles: a toast that a dialog dismissed fades out under its backdrop meanwhile.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    result.violations.map((v) => `${where} → ${v.id}`),
    JSON.stringify(result.violations.map((v) => v.nodes.map((n) => [n.target, n.failureSummary]))),
  ).toEqual([]);
}

test('pedido faturado: a equipe é avisada, o operador acha pelo painel e confirma, o cliente vê pago', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}) => {
  const customer = await customerReadyToOrder(
    request,
    playwright,
    baseURL!,
    'Joana Conceição',
    companyBilling,
  );
  const { api } = customer;

  // The operador is in the panel when the order arrives: the bell tells them, live.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const streamOpen = staff.waitForResponse((r) => r.url().endsWith('/api/notifications/stream'));
  await staffSignIn(staff, STAFF.operador);
  await streamOpen;
  const [productId] = await productIds(request, 1);
  const order = await placeOrderAs(api, {
    productId: productId!,
    // The order is confirmed paid and keeps its face: a week no other spec books (they share the
    // catalogue, and customer-journey.spec.ts adds the cheapest outdoor at startDate to a cart).
    start: addDays(await startDate(request), 7 * 37),
    method: 'faturado',
  });
  // Other specs running beside this one also notify staff, so the bell may already show unread ones:
  // wait for this order's own live announcement (the stream was open before it was placed).
  await expect(staff.getByRole('status').filter({ hasText: order.code })).toHaveText(
    `Nova notificação: Pedido faturado para confirmar: ${order.code}`,
    { timeout: 20_000 },
  );
  const bell = staff.getByRole('button', { name: /^Notificações \(\d+ não lidas?\)$/ });
  await bell.click();
  await expect(
    staff.getByRole('menuitem', { name: new RegExp(`Pedido faturado para confirmar: ${order.code}`) }),
  ).toBeVisible();
  await staff.keyboard.press('Escape');

  // From the dashboard's "Pedidos aguardando pagamento" to the filtered list, then the order.
  await staff.getByRole('link', { name: 'Pedidos aguardando pagamento' }).click();
  await expect(staff).toHaveURL(/\/admin\/pedidos\?status=aguardando_pagamento$/);
  await staff.getByRole('searchbox', { name: 'Buscar pedidos' }).fill(order.code);
  await staff.getByRole('button', { name: 'Buscar' }).click();
  const table = staff.getByRole('table', { name: 'Pedidos' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await noViolations(staff, 'lista de pedidos');
  await table.getByRole('link', { name: order.code }).click();
  await expect(staff.getByRole('heading', { name: `Pedido ${order.code}` })).toBeVisible();
  await expect(staff.getByText('CNPJ 11.222.333/0001-81')).toBeVisible();
  await noViolations(staff, 'pedido');

  // The dialog says what confirming does; "Voltar" leaves the order as it was.
  const actions = staff.getByRole('group', { name: 'Ações do pedido' });
  await actions.getByRole('button', { name: 'Confirmar pagamento' }).click();
  const dialog = staff.getByRole('dialog', { name: `Confirmar o pagamento do pedido ${order.code}?` });
  await expect(dialog.getByTestId('confirm-consequence')).toContainText('O pedido passa a “Pago”');
  await noViolations(staff, 'confirmação');
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialog).toBeHidden();
  await expect(actions.getByRole('button', { name: 'Confirmar pagamento' })).toBeVisible();

  await actions.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await dialog.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expect(toast(staff, 'Pagamento confirmado.')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Confirmar pagamento' })).toHaveCount(0);
  await expect(staff.getByText('Aguardando pagamento → Pago')).toBeVisible();
  await expect(staff.getByText(/Equipe · /).last()).toBeVisible();
  await staffContext.close();

  // The customer sees it paid.
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await page.goto(`/pedido/${order.id}`);
  await expect(page.getByRole('heading', { name: `Pedido ${order.code}` })).toBeVisible();
  await expect(page.getByRole('main').getByText('Pago', { exact: true }).first()).toBeVisible();
  // Its invoice, numbered when paid, is downloaded from the order itself.
  const pdf = page.getByRole('button', { name: /^Baixar PDF: Fatura \d{4}-\d{6}$/ });
  const download = page.waitForEvent('download');
  await pdf.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^fatura-\d{4}-\d{6}\.pdf$/);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await api.dispose();
});
