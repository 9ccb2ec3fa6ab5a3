import { expect, test } from '@playwright/test';
import { createCustomer, signInWithForm } from './support/users.ts';

const VIACEP = 'https://viacep.com.br/ws/';

test('empresa de CNPJ alfanumérico: digita em minúsculas, a Receita preenche, o CEP traz o código IBGE', async ({
  page,
  request,
}) => {
  // The browser asks ViaCEP itself: a local fake of its protocol, with the IBGE code it answers.
  await page.route(`${VIACEP}**`, (route) =>
    route.fulfill({
      json: {
        cep: '70070-120',
        logradouro: 'SBS Quadra 2',
        bairro: 'Asa Sul',
        localidade: 'Brasília',
        uf: 'DF',
        ibge: '5300108',
      },
      headers: { 'access-control-allow-origin': '*' },
    }),
  );
  const user = await createCustomer(request, 'Rita Nova');
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await page.goto('/usuario/completar-perfil');
  const form = page.getByRole('form', { name: 'Cadastro de faturamento' });
  await form.getByLabel('Empresa (CNPJ)').check();
  const cnpj = form.getByRole('textbox', { name: 'CNPJ' });
  await expect(cnpj).toHaveAccessibleDescription('CNPJs novos têm letras: 12.ABC.345/01DE-35.');
  await expect(cnpj).toHaveAttribute('inputmode', 'text');

  // A wrong check digit is said next to the field, and nothing is asked of the registry.
  await cnpj.fill('12abc34501de36');
  await expect(cnpj).toHaveValue('12.ABC.345/01DE-36');
  await form.getByRole('button', { name: 'Salvar cadastro' }).click();
  await expect(cnpj).toHaveAccessibleDescription('CNPJ inválido. Confira as letras e os números.');

  await cnpj.fill('12abc34501de35');
  await expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
  await expect(form.getByLabel('Razão social')).toHaveValue('NOVA MIDIA EXTERIOR LTDA');
  await expect(form.getByRole('textbox', { name: 'CEP' })).toHaveValue('70070-120');
  // The CEP's answer (with accents) replaces the registry's capitals.
  await expect(form.getByLabel('Cidade')).toHaveValue('Brasília');
  await expect(form.getByLabel('Endereço')).toHaveValue('SBS Quadra 2');
  await expect(form.getByLabel('Número')).toHaveValue('10');
  // No phone given at sign-up: the registry's fills it.
  await expect(form.getByLabel('Telefone com DDD')).toHaveValue('(61) 3333-4444');
  // Filled after a refused save: its message of then is gone.
  await expect(form.getByLabel('Telefone com DDD')).toHaveAccessibleDescription('');
  await expect(form.getByRole('combobox', { name: 'Estado' })).toHaveValue('DF');
  await expect(
    page.getByText('Dados da Receita Federal preenchidos. Confira antes de salvar.'),
  ).toBeVisible();
  await form.getByLabel('Inscrição municipal (opcional)').fill('07.123.456/001-8');
  await page.screenshot({ path: 'test-results/cnpj-alfanumerico-telefone.png', fullPage: true });

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/billing-profile') && r.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Salvar cadastro' }).click();
  const body = (await (await saved).json()) as { profile: Record<string, unknown> };
  expect(body.profile).toMatchObject({
    person_type: 'pj',
    name: 'NOVA MIDIA EXTERIOR LTDA',
    document: '12ABC34501DE35',
    ibge_code: '5300108',
    municipal_registration: '071234560018',
    phone: '6133334444',
  });
  await page.reload();
  await expect(cnpj).toHaveValue('12.ABC.345/01DE-35');

  // The page fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
});
