/**
 * What a walk through Urbana on a phone (390 × 844) found looking broken although it worked: text cut
 * inside a scrolling box, a floating button over a filter, an order code split at its hyphen, a line
 * ending with a lone "·", a status pill on two lines, an inventory label cut at the box's edge.
 */
import { expect, test, type Locator } from '@playwright/test';
import { addDays } from '@urbana/shared';
import { staffSignIn, openAdminPage } from './support/admin-pages.ts';
import { STAFF } from './support/fixtures.ts';
import { companyBilling, placeOrderAs, startDate } from './support/orders.ts';
import { createCustomer, signInWithForm } from './support/users.ts';

/** How many lines an inline element takes (one box per line). */
const lines = (l: Locator) => l.evaluate((el) => el.getClientRects().length);

test('produto com torres no celular: a lista de torres inteira, sem caixa que rola e corta', async ({
  page,
  request,
}) => {
  const search = await (await request.get('/api/search?local=Bras%C3%ADlia&tipo=torre&por_pagina=1')).json();
  await page.goto(`/locais/${search.items[0].slug}`);
  const list = page.getByTestId('lista-torres');
  await expect(list.getByRole('checkbox').first()).toBeVisible();
  const box = await list.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
  expect(box.scroll).toBeLessThanOrEqual(box.client + 1);
  // "6 de 6 vagas" on one line beside each tower.
  for (const room of await list.getByText(/ vagas$|^Sem vagas$/).all()) expect(await lines(room)).toBe(1);
});

test('busca no celular: com os filtros abertos, o botão "Mapa" sai de cima deles', async ({ page }) => {
  await page.goto('/buscar-locais');
  await expect(page.getByRole('list', { name: 'Resultados' })).toBeVisible();
  const mapButton = page.getByRole('button', { name: 'Mapa' });
  await expect(mapButton).toBeVisible();
  await page.getByRole('button', { name: 'Filtros', exact: true }).click();
  await expect(page.getByLabel('Só disponíveis')).toBeVisible();
  await expect(mapButton).toHaveCount(0);
  await page.getByRole('button', { name: 'Filtros', exact: true }).click();
  await expect(mapButton).toBeVisible();
});

test('pedido no celular: o código não quebra no hífen e nenhuma linha termina com "·"', async ({ page }) => {
  const user = await createCustomer(page.request, 'Rita Celular');
  await signInWithForm(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/auth/);
  expect((await page.request.put('/api/billing-profile', { data: companyBilling })).status()).toBe(200);
  const search = await (await page.request.get('/api/search?local=Bras%C3%ADlia&por_pagina=1')).json();
  const order = await placeOrderAs(page.request, {
    productId: search.items[0].id,
    // A week no other spec books (they share the catalogue): nothing here takes their faces.
    start: addDays(await startDate(page.request), 7 * 48),
    method: 'pix',
  });

  await page.goto(`/pedido/${order.id}`);
  const heading = page.getByRole('heading', { level: 1, name: `Pedido ${order.code}` });
  await expect(heading).toBeVisible();
  expect(await lines(heading.getByText(order.code))).toBe(1);

  await page.goto(`/confirmacao-pedido?orderId=${order.id}`);
  const status = page.getByTestId('confirmacao-status');
  await expect(status).toContainText('Aguardando pagamento');
  // The separator travels with the badge: both on one line.
  await expect(status).toContainText('·');
  expect(await lines(status)).toBe(1);
});

