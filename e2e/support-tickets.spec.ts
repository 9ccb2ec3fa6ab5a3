import { expect, test } from '@playwright/test';
import { STAFF } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';
import { createCustomer, signInWithForm } from './support/users.ts';

test('visitante abre atendimento → equipe responde → o sino do cliente sobe sem recarregar → lê e responde', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await createCustomer(request, 'Vera Visitante');

  // A visitor searches the FAQ, then writes to support.
  await page.goto('/suporte');
  await page.getByLabel('Buscar nas perguntas frequentes').fill('fatura pdf');
  await expect(page.getByText('Onde encontro minhas faturas e como baixo o PDF?')).toBeVisible();
  await expect(page.getByText('Esqueci minha senha. O que faço?')).toHaveCount(0);
  await page.getByLabel('Buscar nas perguntas frequentes').fill('');

  const form = page.getByRole('form', { name: 'Fale com a gente' });
  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(form.getByText('Informe seu nome.')).toBeVisible();
  await expect(form.getByText('Escolha sobre o que é a mensagem.')).toBeVisible();
  await form.getByLabel('Nome').fill('Vera Visitante');
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Sobre o quê?').selectOption('pedidos');
  const subject = `Troca de semana ${Date.now()}`;
  await form.getByLabel('Assunto').fill(subject);
  await form.getByLabel('Mensagem').fill('Posso trocar a semana de início da minha campanha?');
  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  const confirmation = form.getByText(/Recebemos sua mensagem: atendimento SUP-/);
  await expect(confirmation).toBeVisible();
  const code = /SUP-[A-Z0-9]{6}/.exec(await confirmation.innerText())![0];
  await waitForMail(user.email, code);

  // She signs in with the same e-mail: the ticket is hers, the live stream is open.
  const streamOpen = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'));
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await page.getByRole('banner').getByRole('link', { name: 'Suporte' }).click();
  await streamOpen;
  await expect(page.getByRole('list', { name: 'Atendimentos' }).getByText(subject)).toBeVisible();
  const bellCount = page.getByTestId('contador-notificacoes');
  await expect(bellCount).toBeHidden();

  // Staff answer from /admin/suporte in another browser.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto('/admin/login');
  const login = staff.getByRole('form', { name: 'Entrar' });
  await login.getByLabel('Email').fill(STAFF.operador);
  await login.getByLabel('Senha').fill(STAFF.password);
  await login.getByRole('button', { name: 'Entrar no painel' }).click();
  await expect(staff).toHaveURL(/\/admin$/);
  await staff.goto('/admin/suporte?status=aberto');
  await staff
    .getByRole('list', { name: 'Atendimentos' })
    .getByRole('button', { name: new RegExp(subject) })
    .click();
  await expect(staff.getByText('Posso trocar a semana de início da minha campanha?')).toBeVisible();
  const reply = staff.getByRole('form', { name: 'Resposta ao cliente' });
  await reply.getByRole('button', { name: 'Responder' }).click();
  await expect(reply.getByText('Escreva sua mensagem (pelo menos 10 caracteres).')).toBeVisible();
  await reply
    .getByLabel('Resposta ao cliente')
    .fill('Pode sim: cancele o pedido e faça outro com a nova semana.');
  await reply.getByRole('button', { name: 'Responder' }).click();
  await expect(staff.getByLabel('Status', { exact: true })).toHaveValue('em_andamento');

  // The customer's bell rises without a reload.
  await expect(bellCount).toHaveText('1');
  await page.getByRole('button', { name: 'Notificações (1 não lida)' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`A equipe respondeu ao atendimento ${code}`) }).click();
  await expect(page).toHaveURL(/\/suporte\?atendimento=/);
  const conversation = page.getByRole('list', { name: 'Conversa' });
  await expect(
    conversation.getByText('Pode sim: cancele o pedido e faça outro com a nova semana.'),
  ).toBeVisible();
  await expect(bellCount).toBeHidden();
  await waitForMail(user.email, 'Pode sim: cancele o pedido');

  const answer = page.getByRole('form', { name: 'Sua resposta' });
  await answer.getByLabel('Sua resposta').fill('Obrigada! Vou refazer o pedido hoje.');
  await answer.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(conversation.getByText('Obrigada! Vou refazer o pedido hoje.')).toBeVisible();

  // Staff see the answer in the thread.
  await staff.reload();
  await expect(staff.getByText('Obrigada! Vou refazer o pedido hoje.')).toBeVisible();
  await staffContext.close();
});
