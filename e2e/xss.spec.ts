/**
 * URB-SEC-10 (ASVS V5.3.3, V14.4.3): free text a user saves comes back as text. Payloads go into every
 * field the API stores (through the forms where there is one), then every page that shows them is
 * visited: no script ran, no dialog opened, no element was injected, and the text reads literally.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cartItem, STAFF } from './support/fixtures.ts';
import { linkFrom, waitForMail } from './support/mail.ts';
import { apiAs, PASSWORD, signInWithForm, toast, uniqueEmail } from './support/users.ts';

const P = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=1</script>',
  svg: '"><svg onload=window.__xss=1>',
  js: 'javascript:window.__xss=1',
  alert: '<img src=x onerror=alert(document.domain)>',
  iframe: '<iframe src="javascript:window.__xss=1">',
};

/** Records every dialog (alert, confirm, prompt) the page opens. */
function watchDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

/** Nothing ran and nothing was injected: no flag, no dialog, no element or handler from a payload. */
async function expectInert(page: Page, dialogs: string[]) {
  const state = await page.evaluate(() => ({
    flag: (window as unknown as { __xss?: unknown }).__xss,
    injected: document.querySelectorAll(
      'img[src="x"], svg[onload], [onerror], [onload], iframe, a[href^="javascript:" i]',
    ).length,
    scripts: [...document.scripts].filter((s) => s.textContent?.includes('__xss')).length,
  }));
  expect(state).toEqual({ flag: undefined, injected: 0, scripts: 0 });
  expect(dialogs).toEqual([]);
}

/** Two products of the demo catalogue that no other browser test books. */
async function salvadorProducts(request: APIRequestContext) {
  const res = await request.get('/api/search?local=Salvador&tipo=outdoor&por_pagina=2');
  const body = (await res.json()) as { items: Array<{ id: string }> };
  expect(body.items.length).toBeGreaterThan(0);
  return body.items.map((i) => i.id);
}

