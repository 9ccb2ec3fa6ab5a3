import { expect, test } from '@playwright/test';
import { adminPages, openAdminPage, staffSignIn } from './support/admin-pages.ts';
import { PASSWORD, uniqueEmail } from './support/users.ts';

// Issue #17 item 6: no admin page scrolls sideways on a phone (390 px); wide tables scroll inside
// their own box; on a phone the lists are cards that fit the screen. Item 7: the audit page reads as a sentence with links.
test('nenhuma página do painel rola para o lado num celular', async ({ page }) => {
  test.setTimeout(180_000);
  // A customer with a long e-mail, first in the users' list.
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: {
      email: uniqueEmail('cliente.com.um.email.bem.comprido'),
      password: PASSWORD,
      nome_completo: 'Cliente De Email Comprido',
    },
  });
  expect(signUp.status()).toBe(201);
  await staffSignIn(page);
  const pages = await adminPages(page.request);
  expect(pages.length).toBeGreaterThanOrEqual(13);
  const wide: string[] = [];
  for (const path of pages) {
    await openAdminPage(page, path);
    const { scroll, client, cards } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      // A list drawn as cards fits the screen: a long e-mail wraps instead of running past the edge.
      cards: Array.from(document.querySelectorAll<HTMLElement>('[data-stacked-table]'))
        .filter((box) => box.scrollWidth > box.clientWidth + 1)
        .map(
          (box) =>
            `${box.querySelector('table')?.getAttribute('aria-label')}: ${box.scrollWidth}px > ${box.clientWidth}px`,
        ),
    }));
    if (scroll > client) wide.push(`${path}: ${scroll}px > ${client}px`);
    wide.push(...cards.map((card) => `${path} ${card}`));
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
