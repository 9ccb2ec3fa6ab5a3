import { expect, test, type Page } from '@playwright/test';
import { STAFF } from './support/fixtures.ts';
import { createCustomer } from './support/users.ts';

// Issue #17 item 8: closing a dialog with the keyboard puts focus back on what opened it, also for
// the detail dialogs a list row opens by state (decision 027).

async function staffSignIn(page: Page) {
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('Email').fill(STAFF.admin);
  await form.getByLabel('Senha').fill(STAFF.password);
  await form.getByRole('button', { name: 'Entrar no painel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test('Esc fecha o detalhe do usuário, a confirmação e o detalhe do email, e o foco volta a quem abriu', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'Fabi Foco');
  await staffSignIn(page);

  await page.goto(`/admin/usuarios?q=${encodeURIComponent(customer.email)}`);
  const row = page.getByRole('table', { name: 'Usuários' }).getByRole('button', { name: 'Fabi Foco' });
  await row.focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: 'Usuário', exact: true });
  await expect(detail.getByText(customer.email)).toBeVisible();

  // A confirmation inside it, opened and closed with the keyboard.
  const block = detail.getByRole('button', { name: 'Bloquear' });
  await block.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Bloquear este usuário?' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(block).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(row).toBeFocused();

  await page.goto(`/admin/email-logs?q=${encodeURIComponent(customer.email)}`);
  const mailRow = page
    .getByRole('table', { name: 'Emails' })
    .getByRole('button', { name: 'Confirme seu email na Urbana' });
  await mailRow.focus();
  await page.keyboard.press('Enter');
  const mail = page.getByRole('dialog', { name: 'Email', exact: true });
  await expect(mail.getByText(customer.email)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(mail).toBeHidden();
  await expect(mailRow).toBeFocused();
});
