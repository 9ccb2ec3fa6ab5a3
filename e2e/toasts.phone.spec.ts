import { expect, test } from '@playwright/test';
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

// A toast from the step before stood over the dialog that the next tap opened: on a taller dialog, over
// its title and ✕. While a dialog is open, toasts stand behind its overlay.
test('no celular, um aviso não cobre a janela de confirmação aberta em seguida', async ({ page }) => {
  await staffSignIn(page, STAFF.operador);
  const list = await page.request.get('/api/admin/produtos');
  const { items } = (await list.json()) as { items: Array<{ id: string }> };
  await page.goto(`/admin/produtos/${items[0]!.id}`);
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(visibleToasts(page).filter({ hasText: 'Produto salvo' })).toBeVisible();
  await page.getByRole('button', { name: /^(Desativar|Ativar)$/ }).click();
  const dialog = page.getByRole('dialog', { name: /este produto\?$/ });
  await expect(dialog).toBeVisible();
  await expect(visibleToasts(page).first()).toBeVisible();
  await page.waitForTimeout(500);
  const covered = await dialog.locator('h2, button:visible').evaluateAll((parts) =>
    parts
      .filter((part) => {
        const box = part.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return !part.contains(hit);
      })
      .map((part) => part.getAttribute('aria-label') ?? part.textContent?.trim() ?? '?'),
  );
  expect(covered).toEqual([]);
  // Nor does it lie over the overlay where a taller dialog (a cancellation with its reason) reaches:
  // what a tap on the toast's middle lands on belongs to the dialog's layer.
  const onTop = await visibleToasts(page)
    .first()
    .evaluate((toast) => {
      // The modal turns the page's pointer events off, which hit tests skip: on for the test only.
      const before = document.body.style.pointerEvents;
      document.body.style.pointerEvents = 'auto';
      const box = toast.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      document.body.style.pointerEvents = before;
      return hit?.closest('[data-sonner-toaster]') != null;
    });
  expect(onTop).toBe(false);
  await dialog.getByRole('button', { name: 'Voltar' }).click();
});
