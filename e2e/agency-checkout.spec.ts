/**
 * Issue #44 item 1, decision 116, in a real browser: an agency's person picks the advertiser on the
 * cart, the checkout starts from it and saves a change to the cart, the order is the advertiser's,
 * and "Meus pedidos" names it and filters by it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { companyBilling } from './support/orders.ts';
import { customerReadyToOrder, signInWithForm } from './support/users.ts';

test.use({ viewport: { width: 1280, height: 900 } });

// A week no other spec books (they share the catalogue).
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 7 * 59);

/** A valid CNPJ from its first twelve characters (IN RFB 2.229/2024: letters count as code − 48). */
function cnpj(base: string): string {
  const digit = (s: string) => {
    const weights =
      s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = [...s].reduce((acc, c, i) => acc + (c.charCodeAt(0) - 48) * weights[i]!, 0) % 11;
    return r < 2 ? '0' : String(11 - r);
  };
  const first = base + digit(base);
  return first + digit(first);
}

async function outdoor(request: APIRequestContext) {
  const search = await (
    await request.get('/api/search?local=Brasília&tipo=outdoor&por_pagina=3&ordem=menor_preco')
  ).json();
  const slug = (search.items as Array<{ slug: string }>)[1]!.slug;
  return (await (await request.get(`/api/products/${slug}`)).json()) as {
    id: string;
    slug: string;
    name: string;
    daily_price: number;
  };
}

test('a agência escolhe o anunciante no carrinho, o checkout parte dele e o pedido sai no CNPJ do anunciante', async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const person = await customerReadyToOrder(request, playwright, baseURL!, 'Vera Agência', companyBilling);
  const run = String(Date.now()).slice(-8).padStart(8, '0');
  const agency = await person.api.post('/api/agencia', {
    data: { name: 'Agência Vera Ltda.', document: cnpj(`${run}0001`), cenp_valid_until: null },
  });
  expect(agency.status()).toBe(201);
  const advertiser = async (name: string, base: string) => {
    const res = await person.api.post('/api/agencia/anunciantes', {
      data: { ...companyBilling, name, document: cnpj(base) },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const padaria = await advertiser('Padaria Vera S.A.', `PV${run.slice(2)}AB01`);
  const sorveteria = await advertiser('Sorveteria Vera S.A.', `SV${run.slice(2)}CD01`);
  const product = await outdoor(request);

  await page.goto('/');
  await page.evaluate(
    (c) => localStorage.setItem('urbana-cart', JSON.stringify(c)),
    [
      {
        id: `${product.id}-anunciante`,
        product_id: product.id,
        name: product.name,
        slug: product.slug,
        daily_price: product.daily_price,
        weeks: 1,
        startDate: START,
        towerCount: 1,
        isTowerBased: false,
        towers: [],
        selectedTowers: [],
      },
    ],
  );
  await signInWithForm(page, person.email, person.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);

  // On the cart: the advertiser, saved with the cart.
  await page.goto('/carrinho');
  const onCart = page.locator('#carrinho-anunciante');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart/advertiser') && r.ok());
  await onCart.selectOption(padaria);
  await saved;
  await page.screenshot({ path: testInfo.outputPath('carrinho-anunciante.png'), fullPage: true });
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();

  // The checkout starts from the cart's advertiser; a change there is the cart's too.
  const picker = page.getByRole('combobox', { name: 'Anunciante' });
  await expect(picker).toHaveValue(padaria);
  const changed = page.waitForResponse((r) => r.url().endsWith('/api/cart/advertiser') && r.ok());
  await picker.selectOption(sorveteria);
  await changed;
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Anunciante' })).toHaveValue(sorveteria);
  await page.screenshot({ path: testInfo.outputPath('checkout-anunciante.png'), fullPage: true });
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(page).toHaveURL(/\/confirmacao-pedido/);

  // The order is the advertiser's; "Meus pedidos" names it and filters by it.
  const orders = (await (await person.api.get('/api/orders')).json()) as {
    items: Array<{ id: string; advertiser: { id: string; name: string } | null }>;
  };
  expect(orders.items[0]!.advertiser).toMatchObject({ id: sorveteria, name: 'Sorveteria Vera S.A.' });
  await page.goto('/usuario/meus-pedidos');
  await expect(page.getByTestId('pedido-anunciante').first()).toContainText('Para Sorveteria Vera S.A.');
  await page.getByRole('combobox', { name: 'Anunciante' }).selectOption(padaria);
  await expect(page).toHaveURL(new RegExp(`anunciante=${padaria}`));
  await expect(page.getByText('Nenhum pedido com este filtro')).toBeVisible();
  await page.getByRole('combobox', { name: 'Anunciante' }).selectOption(sorveteria);
  await expect(page.getByTestId('pedido-anunciante')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('meus-pedidos-anunciante.png'), fullPage: true });
});
