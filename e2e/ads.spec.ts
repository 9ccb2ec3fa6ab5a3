import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { addDays } from '@urbana/shared';
import { STAFF } from './support/fixtures.ts';
import { apiAs, createCustomer, signInWithForm, toast } from './support/users.ts';
import { personBilling } from './support/orders.ts';

const png = (width: number, height: number, color: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** No WCAG 2.1 AA violation on the screen as it stands (with its data, errors and previews). */
async function noViolations(page: Page) {
  // Axe reads colours as drawn: a toast still fading in (opacity below 1) reads as low contrast, so
  // the screen is checked once its transitions have ended.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function staffSignIn(page: Page) {
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('Email').fill(STAFF.operador);
  await form.getByLabel('Senha').fill(STAFF.password);
  await form.getByRole('button', { name: 'Entrar no painel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test('biblioteca → anúncio conferido → reprovado → corrigido → aprovado → veiculação só no período reservado', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = await createCustomer(page.request, 'Marina Anúncios');
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);

  // A paid order for a tower screen (1080 × 1920), far ahead so that no other test wants the week.
  const api = page.request;
  const search = await (await api.get('/api/search?local=Brasília&tipo=torre&por_pagina=1')).json();
  const product = await (await api.get(`/api/products/${search.items[0].slug}`)).json();
  expect(
    (
      await api.put('/api/billing-profile', {
        data: personBilling('Marina Anúncios'),
      })
    ).status(),
  ).toBe(200);
  const placed = await api.post('/api/orders', {
    headers: { 'idempotency-key': `anuncios-${Date.now()}` },
    data: {
      items: [
        {
          product_id: product.id,
          start_date: addDays(product.period.start, 7 * 44),
          weeks: 1,
          tower_ids: product.towers.slice(0, 1).map((t: { id: string }) => t.id),
        },
      ],
      payment_method: 'pix',
    },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  const staffApi = await apiAs(playwright, baseURL!, STAFF.operador, STAFF.password);
  expect((await staffApi.post(`/api/admin/orders/${order.id}/confirm-payment`)).status()).toBe(200);

  // Two files at once into the library, each with its own progress bar.
  await page.goto('/usuario/biblioteca-midias');
  await expect(page.getByRole('heading', { name: 'Biblioteca de mídias' })).toBeVisible();
  await expect(page.getByText('Sua biblioteca está vazia')).toBeVisible();
  await page.getByLabel('Enviar arquivos para a biblioteca').setInputFiles([
    {
      name: 'arte-vertical.png',
      mimeType: 'image/png',
      buffer: await png(1080, 1920, { r: 15, g: 118, b: 110 }),
    },
    {
      name: 'arte-horizontal.png',
      mimeType: 'image/png',
      buffer: await png(1920, 1080, { r: 200, g: 80, b: 40 }),
    },
  ]);
  const uploads = page.getByRole('list', { name: 'Envios' });
  for (const name of ['arte-vertical.png', 'arte-horizontal.png']) {
    await expect(uploads.getByRole('progressbar', { name: `Envio de ${name}` })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  }
  const grid = page.getByRole('list', { name: 'Arquivos' });
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await expect(grid.getByText('PNG · 1080 × 1920 px')).toBeVisible();
  await noViolations(page);

  // The ad: the wrong file is flagged at once, then fixed.
  await page.goto('/usuario/criar-anuncio');
  await page.getByLabel('Nome do anúncio').fill('Lançamento de verão');
  await page.getByRole('checkbox', { name: new RegExp(product.name) }).check();
  await page.getByRole('checkbox', { name: /arte-horizontal\.png/ }).check();
  const check = page.getByRole('list', { name: 'Conferência' });
  await expect(check).toContainText('“arte-horizontal.png” em');
  await expect(check).toContainText('não serve');
  await expect(check).toContainText('Resolução errada: 1920 × 1080 px');
  await page.getByRole('button', { name: 'Enviar para análise' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'não servem para os itens escolhidos' }),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: /arte-horizontal\.png/ }).uncheck();
  await page.getByRole('checkbox', { name: /arte-vertical\.png/ }).check();
  await expect(check).toContainText('serve');
  await expect(check).not.toContainText('não serve');
  // The form's message follows the check: fixed, it is gone before the next send.
  await expect(
    page.getByRole('alert').filter({ hasText: 'não servem para os itens escolhidos' }),
  ).toHaveCount(0);
  await expect(page.getByTestId('simulacao')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar para análise' }).click();
  await expect(page).toHaveURL(/\/usuario\/meus-anuncios$/);
  const myAds = page.getByRole('list', { name: 'Anúncios' });
  await expect(myAds.getByRole('link', { name: 'Lançamento de verão', exact: true })).toBeVisible();
  await expect(myAds.locator('[data-status="em_analise"]')).toBeVisible();

  // Staff reject it with a reason.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staffSignIn(staff);
  await staff.goto('/admin/campanhas?status=em_analise');
  await staff.getByRole('link', { name: new RegExp(order.code) }).click();
  await expect(staff.getByRole('heading', { name: 'Revisão da arte' })).toBeVisible();
  await staff.getByRole('button', { name: 'Reprovar…' }).click();
  await staff.getByRole('button', { name: 'Confirmar reprovação' }).click();
  await expect(staff.getByText('Explique o motivo da reprovação (de 5 a 1000 caracteres).')).toBeVisible();
  await staff
    .getByLabel('Motivo da reprovação (o cliente vê este texto)')
    .fill('O telefone está pequeno demais para leitura à distância.');
  await staff.getByRole('button', { name: 'Confirmar reprovação' }).click();
  await expect(staff.locator('[data-status="reprovado"]')).toBeVisible();
  // The toast comes after the status (its library loads with the first toast): check the screen with it.
  await expect(toast(staff, 'Anúncio reprovado')).toBeVisible();
  await noViolations(staff);

  // The customer sees why, edits and sends it again.
  await page.reload();
  await expect(myAds.locator('[data-status="reprovado"]')).toBeVisible();
  await expect(
    myAds.getByText('Motivo: O telefone está pequeno demais para leitura à distância.'),
  ).toBeVisible();
  await myAds.getByRole('link', { name: /Editar/ }).click();
  await expect(page.getByText('Anúncio reprovado pela equipe')).toBeVisible();
  await page.getByLabel('Nome do anúncio').fill('Lançamento de verão (telefone maior)');
  await page.getByRole('button', { name: 'Enviar para análise' }).click();
  await expect(page).toHaveURL(/\/usuario\/meus-anuncios$/);
  await expect(myAds.locator('[data-status="em_analise"]')).toBeVisible();

  // Staff approve; the booked period is months ahead, so the campaign cannot go on air yet (issue
  // #17 item 1: apps/api/test/campaign-dates.test.ts covers start, finish and proof dates).
  await staff.reload();
  await staff.getByRole('button', { name: 'Aprovar anúncio' }).click();
  // Approval cannot be taken back: the dialog says what it does before it does it.
  const approval = staff.getByRole('dialog', { name: 'Aprovar o anúncio?' });
  await expect(approval.getByTestId('confirm-consequence')).toContainText(
    '“Lançamento de verão (telefone maior)” fica aprovado para veicular em',
  );
  await approval.getByRole('button', { name: 'Confirmar aprovação' }).click();
  await expect(staff.locator('h1 + [data-status="aprovada"]')).toBeVisible();
  const firstDay = addDays(product.period.start, 7 * 44)
    .split('-')
    .reverse()
    .join('/');
  await expect(staff.getByRole('button', { name: 'Iniciar veiculação' })).toBeDisabled();
  await expect(
    staff.getByText(`A veiculação só pode começar em ${firstDay}, o primeiro dia do período reservado.`),
  ).toBeVisible();
  await staffContext.close();

  // The customer sees the ad approved on the order.
  await page.goto(`/pedido/${order.id}`);
  await expect(page.locator('[data-status="aprovada"]').first()).toBeVisible();
  await noViolations(page);
});
