import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays } from '@urbana/shared';
import { openAdminPage, staffSignIn } from './support/admin-pages.ts';
import { companyBilling, placeOrderAs, startDate } from './support/orders.ts';
import { customerReadyToOrder, signInWithForm } from './support/users.ts';

// Issue #40 items 8–10, at the two sizes people use: a desktop of 1280 × 900 and a phone of 390 × 844.
const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'celular', viewport: { width: 390, height: 844 } },
] as const;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** Whether the page scrolls sideways (nothing may, at any size). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Lines of `el` that start with "·": a separator left alone at the start of a wrapped line. */
async function linesStartingWithDot(el: Locator) {
  return el.evaluate((node) => {
    const starts: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    let lastTop = Number.NaN;
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const value = text.textContent ?? '';
      for (let i = 0; i < value.length; i++) {
        if (/\s/.test(value[i]!)) continue;
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        if (!(Math.abs(top - lastTop) < 4)) starts.push(value[i]!);
        lastTop = top;
      }
    }
    return starts.filter((c) => c === '·');
  });
}

for (const { name, viewport } of sizes) {
  test.describe(`${name} (${viewport.width} × ${viewport.height})`, () => {
    test.use({ viewport });

    test('o pedido sem pagamento: prazo do Pix com data e hora, e nenhuma linha começa com "·"', async ({
      page,
      request,
      playwright,
      baseURL,
    }) => {
      test.slow();
      const customer = await customerReadyToOrder(
        request,
        playwright,
        baseURL!,
        'Cliente Prazos',
        companyBilling,
      );
      const search = await request.get('/api/search?local=Brasília&por_pagina=1');
      const [product] = ((await search.json()) as { items: Array<{ id: string }> }).items;
      // Weeks of their own for each size: the face has one slot.
      const first = addDays(await startDate(request), 7 * (viewport.width < 500 ? 60 : 56));
      const pix = await placeOrderAs(customer.api, { productId: product!.id, start: first, method: 'pix' });
      const invoiced = await placeOrderAs(customer.api, {
        productId: product!.id,
        start: addDays(first, 14),
        method: 'faturado',
      });
      await signInWithForm(page, customer.email, customer.password);
      await expect(page).not.toHaveURL(/\/auth/);
      await page.goto(`/pedido/${pix.id}`);
      await expect(page.getByTestId('prazo-pix')).toHaveText(
        /^Pague o Pix até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\. Depois disso o pedido expira e as vagas são liberadas\.$/,
      );
      await shot(page, `pedido-pix-${name}`);
      await page.goto(`/pedido/${invoiced.id}`);
      const header = page.getByText(/^Feito em /);
      await expect(header).toBeVisible();
      expect(await linesStartingWithDot(header)).toEqual([]);
      await page.goto('/usuario/meus-pedidos');
      const list = page.getByRole('list', { name: 'Pedidos' });
      await expect(list.getByRole('listitem').first()).toBeVisible();
      for (const line of await list.locator('p.text-sm').all())
        expect(await linesStartingWithDot(line)).toEqual([]);
      expect(await sideways(page)).toBe(false);
      await shot(page, `meus-pedidos-${name}`);

      // The section row keeps the current section in view (it stayed at "Meus pedidos").
      await page
        .getByRole('navigation', { name: 'Minha conta' })
        .getByRole('link', { name: 'Faturamento' })
        .click();
      await expect(page).toHaveURL(/\/usuario\/faturamento/);
      const nav = page.getByRole('navigation', { name: 'Minha conta' });
      const current = nav.locator('[aria-current="page"]');
      await page.goto('/usuario/notificacoes');
      await expect(current).toHaveText('Notificações');
      const row = (await nav.boundingBox())!;
      await expect
        .poll(async () => {
          const box = (await current.boundingBox())!;
          return box.x >= row.x - 1 && box.x + box.width <= row.x + row.width + 1;
        })
        .toBe(true);
      await shot(page, `notificacoes-${name}`);
    });

    test('relatórios: "Por tipo" e "Por cidade" com a coluna de receita inteira', async ({ page }) => {
      test.slow();
      await staffSignIn(page);
      await openAdminPage(page, '/admin/relatorios');
      const byType = page.getByRole('heading', { name: 'Por tipo' });
      const byCity = page.getByRole('heading', { name: 'Por cidade' });
      await expect(byType).toBeVisible();
      // One above the other: side by side at 1280 px each table scrolled, its revenue cut off.
      const typeBox = (await byType.boundingBox())!;
      const cityBox = (await byCity.boundingBox())!;
      expect(cityBox.y).toBeGreaterThan(typeBox.y + typeBox.height);
      if (viewport.width >= 1280) {
        for (const label of ['Vendas por tipo', 'Vendas por cidade']) {
          const table = page.getByRole('table', { name: label });
          if ((await table.count()) === 0) continue; // no sales yet: "Sem vendas."
          const box = page.locator('[data-stacked-table]').filter({ has: table });
          expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
        }
      }
      expect(await sideways(page)).toBe(false);
      await shot(page, `relatorios-${name}`);
    });
  });
}
