import { expect, test, type Page } from '@playwright/test';
import { addDays } from '@urbana/shared';
import { STAFF } from './support/fixtures.ts';
import { personBilling } from './support/orders.ts';
import { apiAs, createCustomer, signInWithForm } from './support/users.ts';

// Issue #16 item 14: a 120-character name without a space must never widen a page on a 390 px phone.
test.use({ viewport: { width: 390, height: 844 } });

const LONG = `Nome${'Semespacos'.repeat(12)}`.slice(0, 117) + 'Fim';

async function expectNoSideScroll(page: Page, path: string, visible: string) {
  await page.goto(path);
  await expect(page.locator('main').getByText(visible, { exact: false }).first()).toBeVisible();
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(sizes.scroll, `${path}: ${sizes.scroll} > ${sizes.client}`).toBeLessThanOrEqual(sizes.client);
}

test('nomes longos sem espaço não alargam as páginas do cliente nem as listas do admin', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(LONG).toHaveLength(120);
  const user = await createCustomer(page.request, LONG);
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  const api = page.request;

  // An order of this customer, whose billing data carry the long name.
  const search = await (await api.get('/api/search?local=Brasília&tipo=painel_led&por_pagina=1')).json();
  const product = await (await api.get(`/api/products/${search.items[0].slug}`)).json();
  const billing = await api.put('/api/billing-profile', {
    data: { ...personBilling(LONG), street: LONG },
  });
  expect(billing.status()).toBe(200);
  const placed = await api.post('/api/orders', {
    headers: { 'idempotency-key': `longo-${Date.now()}` },
    data: {
      items: [
        {
          product_id: product.id,
          // A week far ahead that other tests and earlier runs do not take.
          start_date: addDays(product.period.start, 7 * (20 + (Date.now() % 10))),
          weeks: 1,
          tower_ids: product.towers.slice(0, 1).map((t: { id: string }) => t.id),
        },
      ],
      payment_method: 'pix',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId: string = (await placed.json()).id;

  // A notification with the long name, sent by the staff to this customer only.
  const staff = await apiAs(playwright, baseURL!, STAFF.admin, STAFF.password);
  const me = await (await api.get('/api/auth/session')).json();
  const sent = await staff.post('/api/admin/notificacoes', {
    data: { segment: 'usuario', user_id: me.user.id, title: LONG, body: LONG },
  });
  expect(sent.status()).toBe(201);

  const part = LONG.slice(0, 20);
  await expectNoSideScroll(page, '/usuario/notificacoes', part);
  // The text gets the card's width; "Marcar como lida" goes below it instead of squeezing it.
  const item = page.getByRole('list', { name: 'Notificações' }).getByRole('listitem').first();
  const textBox = (await item.getByText(part).first().boundingBox())!;
  const itemBox = (await item.boundingBox())!;
  expect(textBox.width).toBeGreaterThan(itemBox.width * 0.7);
  await expectNoSideScroll(page, `/pedido/${orderId}`, 'Pedido');
  await expectNoSideScroll(page, '/usuario/faturamento', 'Faturamento');

  // The admin lists, as a member of the staff on the same phone.
  await page.context().clearCookies();
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('Email').fill(STAFF.admin);
  await form.getByLabel('Senha').fill(STAFF.password);
  await form.getByRole('button', { name: 'Entrar no painel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expectNoSideScroll(page, `/admin/usuarios?q=${encodeURIComponent(user.email)}`, part);
  await expectNoSideScroll(page, '/admin/campanhas', 'Campanhas');
});