test('painel no celular: o status cabe numa linha e o tipo do produto aparece no inventário', async ({
  page,
}) => {
  await staffSignIn(page, STAFF.operador);
  await openAdminPage(page, '/admin/pedidos');
  const badges = page.locator('main [data-status]:visible');
  await expect(badges.first()).toBeVisible();
  for (const badge of (await badges.all()).slice(0, 10)) {
    const box = (await badge.boundingBox())!;
    // One line of 12 px text with its padding, not two.
    expect(box.height).toBeLessThan(30);
  }

  await openAdminPage(page, '/admin/inventario');
  const head = page.getByTestId('inventario-produto').first();
  await expect(head).toBeVisible();
  const scroller = await head.evaluate((el) => {
    let box: HTMLElement | null = el.parentElement;
    while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
    return box!.getBoundingClientRect().right;
  });
  // Name and type both inside the visible part of the grid's box.
  for (const part of await head.locator(':scope > span').all()) {
    const box = (await part.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(scroller + 1);
  }
});

test('notificações no celular: o painel do sino não encosta na borda da tela', async ({ page }) => {
  const user = await createCustomer(page.request, 'Nina Sino');
  await signInWithForm(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.getByRole('button', { name: /^Notificações/ }).click();
  const panel = page.getByRole('menu');
  await expect(panel.getByText('Notificações', { exact: true })).toBeVisible();
  const box = (await panel.boundingBox())!;
  const width = page.viewportSize()!.width;
  // It touched the left edge (x = 0) while 38 px were left on the right.
  expect(box.x).toBeGreaterThanOrEqual(8);
  expect(box.x + box.width).toBeLessThanOrEqual(width - 8);
});

test('cabeçalho no celular: tocar no carrinho não deixa a dica "Carrinho" aberta na página seguinte', async ({
  page,
}) => {
  await page.goto('/');
  const cart = page.getByRole('banner').getByRole('link', { name: 'Carrinho' });
  await expect(cart).toBeVisible();
  await cart.tap();
  await expect(page).toHaveURL(/\/carrinho$/);
  await expect(page.getByRole('heading', { name: 'Carrinho', level: 1 })).toBeVisible();
  // The tooltip's delay is 700 ms (specification §9): wait past it.
  await page.waitForTimeout(1000);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});

// The staff lists scrolled sideways inside their box, with the users' role and state, the coupons'
// status and the log's "O quê" beyond the screen's edge: on a phone each row stands as a card.
test('no celular, uma lista do painel mostra todas as colunas na tela, cada valor com o nome da coluna', async ({
  page,
}) => {
  await staffSignIn(page, STAFF.operador);
  await openAdminPage(page, '/admin/produtos');
  const table = page.getByRole('table', { name: 'Produtos' });
  const first = table.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  const cells = await table.getByRole('cell').evaluateAll((all) =>
    all.map((cell) => ({
      beyond: cell.getBoundingClientRect().right > window.innerWidth + 1,
      label: getComputedStyle(cell, '::before').content,
    })),
  );
  expect(cells.length).toBeGreaterThan(0);
  expect(cells.filter((cell) => cell.beyond)).toEqual([]);
  expect(cells.some((cell) => cell.label === '"Status"')).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

// An operador opening an admin-only address lost the whole panel (menu, "Sair") to the refusal, whose
// text touched the screen's edges on a phone.
test('no celular, a seção só de administradores recusa o operador dentro do painel', async ({ page }) => {
  await staffSignIn(page, STAFF.operador);
  await page.goto('/admin/equipe');
  await expect(page.getByRole('heading', { name: 'Seção só para administradores' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Administração' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  const box = (await page
    .getByRole('alert')
    .filter({ hasText: 'exclusiva de administradores' })
    .boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(12);
  expect(box.x + box.width).toBeLessThanOrEqual(width - 12);
  await page.getByRole('link', { name: 'Voltar ao painel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

// The panel's sections are one row that scrolls sideways on a phone: opening one at its end left the
// row at its start, the current section out of sight.
test('no celular, a seção aberta aparece na fileira de seções do painel', async ({ page }) => {
  await staffSignIn(page, STAFF.operador);
  await openAdminPage(page, '/admin/relatorios');
  const current = page.getByRole('navigation', { name: 'Administração' }).locator('[aria-current="page"]');
  await expect(current).toHaveText('Relatórios');
  const box = (await current.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width + 1);
  // Only the row moved: the page did not scroll sideways.
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
});
