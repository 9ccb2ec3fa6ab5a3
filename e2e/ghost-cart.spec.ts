import { expect, test, type Page } from '@playwright/test';
import { addDays } from '../packages/shared/src/catalog.ts';
import { personBilling } from './support/orders.ts';
import { customerReadyToOrder, signInWithForm } from './support/users.ts';

const SYNC_FAILED = 'Erro ao sincronizar carrinho';
const isCartSave =
  (status: number) => (r: { url(): string; request(): { method(): string }; status(): number }) =>
    r.url().endsWith('/api/cart') && r.request().method() === 'PUT' && r.status() === status;

/**
 * Every toast the page shows, on every page of the visit, as it appears: a toast that came and went
 * between two checks is still counted (a check for "no toast" at one moment would race it).
 */
async function recordToasts(page: Page) {
  const seen: string[] = [];
  await page.exposeFunction('urbanaToastShown', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    const told = new WeakSet<Element>();
    const report = (window as unknown as { urbanaToastShown: (text: string) => void }).urbanaToastShown;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-toast]')) {
        if (told.has(el) || !el.textContent) continue;
        told.add(el);
        report(el.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => seen.filter((text) => text.includes(SYNC_FAILED));
}

/** Waits until the page has made its calls (the cart's sync at load among them). */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
}

// Issue #40 item 2: a past start typed in the cart, corrected, then bought, came back as a ghost
// line with the invalid date, "Erro ao sincronizar carrinho" on every page and checkout disabled.
test('carrinho: data no passado, corrigida e comprada, não volta depois do pedido', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const customer = await customerReadyToOrder(
    request,
    playwright,
    baseURL!,
    'Gustavo Fantasma',
    personBilling('Gustavo Fantasma'),
  );
  await customer.api.dispose();
  const config = (await (await request.get('/api/config')).json()) as { earliest_start: string };
  // A week no other spec books on this face (they share the catalogue).
  const start = addDays(config.earliest_start, 7 * 52);
  const search = await (
    await request.get('/api/search?local=Brasília&tipo=outdoor&ordem=maior_preco&por_pagina=1')
  ).json();

  const syncFailures = await recordToasts(page);
  await signInWithForm(page, customer.email, customer.password);
  await expect(page.getByRole('button', { name: /Menu da conta/ })).toBeVisible();
  await page.goto(`/locais/${search.items[0].slug}`);
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(page.getByTestId('contador-carrinho')).toHaveText('1');

  await page.goto('/carrinho');
  const field = page.getByLabel('Início');
  const pay = page.getByRole('button', { name: 'Continuar para o pagamento' });
  // The server refuses the past start: the message is the one next to the date, not a sync failure.
  const refused = page.waitForResponse(isCartSave(400));
  await field.fill('2020-01-06');
  await refused;
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(pay).toBeDisabled();

  // Corrected, the cart is valid again and the checkout opens.
  const saved = page.waitForResponse(isCartSave(200));
  await field.fill(start);
  await saved;
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(page).toHaveURL(/\/confirmacao-pedido\?orderId=/);
  await expect(page.getByRole('img', { name: 'QR Code do Pix' })).toBeVisible();
  await settled(page);
  expect(syncFailures()).toEqual([]);

  // Reload and other pages: the bought line does not come back, and nothing says the sync failed.
  for (const path of ['/', '/carrinho', '/buscar-locais']) {
    await page.goto(path);
    await settled(page);
    await expect(page.getByTestId('contador-carrinho')).toBeHidden();
    expect(syncFailures()).toEqual([]);
    if (path === '/carrinho') await expect(page.getByText(/Seu carrinho está vazio/)).toBeVisible();
  }
  expect(await page.evaluate(() => localStorage.getItem('urbana-cart'))).toBeNull();
});