test('texto salvo pelo usuário aparece como texto em todas as páginas que o mostram', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const dialogs = watchDialogs(page);
  const email = uniqueEmail('xss');
  const name = `${P.svg} ${P.img}`;
  const phone = '<svg onload=window.__xss=1>';
  const company = `${P.script}${P.alert}`;

  // Sign-up through the form: name and phone.
  await page.goto('/auth?modo=cadastro');
  const signUp = page.getByRole('form', { name: 'Criar conta' });
  await signUp.getByLabel('Nome completo').fill(name);
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Telefone (opcional)').fill(phone);
  await signUp.getByLabel('Senha').fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByRole('heading', { name: 'Confirme seu email' })).toBeVisible();
  await expectInert(page, dialogs);
  const mail = await waitForMail(email, '/auth/confirmar-email');
  await page.goto(linkFrom(mail, '/auth/confirmar-email'));
  await expect(page.getByText('Email confirmado! Você já pode entrar.')).toBeVisible();

  // The API keeps every character: company through the profile update, a cart with payloads.
  const api = await apiAs(playwright, baseURL!, email, PASSWORD);
  const profile = await api.patch('/api/profile', {
    data: { nome_completo: name, empresa: company, telefone: phone },
  });
  expect(profile.status()).toBe(200);
  expect(await profile.json()).toMatchObject({ nome_completo: name, empresa: company, telefone: phone });
  const [productId] = await salvadorProducts(request);
  const cart = [
    cartItem(`${productId}-xss`, {
      product_id: productId,
      name: P.img,
      slug: P.js,
      image: P.js,
      city: P.script,
      state: 'BA',
      type: P.svg,
      weeks: 1,
    }),
    cartItem('sem-produto-xss', {
      product_id: 'sem-produto',
      name: P.alert,
      city: P.iframe,
      isTowerBased: true,
      towerCount: 1,
      towers: [{ id: 't1', name: P.script }],
      selectedTowers: ['t1'],
    }),
  ];
  expect((await api.put('/api/cart', { data: { products: cart } })).status()).toBe(200);
  await api.dispose();

  // Header and account menu.
  await page.goto('/auth');
  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  const menu = page.getByRole('button', { name: `Menu da conta de ${name}`, exact: true });
  await expect(menu).toBeVisible();
  await expect(menu).toContainText('">');
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Sair' })).toBeVisible();
  await expectInert(page, dialogs);
  await page.keyboard.press('Escape');

  // Billing profile through its form, then read back after a reload.
  const billing = {
    'Nome completo': `${P.img} ${P.alert}`,
    Endereço: P.script,
    Número: '10"><b>10</b>',
    'Complemento (opcional)': P.js,
    Bairro: P.svg,
    Cidade: P.iframe,
  };
  await page.goto('/usuario/completar-perfil');
  const form = page.getByRole('form', { name: 'Cadastro de faturamento' });
  await form.getByLabel('CPF', { exact: true }).fill('529.982.247-25');
  await form.getByLabel('Telefone com DDD').fill('(71) 98888-7777');
  await form.getByLabel('CEP').fill('40010-000');
  for (const [label, value] of Object.entries(billing))
    await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByLabel('Estado').selectOption('BA');
  await form.getByRole('button', { name: /Salvar/ }).click();
  await expect(toast(page, 'Cadastro salvo')).toBeVisible();
  await page.reload();
  for (const [label, value] of Object.entries(billing))
    await expect(form.getByLabel(label, { exact: true })).toHaveValue(value);
  await expectInert(page, dialogs);

  // The cart shows the saved names, towers and cities as text.
  await page.goto('/carrinho');
  const items = page.getByRole('list', { name: 'Itens do carrinho' });
  await expect(items.getByRole('listitem')).toHaveCount(2);
  await expect(items.getByRole('heading', { name: P.img, exact: true })).toBeVisible();
  await expect(items.getByRole('heading', { name: P.alert, exact: true })).toBeVisible();
  await expect(items).toContainText(`${P.script} – BA`);
  await expect(items).toContainText(P.iframe);
  await expect(items).toContainText(`1 torre: ${P.script}`);
  await expect(items.getByRole('link', { name: P.img, exact: true })).toHaveAttribute('href', /^\/locais\//);
  await expectInert(page, dialogs);

  // Checkout, confirmation, the order and the list of orders.
  await page.goto('/checkout');
  await expect(page.getByTestId('total-pedido')).not.toHaveText('R$ 0,00');
  await expectInert(page, dialogs);
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(page).toHaveURL(/\/confirmacao-pedido\?orderId=/);
  await expect(page.getByRole('img', { name: 'QR Code do Pix' })).toBeVisible();
  await expectInert(page, dialogs);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;

  // Staff confirm the payment with a note of their own.
  const staff = await apiAs(playwright, baseURL!, STAFF.operador, STAFF.password);
  const confirmed = await staff.post(`/api/admin/orders/${orderId}/confirm-payment`, {
    data: { note: P.script },
  });
  expect(confirmed.status()).toBe(200);
  await staff.dispose();

  await page.goto(`/pedido/${orderId}`);
  await expect(page.getByRole('heading', { name: /^Pedido URB-/ })).toBeVisible();
  await expect(page.getByText('Pago', { exact: true }).first()).toBeVisible();
  await expectInert(page, dialogs);
  await page.goto('/usuario/meus-pedidos');
  await expect(page.getByRole('list', { name: 'Pedidos' }).getByRole('listitem')).toHaveCount(1);
  await expectInert(page, dialogs);
});

test('o nome da equipe aparece como texto no painel administrativo', async ({
  page,
  playwright,
  baseURL,
}) => {
  const dialogs = watchDialogs(page);
  const name = `${P.svg} ${P.script}`;
  const staff = await apiAs(playwright, baseURL!, STAFF.operador, STAFF.password);
  const original = (await (await staff.get('/api/profile')).json()) as { nome_completo: string };
  try {
    expect((await staff.patch('/api/profile', { data: { nome_completo: name } })).status()).toBe(200);
    await page.goto('/admin/login');
    const form = page.getByRole('form', { name: 'Entrar' });
    await form.getByLabel('Email').fill(STAFF.operador);
    await form.getByLabel('Senha').fill(STAFF.password);
    await form.getByRole('button', { name: 'Entrar no painel' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(`${name} · Operador`, { exact: true })).toBeVisible();
    await expectInert(page, dialogs);
  } finally {
    await staff.patch('/api/profile', { data: { nome_completo: original.nome_completo } });
    await staff.dispose();
  }
});

test('texto vindo da URL também fica inerte', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto(`/buscar-locais?local=${encodeURIComponent(P.img)}`);
  await expect(page.getByRole('alert')).toContainText('Não encontramos esse local');
  await expect(page.getByLabel('Cidade')).toHaveValue(P.img);
  await expectInert(page, dialogs);

  await page.goto(`/locais/${encodeURIComponent(P.svg)}`);
  await expect(page.getByRole('heading', { name: 'Local não encontrado' })).toBeVisible();
  await expectInert(page, dialogs);

  await page.goto(`/auth?erro=${encodeURIComponent(P.script)}`);
  await expect(page.getByRole('form', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByText(P.script)).toHaveCount(0);
  await expectInert(page, dialogs);
});
