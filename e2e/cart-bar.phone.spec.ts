import { expect, test } from '@playwright/test';
import { createCustomer, signInWithForm } from './support/users.ts';

// On a phone the cart's summary comes after every line: with a few lines its button was four screens
// down. The total and the way on stay in a bar at the bottom of the screen, as on a product page.

test('carrinho no celular: o total e "Continuar para o pagamento" ficam no pé da tela', async ({
  page,
  request,
}) => {
  const search = await (await request.get('/api/search?local=Brasília&por_pagina=5')).json();
  const lines = (search.items as Array<{ id: string; slug: string; name: string; daily_price: number }>).map(
    (p) => ({
      id: `${p.id}-linha`,
      product_id: p.id,
      name: p.name,
      slug: p.slug,
      daily_price: p.daily_price,
      weeks: 4,
      towerCount: 1,
      isTowerBased: false,
      towers: [],
      selectedTowers: [],
    }),
  );
  expect(lines).toHaveLength(5);
  await page.goto('/');
  await page.evaluate((c) => localStorage.setItem('urbana-cart', JSON.stringify(c)), lines);
  // Signed in (the checkout asks a visitor to sign in first), the lines go to the account's cart.
  const customer = await createCustomer(page.request, 'Carla Carrinho');
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await page.goto('/carrinho');
  await expect(page.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem')).toHaveCount(5);

  const total = page.getByTestId('total-carrinho');
  await expect(total).toHaveText(/^R\$/);
  const bar = page.getByRole('region', { name: 'Total do carrinho' });
  await expect(bar).toBeInViewport();
  // The same figure as the summary once the server's quote is in (both show the local total until then).
  await expect(async () =>
    expect(await bar.getByTestId('barra-total').textContent()).toBe(await total.textContent()),
  ).toPass();
  // One "Continuar para o pagamento" on a phone: the bar's, at the bottom edge of the screen.
  const pay = page.getByRole('button', { name: 'Continuar para o pagamento' });
  await expect(pay).toHaveCount(1);
  const viewport = page.viewportSize()!;
  const box = (await bar.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(viewport.height);
  // The total is shown whole, beside the button, not under it.
  const amount = (await bar.getByTestId('barra-total').boundingBox())!;
  const button = (await pay.boundingBox())!;
  expect(amount.x + amount.width).toBeLessThanOrEqual(button.x);
  expect(await bar.getByTestId('barra-total').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);

  // At the end of the page nothing stays under the bar.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const footerBottom = await page.locator('footer').evaluate((f) => f.getBoundingClientRect().bottom);
  expect(footerBottom).toBeLessThanOrEqual(box.y + 1);

  // A line removed: the bar's total follows the summary's.
  const before = await bar.getByTestId('barra-total').textContent();
  await page.getByRole('button', { name: `Remover ${lines[0]!.name} do carrinho` }).click();
  await expect(bar.getByTestId('barra-total')).not.toHaveText(before!);
  // (the summary's total may still be the lines' sum while the server's quote comes back)
  await expect
    .poll(async () => (await bar.getByTestId('barra-total').textContent()) === (await total.textContent()))
    .toBe(true);

  // The checkout asks a new customer for the billing profile first, and comes back to it.
  await pay.click();
  await expect(page).toHaveURL(/\/usuario\/completar-perfil\?voltar=%2Fcheckout$/);
});
