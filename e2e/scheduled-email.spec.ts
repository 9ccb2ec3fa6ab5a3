import { expect, test, type Page } from '@playwright/test';
import { staffSignIn } from './support/admin-pages.ts';
import { STAFF } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';
import { createCustomer } from './support/users.ts';

/** yyyy-mm-ddThh:mm in São Paulo time (the browser's zone in these tests), `minutes` from now, rounded up. */
function saoPauloMinute(minutes: number): string {
  const at = new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000);
  const local = new Date(at.getTime() - 3 * 3600_000);
  return local.toISOString().slice(0, 16);
}

/** The admin signs in and schedules an e-mail to one user, `minutes` from now: its item in the list. */
async function scheduleForOneUser(page: Page, email: string, subject: string, minutes: number, text: string) {
  await staffSignIn(page, STAFF.admin);
  await page.goto('/admin/email-agendados');
  const form = page.getByRole('form', { name: 'Agendar email' });
  await form.getByLabel('Para quem').selectOption('usuario');
  await form.getByLabel('Buscar usuário por nome ou email').fill(email);
  await form.getByRole('list', { name: 'Usuários encontrados' }).getByRole('button').first().click();
  await form.getByLabel('Assunto').fill(subject);
  await form.getByLabel('Texto').fill(text);
  await form.getByLabel('Data e hora do envio').fill(saoPauloMinute(minutes));
  await form.getByRole('button', { name: 'Agendar email' }).click();
  return page
    .getByRole('list', { name: 'Emails agendados' })
    .getByRole('listitem')
    .filter({ hasText: subject });
}

test('o admin agenda um email para daqui a um minuto: ele chega por SMTP e aparece nos logs', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const customer = await createCustomer(request, 'Gabi Agendada');

  const subject = `Semana de LED ${Date.now()}`;
  const item = await scheduleForOneUser(
    page,
    customer.email,
    subject,
    1,
    'Os painéis de LED da W3 Sul têm semanas livres em dezembro.',
  );
  await expect(item).toContainText('Agendado');

  // The outbox worker sends it when due, through the test SMTP server.
  const mail = await waitForMail(customer.email, subject, 150_000);
  expect(mail).toContain('de LED da W3 Sul');
  await page.reload();
  await expect(item).toContainText('Enviado');
  await expect(item).toContainText('1 destinatário · 1 enviado · 0 com falha · 0 na fila');

  await page.goto('/admin/email-logs');
  await page.getByRole('search').getByLabel('Buscar por destinatário ou assunto').fill(subject);
  await page.getByRole('search').getByRole('button', { name: 'Buscar' }).click();
  const table = page.getByRole('table', { name: 'Emails' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(customer.email);
  await expect(table).toContainText('Enviado');
});

// Found walking an admin's day: an e-mail to one user showed no recipient in the list nor when edited,
// and cancelling the e-mail being edited left its form open (saving it then answered 409).
test('um email para um usuário diz para quem; cancelado enquanto editado, o formulário volta a ser novo', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'Otávio Destinatário');
  const subject = `Proposta de verão ${Date.now()}`;
  const item = await scheduleForOneUser(
    page,
    customer.email,
    subject,
    60 * 24,
    'Temos semanas livres em janeiro.',
  );
  await expect(item).toContainText(`Para Otávio Destinatário (${customer.email})`);

  await item.getByRole('button', { name: 'Editar' }).click();
  const editing = page.getByRole('form', { name: 'Editar email agendado' });
  await expect(editing.getByText(/^Escolhido:/)).toHaveText(
    `Escolhido: Otávio Destinatário (${customer.email})`,
  );
  await item.getByRole('button', { name: 'Cancelar envio' }).click();
  await item.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(item).toContainText('Cancelado');
  await expect(editing).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Agendar email' })).toBeVisible();
});
