import { expect, test } from '@playwright/test';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { headerControlsUnderToasts, visibleToasts } from './support/toasts.ts';
import { staffSignIn } from './support/admin-pages.ts';
import { STAFF } from './support/fixtures.ts';

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

// A toast from the step before stood over the next dialog, on its title and ✕: a dialog opening takes
// the toasts on screen away. A toast of what is done inside a dialog shows over it.
test('no celular, o aviso do passo anterior sai quando uma janela abre; o de dentro dela aparece por cima', async ({
  page,
}) => {
  const list = await page.request.get('/api/search?local=Bras%C3%ADlia&por_pagina=12&ordem=menor_preco');
  const { items } = (await list.json()) as {
    items: Array<{ id: string; name: string; tower_count: number }>;
  };
  const product = items.filter((i) => i.tower_count === 1).at(-1)!;
  const start = addDays(earliestBookableStart(todayInBrasilia(), 2), 7 * 45);
  await staffSignIn(page, STAFF.operador);
  await page.goto(`/admin/inventario?produto=${product.id}&de=${start}&semanas=4`);
  const grid = page.getByRole('region', { name: /Calendário de inventário/ });
  const cell = grid.getByRole('button', { name: new RegExp(`^${product.name}, .*semana de`) }).first();
  await cell.click();
  const dialog = page.getByRole('dialog').first();
  await dialog.getByRole('button', { name: 'Bloquear semanas' }).click();
  await dialog.getByLabel('Motivo').fill('Troca da lona');
  await dialog.getByRole('button', { name: 'Bloquear semanas' }).click();
  await expect(visibleToasts(page).filter({ hasText: 'Semanas bloqueadas' })).toBeVisible();
  await expect(cell).toHaveAttribute('data-cell-state', 'bloqueada');

  // The next dialog opens clear of it.
  await cell.click();
  await expect(dialog.getByRole('button', { name: 'Liberar' })).toBeVisible();
  await expect(visibleToasts(page)).toHaveCount(0);

  // Releasing the weeks from inside it: that toast is over the dialog, where it can be read.
  await dialog.getByRole('button', { name: 'Liberar' }).click();
  await page
    .getByRole('dialog', { name: /^Liberar/ })
    .getByRole('button', { name: 'Liberar vagas' })
    .click();
  const released = visibleToasts(page).filter({ hasText: 'Vagas liberadas' });
  await expect(released).toBeVisible();
  await expect(dialog).toBeVisible();
  // sonner slides a toast in for 400 ms: the check is on where it stays.
  await page.waitForTimeout(500);
  const onTop = await released.evaluate((toast) => {
    // The modal turns the page's pointer events off, which hit tests skip: on for the test only.
    const before = document.body.style.pointerEvents;
    document.body.style.pointerEvents = 'auto';
    const box = toast.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    document.body.style.pointerEvents = before;
    return toast.contains(hit);
  });
  expect(onTop).toBe(true);
  // The dialog tells the week's state after the release, not the one it opened with.
  await expect(dialog.getByText(/^Semana de \d\d\/\d\d\/\d{4}: \d+ livres?\.$/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cell).toHaveAttribute('data-cell-state', 'livre');
});
