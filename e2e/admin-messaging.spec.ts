import { expect, test } from '@playwright/test';
import { STAFF } from './support/fixtures.ts';
import { createCustomer, signInWithForm } from './support/users.ts';

test('a equipe envia uma notificação a um usuário achado pela busca e o sino dele sobe na hora; o admin agenda um email', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await createCustomer(request, 'Nina Notificada');
  const streamOpen = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'));
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await streamOpen;
  const bellCount = page.getByTestId('contador-notificacoes');
  await expect(bellCount).toBeHidden();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/admin/login');
  const login = admin.getByRole('form', { name: 'Entrar' });
  await login.getByLabel('Email').fill(STAFF.admin);
  await login.getByLabel('Senha').fill(STAFF.password);
  await login.getByRole('button', { name: 'Entrar no painel' }).click();
  await expect(admin).toHaveURL(/\/admin$/);

  await admin.goto('/admin/notificacoes');
  const form = admin.getByRole('form', { name: 'Enviar notificação' });
  await form.getByLabel('Para quem').selectOption('usuario');
  await form.getByRole('button', { name: 'Enviar notificação' }).click();
  await expect(form.getByText('Escolha o usuário.')).toBeVisible();
  await expect(form.getByText('Informe o título.')).toBeVisible();
  await form.getByLabel('Buscar usuário por nome ou email').fill(user.email);
  await form
    .getByRole('list', { name: 'Usuários encontrados' })
    .getByRole('button', { name: /Nina Notificada/ })
    .click();
  await form.getByLabel('Título').fill('Sua proposta está pronta');
  await form.getByLabel('Link (opcional)').fill('/usuario/meus-pedidos');
  // Issue #17 item 2: the count of recipients is asked first; cancelling sends nothing.
  const history = admin.getByRole('region', { name: 'Histórico de notificações' });
  const sendButton = form.getByRole('button', { name: 'Enviar notificação' });
  await sendButton.click();
  const confirm = admin.getByRole('dialog', { name: 'Enviar para 1 usuário?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Voltar' }).click();
  await expect(confirm).toBeHidden();
  await expect(sendButton).toBeFocused();
  await expect(history.getByRole('row', { name: /Sua proposta está pronta/ })).toHaveCount(0);
  await sendButton.click();
  await admin
    .getByRole('dialog', { name: 'Enviar para 1 usuário?' })
    .getByRole('button', { name: 'Enviar para 1 usuário' })
    .click();
  await expect(history.getByRole('row', { name: /Sua proposta está pronta/ })).toContainText('Um usuário');
  // At 1,280 px every column of the history is on screen ("Lidas" and "Enviada por" were cut).
  expect(await history.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);

  // The customer's bell rises without a reload; she opens it and the history counts the read.
  await expect(bellCount).toHaveText('1');
  await page.getByRole('button', { name: 'Notificações (1 não lida)' }).click();
  await page.getByRole('menuitem', { name: /Sua proposta está pronta/ }).click();
  await expect(page).toHaveURL(/\/usuario\/meus-pedidos$/);
  await expect(bellCount).toBeHidden();
  await admin.reload();
  await expect(
    admin.getByRole('region', { name: 'Histórico de notificações' }).getByRole('row', {
      name: /Sua proposta está pronta/,
    }),
  ).toContainText('1 (100%)');

  // Scheduled e-mail: validation next to the fields, then listed as scheduled, then cancelled.
  await admin.goto('/admin/email-agendados');
  const schedule = admin.getByRole('form', { name: 'Agendar email' });
  await schedule.getByRole('button', { name: 'Agendar email' }).click();
  await expect(schedule.getByText('Informe o assunto.')).toBeVisible();
  await expect(schedule.getByText('Informe data e hora válidas.')).toBeVisible();
  const subject = `Novidades ${Date.now()}`;
  await schedule.getByLabel('Assunto').fill(subject);
  await schedule.getByLabel('Texto').fill('Chegaram novos painéis de LED em Brasília.');
  await schedule.getByLabel('Data e hora do envio').fill('2099-12-01T09:30');
  await schedule.getByRole('button', { name: 'Agendar email' }).click();
  const item = admin
    .getByRole('list', { name: 'Emails agendados' })
    .getByRole('listitem')
    .filter({ hasText: subject });
  await expect(item).toContainText('Agendado');
  await expect(item).toContainText('01/12/2099 às 09:30');
  await item.getByRole('button', { name: 'Cancelar envio' }).click();
  await item.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(item).toContainText('Cancelado');
  await adminContext.close();
});
