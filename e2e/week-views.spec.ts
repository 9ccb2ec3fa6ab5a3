import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAdminPage, staffSignIn } from './support/admin-pages.ts';

// Issue #40 items 8–10, what a person sees, at a desktop of 1280 × 900 and a phone of 390 × 844.
const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'celular', viewport: { width: 390, height: 844 } },
] as const;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Whether two boxes on screen share any point. */
async function overlap(a: Locator, b: Locator) {
  const x = (await a.boundingBox())!;
  const y = (await b.boundingBox())!;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

async function firstProduct(page: Page) {
  const res = await page.request.get('/api/search?local=Brasília&por_pagina=1');
  const { items } = (await res.json()) as { items: Array<{ slug: string }> };
  return items[0]!.slug;
}

for (const { name, viewport } of sizes) {
  test.describe(`${name} (${viewport.width} × ${viewport.height})`, () => {
    test.use({ viewport });

    test('planejador: os botões do plano ficam dentro do seu cartão', async ({ page }) => {
      await page.goto(
        '/planejar?orcamento=15000&local=Bras%C3%ADlia%2C%20Distrito%20Federal%2C%20Brasil&semanas=2',
      );
      const card = page.getByRole('heading', { name: 'Plano sugerido' }).locator('..');
      const add = page.getByRole('button', { name: 'Adicionar plano ao carrinho' });
      await expect(add).toBeVisible();
      const box = (await card.boundingBox())!;
      for (const button of await card.getByRole('button').all()) {
        const b = (await button.boundingBox())!;
        expect(b.x, await button.innerText()).toBeGreaterThanOrEqual(box.x);
        expect(b.x + b.width, await button.innerText()).toBeLessThanOrEqual(box.x + box.width + 0.5);
      }
      expect(await sideways(page)).toBe(false);
      await shot(page, `planejar-${name}`);
    });

    test('página do local: escolher uma semana não muda o calendário; o aviso não cobre o cartão', async ({
      page,
    }) => {
      await page.goto(`/locais/${await firstProduct(page)}`);
      const weeks = page.getByRole('button', { name: /^Semana de / });
      await expect(weeks.first()).toBeVisible();
      const before = await weeks.evaluateAll((els) =>
        els.map((e) => e.getAttribute('aria-label')!.slice(0, 20)),
      );
      const target = page
        .getByRole('button', { name: /^Semana de .*: (Livre|Poucas vagas)/ })
        .and(page.locator('[aria-pressed="false"]'))
        .nth(3);
      const label = (await target.getAttribute('aria-label'))!;
      await target.click();
      await expect(page.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
      const after = await weeks.evaluateAll((els) =>
        els.map((e) => e.getAttribute('aria-label')!.slice(0, 20)),
      );
      expect(after).toEqual(before);

      if (viewport.width >= 1024) {
        const card = page.getByRole('complementary', { name: 'Reservar' });
        await card.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
        const toast = page
          .getByRole('region', { name: /^Notificações/ })
          .locator('[data-sonner-toast]')
          .first();
        await expect(toast).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
        expect(await overlap(toast, card.getByLabel('Início'))).toBe(false);
        expect(await overlap(toast, card.getByLabel('Semanas'))).toBe(false);
        expect(await overlap(toast, card)).toBe(false);
        await shot(page, `local-aviso-${name}`);
      }
      expect(await sideways(page)).toBe(false);
    });
  });
}

test.describe('desktop (1280 × 900)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('busca: um clique no marcador mostra o cartão do local, sem sair da busca', async ({ page }) => {
    await page.goto('/buscar-locais');
    await expect(page.getByRole('list', { name: 'Resultados' })).toBeVisible();
    const map = page.getByRole('region', { name: 'Mapa dos resultados' });
    await expect(map.locator('.urbana-pin, .urbana-cluster').first()).toBeVisible();
    for (let i = 0; i < 6 && (await page.locator('.urbana-pin').count()) === 0; i++) {
      await page.locator('.urbana-cluster').first().click();
      await page.waitForTimeout(600);
    }
    const marker = page.locator('.leaflet-marker-icon:has(.urbana-pin)').first();
    const pinName = await marker.getAttribute('title');
    const url = page.url();
    await marker.click();
    const card = page.getByRole('region', { name: 'Local selecionado no mapa' });
    await expect(card).toBeVisible();
    await expect(card).toContainText(pinName!);
    expect(page.url()).toBe(url);
    await shot(page, 'busca-previa-desktop');
    await card.getByRole('link', { name: 'Ver local' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pinName!);
  });
});

for (const { name, viewport } of sizes) {
  test.describe(`equipe ${name}`, () => {
    test.use({ viewport });
    test('Equipe: quem usa o painel agora, acima dos convites', async ({ page }) => {
      await staffSignIn(page);
      await openAdminPage(page, '/admin/equipe');
      const table = page.getByRole('table', { name: 'Equipe atual' });
      await expect(table).toBeVisible();
      await expect(table).toContainText('Admin E2E');
      await expect(table).toContainText('Com acesso');
      expect(await sideways(page)).toBe(false);
      await shot(page, `equipe-${name}`);
    });
  });
}
