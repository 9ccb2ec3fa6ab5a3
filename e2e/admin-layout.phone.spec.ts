import { expect, test } from '@playwright/test';
import { adminPages, openAdminPage, staffSignIn } from './support/admin-pages.ts';

// Issue #17 item 6: no admin page scrolls sideways on a phone (390 px); wide tables scroll inside
// their own box. Item 7: the audit page reads as a sentence with links.
test('nenhuma página do painel rola para o lado num celular', async ({ page }) => {
  test.setTimeout(180_000);
  await staffSignIn(page);
  const pages = await adminPages(page.request);
  expect(pages.length).toBeGreaterThanOrEqual(13);
  const wide: string[] = [];
  for (const path of pages) {
    await openAdminPage(page, path);
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    if (scroll > client) wide.push(`${path}: ${scroll}px > ${client}px`);
  }
  expect(wide).toEqual([]);
});

test('o log de auditoria mostra uma frase e um link para quem fez', async ({ page }) => {
  await staffSignIn(page);
  await openAdminPage(page, '/admin/logs');
  const table = page.getByRole('table', { name: 'Trilha de auditoria' });
  const row = table.getByRole('row').filter({ hasText: 'entrou no sistema' }).first();
  await expect(row).toBeVisible();
  const who = row.getByRole('link').first();
  await expect(who).toHaveAttribute('href', /\/admin\/usuarios\?q=/);
  await who.click();
  await expect(page).toHaveURL(/\/admin\/usuarios\?q=/);
  await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
});
