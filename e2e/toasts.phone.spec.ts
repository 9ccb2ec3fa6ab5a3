import { expect, test } from '@playwright/test';
import { headerControlsUnderToasts } from './support/toasts.ts';
import { staffSignIn } from './support/admin-pages.ts';

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

test('no celular, o aviso de login do painel não cobre as seções nem "Ver site" e "Sair"', async ({
  page,
}) => {
  await staffSignIn(page);
  const header = page.locator('header').filter({ has: page.getByRole('button', { name: 'Sair' }) });
  expect(await headerControlsUnderToasts(page, header)).toEqual([]);
  // The row of sections above it: those on screen.
  const sections = page.getByRole('navigation', { name: 'Administração' });
  expect(await headerControlsUnderToasts(page, sections)).toEqual([]);
});
