import { expect, test, type APIRequestContext } from '@playwright/test';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { createCustomer, signInWithForm, toast } from './support/users.ts';

// Issue #23 item 3: the cart saved as a named plan, shared by link, opened signed out in a fresh
// browser, booked by someone signed in, and revoked (then 404). Weeks far ahead, away from other specs.
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 7 * 45);

interface Product {
  id: string;
  slug: string;
  name: string;
  daily_price: number;
  is_tower_based: boolean;
  towers: Array<{ id: string; name: string }>;
}

async function product(request: APIRequestContext, tipo: string, index = 0) {
  const search = await (
    await request.get(`/api/search?local=Brasília&tipo=${tipo}&por_pagina=${index + 1}&ordem=maior_preco`)
  ).json();
  return (await (await request.get(`/api/products/${search.items[index].slug}`)).json()) as Product;
}

test('o carrinho vira um plano compartilhado, reservável por link e revogável', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const torre = await product(request, 'torre');
  const outdoor = await product(request, 'outdoor');
  const line = (p: Product) => ({
    id: `${p.id}-plano`,
    product_id: p.id,
    name: p.name,
    slug: p.slug,
    daily_price: p.daily_price,
    weeks: 1,
    startDate: START,
    towerCount: 1,
    isTowerBased: p.is_tower_based,
    towers: p.is_tower_based ? p.towers : [],
    selectedTowers: p.is_tower_based ? [p.towers[0]!.id] : [],
  });
  const owner = await createCustomer(request, 'Agência Verão');
  const buyer = await createCustomer(request, 'Cliente X');
  await page.goto('/');
  await page.evaluate(
    (c) => localStorage.setItem('urbana-cart', JSON.stringify(c)),
    [line(torre), line(outdoor)],
  );
  await signInWithForm(page, owner.email, owner.password);
  await expect(toast(page, 'Carrinho sincronizado')).toBeVisible();

  // Saved from the cart with a name.
  await page.goto('/carrinho');
  await page.getByRole('button', { name: 'Salvar como plano' }).click();
  const dialog = page.getByRole('dialog', { name: 'Salvar como plano' });
  await dialog.getByRole('button', { name: 'Salvar plano' }).click();
  await expect(dialog.getByText('Dê um nome ao plano.')).toBeVisible();
  await dialog.getByLabel('Nome do plano').fill('Verão 2027 — cliente X');
  await dialog.getByRole('button', { name: 'Salvar plano' }).click();
  await expect(toast(page, 'Plano salvo')).toBeVisible();
  await dialog.getByRole('link', { name: 'Abrir o plano' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Verão 2027 — cliente X' })).toBeVisible();
  await expect(page.getByText('Nada mudou desde que o plano foi salvo')).toBeVisible();
  const lines = page.getByRole('list', { name: 'Locais do plano' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const total = await page.getByTestId('total-plano').textContent();

  // In the account menu's list too.
  await page.goto('/usuario/planos');
  await expect(page.getByRole('link', { name: 'Verão 2027 — cliente X' })).toBeVisible();
  await page.getByRole('link', { name: 'Verão 2027 — cliente X' }).click();

  await page.getByRole('button', { name: 'Criar link de compartilhamento' }).click();
  await expect(toast(page, 'Link de compartilhamento criado')).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Link do plano' }).inputValue();
  expect(link).toMatch(/\/plano\/[A-Za-z0-9_-]{32}$/);
  const path = new URL(link).pathname;

  // A fresh browser, signed out: the plan read-only, with its map, total and PDF.
  const visitor = await browser.newContext({ baseURL });
  const guest = await visitor.newPage();
  await guest.goto(path);
  await expect(guest.getByRole('heading', { level: 1, name: 'Verão 2027 — cliente X' })).toBeVisible();
  await expect(guest.getByText('Preparado por Agência Verão')).toBeVisible();
  await expect(guest.getByRole('list', { name: 'Locais do plano' }).getByRole('listitem')).toHaveCount(2);
  await expect(guest.getByTestId('total-plano')).toHaveText(total!);
  await expect(guest.getByRole('img', { name: /Mapa com os 2 locais/ })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Entrar para reservar este plano' })).toBeVisible();
  const pdf = await guest.request.get(`/api${path.replace('/plano/', '/planos-compartilhados/')}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // Someone else, signed in: "Reservar este plano" fills their cart.
  const buyerContext = await browser.newContext({ baseURL });
  const buyerPage = await buyerContext.newPage();
  await signInWithForm(buyerPage, buyer.email, buyer.password);
  await expect(buyerPage).not.toHaveURL(/\/auth/);
  await buyerPage.goto(path);
  await buyerPage.getByRole('button', { name: 'Reservar este plano' }).click();
  await expect(toast(buyerPage, 'Plano no carrinho')).toBeVisible();
  await expect(buyerPage).toHaveURL(/\/carrinho$/);
  const cart = buyerPage.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem');
  await expect(cart).toHaveCount(2);
  await expect(cart.filter({ hasText: torre.name })).toHaveCount(1);
  await expect(cart.filter({ hasText: outdoor.name })).toHaveCount(1);
  await expect(buyerPage.getByTestId('total-carrinho')).toHaveText(total!);

  // Revoked: the link's page is a 404, and so is the PDF.
  // Revoking cannot be undone (a new link has another address): the dialog says so first.
  await page.getByRole('button', { name: 'Revogar link' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revogar o link do plano?' });
  await expect(revoke.getByTestId('confirm-consequence')).toContainText('deixa de ver o plano e o PDF');
  await revoke.getByRole('button', { name: 'Revogar link' }).click();
  await expect(toast(page, 'Link revogado')).toBeVisible();
  const gone = await guest.goto(path);
  expect(gone?.status()).toBe(404);
  await expect(guest.getByText('Este link de plano não existe ou foi revogado.')).toBeVisible();
  const pdfGone = await guest.request.get(`/api${path.replace('/plano/', '/planos-compartilhados/')}/pdf`);
  expect(pdfGone.status()).toBe(404);

  // The owner's cart already has the plan's lines (it was saved from it): "Reservar este plano"
  // says so and opens the cart, instead of doing nothing.
  await page.getByRole('button', { name: 'Reservar este plano' }).click();
  await expect(toast(page, 'Estes locais já estão no carrinho')).toBeVisible();
  await expect(page).toHaveURL(/\/carrinho$/);
  await expect(page.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem')).toHaveCount(2);
  await visitor.close();
  await buyerContext.close();
});
