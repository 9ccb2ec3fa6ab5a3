import { expect, test } from '@playwright/test';
import { cartItem } from './support/fixtures.ts';
import { REDIRECT_STORAGE_KEY } from '@urbana/shared';
import { createCustomer, signInWithForm, toast, uniqueEmail } from './support/users.ts';

test('entrada: senha com menos de 6 caracteres é recusada ao lado do campo, sem enviar nada', async ({
  page,
}) => {
  const signIns: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/sign-in')) signIns.push(r.url());
  });
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('Email').fill('alguem@exemplo.com.br');
  await form.getByLabel('Senha').fill('12345');
  await form.getByRole('button', { name: 'Entrar' }).click();
  const password = form.getByLabel('Senha');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('A senha deve ter pelo menos 6 caracteres');
  // Give a request the time it would need to leave, then check none did.
  await page.waitForTimeout(300);
  expect(signIns).toEqual([]);
});

test('cadastro: senha comum mantém o texto do seed e mostra a dica abaixo', async ({ page }) => {
  await page.goto('/auth?modo=cadastro');
  const form = page.getByRole('form', { name: 'Criar conta' });
  await form.getByLabel('Nome completo').fill('Paula Comum');
  await form.getByLabel('Email').fill(uniqueEmail());
  await form.getByLabel('Senha').fill('123456');
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(form.getByLabel('Senha')).toHaveAccessibleDescription(
    'A senha deve ter pelo menos 6 caracteres',
  );
  await expect(form.getByText('Evite senhas comuns como 123456 ou senha123.')).toBeVisible();
});

test('entrar pelo diálogo do cabeçalho volta para a página do produto', async ({ page, request }) => {
  const user = await createCustomer(request);
  const res = await request.get('/api/search?local=Brasília&por_pagina=1');
  const [first] = ((await res.json()) as { items: Array<{ slug: string }> }).items;
  await page.goto(`/locais/${first!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Entrar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Entrar na Urbana' });
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Senha').fill(user.password);
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
  await expect(page.getByRole('button', { name: /Menu da conta de/ })).toBeVisible();
  // Wait past the seed's 100 ms redirect: the page must still be the product page.
  await page.waitForTimeout(500);
  expect(new URL(page.url()).pathname).toBe(`/locais/${first!.slug}`);
});

test('/admin/login com conta de cliente: recusa sem deixar sessão nem avisos de sincronização', async ({
  page,
  request,
  context,
}) => {
  const user = await createCustomer(request);
  // A local cart would be synchronised (with a toast) at a real sign-in.
  await page.goto('/');
  await page.evaluate((c) => localStorage.setItem('urbana-cart', JSON.stringify(c)), [cartItem('a-1')]);
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Senha').fill(user.password);
  const answer = page.waitForResponse((r) => r.url().includes('/api/auth/sign-in'));
  await form.getByRole('button', { name: 'Entrar no painel' }).click();
  expect((await answer).status()).toBe(403);
  await expect(form.getByRole('alert').filter({ hasText: 'exclusiva da equipe da Urbana' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(toast(page, 'Carrinho sincronizado')).toHaveCount(0);
  await expect(toast(page, 'Login realizado com sucesso!')).toHaveCount(0);
  const cookies = await context.cookies();
  expect(cookies.filter((c) => c.name === 'urbana_sessao')).toEqual([]);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
});

test('depois de entrar, Voltar não mostra de novo o formulário; /auth com sessão leva adiante', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'Cliente Voltar');
  await page.goto('/buscar-locais');
  await page.goto('/auth');
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  // The page before /auth, not the sign-in form of an account that is already in.
  await page.goBack();
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await expect(page.getByRole('form', { name: 'Entrar' })).toHaveCount(0);

  // A signed-in person who opens /auth (a bookmark, a link) goes on to the saved page.
  await page.goto('/carrinho');
  await page.evaluate((key) => sessionStorage.setItem(key, '/usuario/meus-pedidos'), REDIRECT_STORAGE_KEY);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/usuario\/meus-pedidos$/);
  await expect(page.getByRole('form', { name: 'Entrar' })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/carrinho$/);
});
