import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { addDays, invitationMessages, TERMS_VERSION } from '@urbana/shared';
import { STAFF } from './support/fixtures.ts';
import { staffSignIn } from './support/admin-pages.ts';
import { linkFrom, waitForMail, waitForMails } from './support/mail.ts';
import { totp } from './support/totp.ts';
import { createCustomer, PASSWORD, signInWithForm, toast, uniqueEmail } from './support/users.ts';
import { personBilling } from './support/orders.ts';

async function placeOrder(page: Page, key: string): Promise<string> {
  const api = page.request;
  const search = await (await api.get('/api/search?local=Brasília&tipo=outdoor&por_pagina=1')).json();
  const product = await (await api.get(`/api/products/${search.items[0].slug}`)).json();
  const billing = await api.put('/api/billing-profile', {
    data: personBilling('Cliente LGPD'),
  });
  expect(billing.status()).toBe(200);
  const placed = await api.post('/api/orders', {
    headers: { 'idempotency-key': `${key}-${Date.now()}` },
    data: {
      items: [
        {
          product_id: product.id,
          // Far ahead, so that this booking never takes a week another test wants.
          start_date: addDays(product.period.start, 7 * 45),
          weeks: 1,
          tower_ids: product.towers.slice(0, 1).map((t: { id: string }) => t.id),
        },
      ],
      payment_method: 'pix',
    },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).code as string;
}

test('o cadastro mostra os termos e grava a versão aceita', async ({ page }) => {
  const email = uniqueEmail('termos');
  await page.goto('/auth?modo=cadastro');
  const form = page.getByRole('form', { name: 'Criar conta' });
  await expect(form.getByRole('link', { name: 'termos de uso' })).toHaveAttribute('href', '/termos');
  await expect(form.getByRole('link', { name: 'política de privacidade' })).toHaveAttribute(
    'href',
    '/privacidade',
  );
  await form.getByLabel('Nome completo').fill('Teresa Termos');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha').fill(PASSWORD);
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(toast(page, 'Conta criada com sucesso!')).toBeVisible();
  // The texts are real pages, with the contact of the person in charge from the configuration.
  await page.goto('/privacidade');
  await expect(page.getByRole('heading', { name: 'Política de privacidade' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'privacidade@urbana.com.br' })).toBeVisible();
  await page.goto('/termos');
  await expect(page.getByRole('heading', { name: 'Termos de uso' })).toBeVisible();
  // Recorded: the version and the moment, read back once the e-mail is confirmed.
  const mail = await waitForMail(email, '/auth/confirmar-email');
  await page.goto(linkFrom(mail, '/auth/confirmar-email'));
  await expect(page.getByText('Email confirmado! Você já pode entrar.')).toBeVisible();
  await page.goto('/auth');
  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  const account = await (await page.request.get('/api/account')).json();
  expect(account.terms.version).toBe(TERMS_VERSION);
  expect(Date.now() - Date.parse(account.terms.accepted_at)).toBeLessThan(5 * 60_000);
});

test('o cliente baixa seus dados (o ZIP traz os pedidos), exclui a conta e não entra mais', async ({
  page,
}) => {
  const user = await createCustomer(page.request, 'Dora Dados');
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  const code = await placeOrder(page, 'lgpd');

  await page.goto('/usuario/conta');
  const data = page.getByRole('region', { name: 'Seus dados pessoais' });
  await data.getByRole('button', { name: 'Baixar meus dados' }).click();
  const link = data.getByRole('link', { name: /Baixar arquivo ZIP/ });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const orders = JSON.parse(strFromU8(files['pedidos.json']!));
  expect(orders['Pedidos'].map((o: { Código: string }) => o['Código'])).toContain(code);
  expect(JSON.parse(strFromU8(files['perfil.json']!))['Perfil'][0]['Email']).toBe(user.email);
  expect(strFromU8(files['LEIA-ME.txt']!)).toContain('- pedidos.json: ');

  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
  await dialog.getByLabel('Confirme com sua senha').fill('senha-errada-1');
  await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(dialog.getByText('Senha atual incorreta.')).toBeVisible();
  await dialog.getByLabel('Confirme com sua senha').fill(user.password);
  await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(toast(page, 'Sua conta foi excluída.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/auth');
  await signInWithForm(page, user.email, user.password);
  await expect(
    page
      .getByRole('form', { name: 'Entrar' })
      .getByRole('alert')
      .filter({ hasText: 'Email ou senha incorretos' }),
  ).toBeVisible();
});

test('o admin convida um operador, que cria a senha, ativa as duas etapas e entra com o código', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('operadora');
  await staffSignIn(page, STAFF.admin);
  await page.getByRole('link', { name: 'Equipe' }).click();
  const form = page.getByRole('form', { name: 'Convidar para a equipe' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Nome (opcional)').fill('Otília Operadora');
  await form.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(toast(page, 'Convite enviado.')).toBeVisible();
  const rows = page.getByRole('table', { name: 'Convites' }).getByRole('row', { name: new RegExp(email) });
  await expect(rows).toContainText(['Pendente']);
  const [firstMail] = await waitForMails(email, 1);
  // Sent again (the person did not find the e-mail): the admin is told the first link no longer works.
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Nome (opcional)').fill('Otília Operadora');
  await form.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(toast(page, invitationMessages.resent)).toBeVisible();
  await expect(rows).toContainText(['Pendente', 'Revogado']);

  // The invited person, in another browser, with the second e-mail's link.
  const context = await browser.newContext();
  const op = await context.newPage();
  const links = (await waitForMails(email, 2)).map((mail) => linkFrom(mail, '/auth/convite'));
  await op.goto(links.find((link) => link !== linkFrom(firstMail!, '/auth/convite'))!);
  await expect(op.getByText(email)).toBeVisible();
  await op.getByLabel('Senha').fill('Operadora-Nova-2026');
  await op.getByRole('button', { name: 'Criar minha conta' }).click();
  await expect(op.getByText('Conta criada. Entre com o seu email e a nova senha.')).toBeVisible();
  // The link works once.
  await op.reload();
  await expect(op.getByText('Este convite é inválido, expirou ou já foi usado.')).toBeVisible();

  // Signs in, turns two-factor sign-in on in Minha conta.
  await op.goto('/admin/login');
  const login = op.getByRole('form', { name: 'Entrar' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Senha').fill('Operadora-Nova-2026');
  await login.getByRole('button', { name: 'Entrar no painel' }).click();
  await expect(op).toHaveURL(/\/admin$/);
  await op.goto('/usuario/conta');
  await op.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
  await expect(op.getByRole('img', { name: 'QR Code para o aplicativo autenticador' })).toBeVisible();
  const secret = (await op.getByTestId('totp-secret').textContent())!.trim();
  // The current password is asked too, so that a stolen session cannot bind another authenticator.
  const enrol = op.getByRole('form', { name: 'Configurar verificação em duas etapas' });
  await enrol.getByLabel('2. Código de 6 dígitos do aplicativo').fill(totp(secret));
  await enrol.getByLabel('3. Senha atual').fill('senha-errada-1');
  await enrol.getByRole('button', { name: 'Confirmar e ativar' }).click();
  await expect(enrol.getByText('Senha atual incorreta.')).toBeVisible();
  await enrol.getByLabel('3. Senha atual').fill('Operadora-Nova-2026');
  await enrol.getByRole('button', { name: 'Confirmar e ativar' }).click();
  await expect(op.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem')).toHaveCount(
    10,
  );
  await op.request.post('/api/auth/sign-out');

  // Next sign-in: password, then the authenticator's code (the next step, as an app would show).
  await op.goto('/admin/login');
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Senha').fill('Operadora-Nova-2026');
  await login.getByRole('button', { name: 'Entrar no painel' }).click();
  const second = op.getByRole('form', { name: 'Verificação em duas etapas' });
  await second.getByLabel('Código de verificação').fill('000000' === totp(secret) ? '111111' : '000000');
  await second.getByRole('button', { name: 'Verificar e entrar' }).click();
  await expect(second.getByText('Código inválido ou expirado.', { exact: false })).toBeVisible();
  await second.getByLabel('Código de verificação').fill(totp(secret, Date.now() + 30_000));
  await second.getByRole('button', { name: 'Verificar e entrar' }).click();
  await expect(op).toHaveURL(/\/admin$/);
  await expect(op.getByText('Otília Operadora · Operador')).toBeVisible();
  await context.close();

  await page.reload();
  await expect(rows).toContainText(['Aceito', 'Revogado']);
});
