import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { addDays } from '@urbana/shared';
import { productIds } from './support/fixtures.ts';
import { payAtPsp, startDate } from './support/orders.ts';
import { createCustomer, signInWithForm } from './support/users.ts';

const VIACEP = 'https://viacep.com.br/ws/';

test('empresa de CNPJ alfanumérico: digita em minúsculas, a Receita preenche, o CEP traz o código IBGE; paga o Pix e baixa a NFS-e', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
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

  // It pays an order by Pix at the bank (the PSP simulator) and downloads its NFS-e, issued by the
  // server's fiscal worker at the Sefin simulator with the alphanumeric CNPJ as the buyer (issue #42).
  const [productId] = await productIds(request, 1);
  const placed = await page.request.post('/api/orders', {
    headers: { 'idempotency-key': `cnpj-alfa-${Date.now()}` },
    data: {
      items: [
        {
          product_id: productId,
          start_date: addDays(await startDate(request), 7 * 66),
          weeks: 1,
          tower_ids: [],
        },
      ],
      payment_method: 'pix',
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: string; code: string };
  await payAtPsp(page.context(), order.code);
  await page.goto(`/pedido/${order.id}`);
  const nfse = page.getByTestId('nfse');
  // The fiscal worker runs every 15 s.
  await expect(async () => {
    await page.reload();
    await expect(nfse).toContainText('NFS-e: Emitida', { timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
  const pdfDownload = page.waitForEvent('download');
  await nfse.getByRole('link', { name: 'NFS-e em PDF' }).click();
  const pdf = await pdfDownload;
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const xmlDownload = page.waitForEvent('download');
  await nfse.getByRole('link', { name: 'XML da NFS-e' }).click();
  expect(readFileSync((await (await xmlDownload).path())!, 'utf8')).toContain(
    '<toma><CNPJ>12ABC34501DE35</CNPJ>',
  );
});
