import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { linkFrom, waitForMail } from './support/mail.ts';
import { PASSWORD, signInWithForm, uniqueEmail } from './support/users.ts';

const VIACEP = 'https://viacep.com.br/ws/';

/** A confirmed customer who gave a phone at sign-up. */
async function customerWithPhone(request: APIRequestContext) {
  const email = uniqueEmail('faturamento');
  const signUp = await request.post('/api/auth/sign-up', {
    data: { email, password: PASSWORD, nome_completo: 'Beatriz Faturamento', telefone: '61 98888-7777' },
  });
  expect(signUp.status()).toBe(201);
  const mail = await waitForMail(email, '/auth/confirmar-email');
  const token = new URL(linkFrom(mail, '/auth/confirmar-email')).searchParams.get('token');
  expect((await request.post('/api/auth/confirm-email', { data: { token } })).status()).toBe(200);
  return email;
}

async function openForm(page: Page, request: APIRequestContext) {
  const email = await customerWithPhone(request);
  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await page.goto('/usuario/completar-perfil');
  return page.getByRole('form', { name: 'Cadastro de faturamento' });
}

test('cadastro de faturamento: pré-preenchido, máscaras, CPF vazio e endereço pelo CEP', async ({
  page,
  request,
}) => {
  const asked: string[] = [];
  // A local fake that speaks the ViaCEP protocol.
  await page.route(`${VIACEP}**`, async (route) => {
    asked.push(route.request().url());
    await route.fulfill({
      json: {
        cep: '70040-010',
        logradouro: 'SBN Quadra 1',
        bairro: 'Asa Norte',
        localidade: 'Brasília',
        uf: 'DF',
      },
      headers: { 'access-control-allow-origin': '*' },
    });
  });
  const form = await openForm(page, request);
  await expect(form.getByLabel('Nome completo')).toHaveValue('Beatriz Faturamento');
  await expect(form.getByLabel('Telefone com DDD')).toHaveValue('(61) 98888-7777');

  await form.getByRole('button', { name: 'Salvar cadastro' }).click();
  await expect(form.getByRole('textbox', { name: 'CPF' })).toHaveAccessibleDescription('Informe o CPF.');

  await form.getByRole('textbox', { name: 'CPF' }).fill('52998224725');
  await expect(form.getByRole('textbox', { name: 'CPF' })).toHaveValue('529.982.247-25');
  await form.getByLabel('Telefone com DDD').fill('+55 61 3333-0000');
  await expect(form.getByLabel('Telefone com DDD')).toHaveValue('(61) 3333-0000');
  await form.getByRole('textbox', { name: 'CEP' }).fill('70.040010');
  await expect(form.getByRole('textbox', { name: 'CEP' })).toHaveValue('70040-010');
  await expect(form.getByLabel('Endereço')).toHaveValue('SBN Quadra 1');
  await expect(form.getByLabel('Bairro')).toHaveValue('Asa Norte');
  await expect(form.getByLabel('Cidade')).toHaveValue('Brasília');
  await expect(form.getByRole('combobox', { name: 'Estado' })).toHaveValue('DF');
  expect(asked).toEqual([`${VIACEP}70040010/json/`]);

  await form.getByLabel('Número').fill('10');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/billing-profile') && r.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Salvar cadastro' }).click();
  const body = await (await saved).json();
  expect(body.profile).toMatchObject({ document: '52998224725', phone: '6133330000', cep: '70040010' });

  // Read back: shown with the masks again.
  await page.reload();
  await expect(form.getByRole('textbox', { name: 'CPF' })).toHaveValue('529.982.247-25');
  await expect(form.getByRole('textbox', { name: 'CEP' })).toHaveValue('70040-010');
});

test('cadastro de faturamento funciona igual quando o serviço de CEP não responde', async ({
  page,
  request,
}) => {
  await page.route(`${VIACEP}**`, (route) => route.abort('timedout'));
  const form = await openForm(page, request);
  await form.getByRole('textbox', { name: 'CPF' }).fill('529.982.247-25');
  await form.getByRole('textbox', { name: 'CEP' }).fill('70040010');
  await expect(
    form.getByText('Não foi possível consultar o CEP agora. Preencha o endereço abaixo.'),
  ).toBeVisible();
  await form.getByLabel('Endereço').fill('SBS Quadra 2');
  await form.getByLabel('Número').fill('10');
  await form.getByLabel('Bairro').fill('Asa Sul');
  await form.getByLabel('Cidade').fill('Brasília');
  await form.getByRole('combobox', { name: 'Estado' }).selectOption('DF');
  await form.getByRole('button', { name: 'Salvar cadastro' }).click();
  await expect(page.locator('[data-toast]').filter({ hasText: 'Cadastro salvo' })).toBeVisible();
});

test('depois de salvar vazio, cada erro some assim que o campo é corrigido, e o aviso do CEP aparece na hora', async ({
  page,
  request,
}) => {
  await page.route(`${VIACEP}**`, (route) => route.abort('timedout'));
  const form = await openForm(page, request);
  await form.getByLabel('Telefone com DDD').fill('');
  await form.getByRole('button', { name: 'Salvar cadastro' }).click();
  const phone = form.getByLabel('Telefone com DDD');
  const cep = form.getByRole('textbox', { name: 'CEP' });
  await expect(phone).toHaveAccessibleDescription('Informe um telefone com DDD (10 ou 11 dígitos).');
  await expect(cep).toHaveAccessibleDescription('Informe o CEP.');

  // Typed (or pasted) in another shape, each is masked and its message goes with the mistake.
  await phone.fill('+55 (61) 99999-8888');
  await expect(phone).toHaveValue('(61) 99999-8888');
  await expect(phone).toHaveAccessibleDescription('');
  await cep.fill('70040010');
  await expect(cep).toHaveValue('70040-010');
  await expect(cep).toHaveAccessibleDescription(
    'Não foi possível consultar o CEP agora. Preencha o endereço abaixo.',
  );
  await expect(phone).not.toHaveAttribute('aria-invalid');

  // A house number is a number or S/N, never a negative one.
  const number = form.getByLabel('Número');
  await number.fill('-5');
  await form.getByRole('button', { name: 'Salvar cadastro' }).click();
  await expect(number).toHaveAccessibleDescription(
    'Use o número do endereço, sem sinal, ou S/N se não houver.',
  );
  await number.fill('S/N');
  await expect(number).toHaveAccessibleDescription('');
});
