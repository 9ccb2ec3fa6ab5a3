import { expect, test } from '@playwright/test';
import { headerControlsUnderToasts } from './support/toasts.ts';

// On a phone the toasts span the width of the screen: below the header, so that its menu and cart stay
// within reach while a toast is shown.
test('no celular, um aviso não cobre o menu nem o carrinho do cabeçalho', async ({ page }) => {
  const res = await page.request.get('/api/search?local=Brasília&por_pagina=1');
  const { items } = (await res.json()) as { items: Array<{ slug: string }> };
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/locais/${items[0]!.slug}`);
  await page.getByRole('button', { name: 'Compartilhar este local' }).click();
  expect(await headerControlsUnderToasts(page, page.locator('header').first())).toEqual([]);
});
