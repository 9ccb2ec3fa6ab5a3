import { expect, test, type Page } from '@playwright/test';
import { staffSignIn } from './support/admin-pages.ts';
import { headerControlsUnderToasts } from './support/toasts.ts';

// Specification §9 (docs/spec/specification.md): toasts close by themselves after
// 4000 ms, at most three are visible, and each can be dismissed by a 20 px swipe or its close button.
// Checked in the browser on real toasts: "Compartilhar este local" copies the link and says so.

async function productPage(page: Page) {
  const res = await page.request.get('/api/search?local=Brasília&por_pagina=1');
  const { items } = (await res.json()) as { items: Array<{ slug: string }> };
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/locais/${items[0]!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const all = (page: Page) =>
  page.getByRole('region', { name: /^Notificações/ }).locator('[data-sonner-toast]');
const visible = (page: Page) =>
  page.getByRole('region', { name: /^Notificações/ }).locator('[data-sonner-toast][data-visible="true"]');

async function share(page: Page, times: number) {
  for (let i = 0; i < times; i++) await page.getByRole('button', { name: 'Compartilhar este local' }).click();
}

/** A slow horizontal drag on the front toast's text (a fast one closes it by its speed). */
async function drag(page: Page, dx: number) {
  const box = (await visible(page).first().getByText('Link copiado').boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 5, y);
  await page.mouse.down();
  for (let step = 1; step <= 5; step++) {
    await page.mouse.move(box.x + 5 + (dx * step) / 5, y);
    await page.waitForTimeout(80);
  }
  await page.waitForTimeout(200);
  await page.mouse.up();
}

test('três visíveis, botão Fechar em português, arrasto de 20 px, fecha sozinho em 4 s', async ({ page }) => {
  await productPage(page);
  await share(page, 5);
  await expect(all(page)).toHaveCount(5);
  await expect(visible(page)).toHaveCount(3);

  await visible(page).first().getByRole('button', { name: 'Fechar notificação' }).click();
  await expect(all(page)).toHaveCount(4);
  await expect(visible(page)).toHaveCount(3);

  await drag(page, 12);
  await expect(all(page)).toHaveCount(4);
  await drag(page, 40);
  await expect(all(page)).toHaveCount(3);

  // Away from the toasts (hovering pauses them), a new toast stays for 4 s and then goes.
  await page.mouse.move(10, 800);
  await expect(all(page)).toHaveCount(0, { timeout: 10_000 });
  await share(page, 1);
  await expect(all(page)).toHaveCount(1);
  await page.waitForTimeout(3_000);
  await expect(all(page)).toHaveCount(1, { timeout: 100 });
  await expect(all(page)).toHaveCount(0, { timeout: 3_000 });
});

test('um aviso não cobre o cabeçalho: carrinho e conta continuam clicáveis', async ({ page }) => {
  await productPage(page);
  await share(page, 1);
  expect(await headerControlsUnderToasts(page, page.locator('header').first())).toEqual([]);
});

test('no painel, o aviso de login não cobre "Ver site" nem "Sair"', async ({ page }) => {
  await staffSignIn(page);
  const header = page.locator('header').filter({ has: page.getByRole('button', { name: 'Sair' }) });
  expect(await headerControlsUnderToasts(page, header)).toEqual([]);
});
