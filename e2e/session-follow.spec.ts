import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { STAFF } from './support/fixtures.ts';
import { apiAs, createCustomer, signInWithForm } from './support/users.ts';

// Issue #17 item 3: the open tab follows what the server decided in another place.

async function idOf(admin: APIRequestContext, email: string) {
  const res = await admin.get(`/api/admin/usuarios?q=${encodeURIComponent(email)}`);
  const body = (await res.json()) as { items: Array<{ id: string; email: string }> };
  return body.items.find((u) => u.email === email)!.id;
}

async function panelSignIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha').fill(password);
  await form.getByRole('button', { name: 'Entrar no painel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test('um cliente bloqueado em outra aba é desconectado, com o aviso, na próxima ação', async ({
  page,
  playwright,
  baseURL,
}) => {
  const customer = await createCustomer(page.request, 'Bia Bloqueada');
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);

  const admin = await apiAs(playwright, baseURL!, STAFF.admin, STAFF.password);
  const id = await idOf(admin, customer.email);
  expect((await admin.post(`/api/admin/usuarios/${id}/bloquear`)).status()).toBe(200);
  await admin.dispose();

  // The next action in the open tab: a link inside the app (no reload).
  await page.getByRole('contentinfo').getByRole('link', { name: 'Meus pedidos' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByText('Sua sessão terminou. Entre novamente para continuar.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Entrar' })).toBeVisible();
});

test('um operador rebaixado perde o menu do painel na próxima ação, com o aviso', async ({
  page,
  playwright,
  baseURL,
}) => {
  const person = await createCustomer(page.request, 'Otto Operador');
  const admin = await apiAs(playwright, baseURL!, STAFF.admin, STAFF.password);
  const id = await idOf(admin, person.email);
  const promote = await admin.put(`/api/admin/usuarios/${id}/papel`, { data: { tipo_usuario: 'operador' } });
  expect(promote.status()).toBe(200);

  await panelSignIn(page, person.email, person.password);
  const nav = page.getByRole('navigation', { name: 'Administração' });
  await expect(nav.getByRole('link', { name: 'Produtos' })).toBeVisible();

  const demote = await admin.put(`/api/admin/usuarios/${id}/papel`, { data: { tipo_usuario: 'cliente' } });
  expect(demote.status()).toBe(200);
  await admin.dispose();

  await nav.getByRole('link', { name: 'Produtos' }).click();
  await expect(page.getByText('Seu acesso ao painel foi removido.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Administração' })).toHaveCount(0);
});

test('sair em uma aba desconecta as outras abas abertas; entrar em uma conecta as outras', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'Tina Abas');
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);

  // A second tab of the same browser, on a public page that asks nothing that needs the session.
  const other = await page.context().newPage();
  await other.goto('/central');
  const account = other.getByRole('button', { name: /Menu da conta de Tina Abas/ });
  await expect(account).toBeVisible();

  await page.getByRole('button', { name: /Menu da conta de Tina Abas/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();

  // The other tab follows without a reload or a click.
  await expect(account).toHaveCount(0);
  await expect(other.getByRole('banner').getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();

  // Signing in again in the first tab shows the account in the other.
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await expect(account).toBeVisible();
  await other.close();
});
