import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { REPORT_CAMPAIGN, STAFF } from './support/fixtures.ts';
import { companyBilling, placeOrderAs, startDate } from './support/orders.ts';
import { apiAs, createCustomer, signInWithForm, toast } from './support/users.ts';

/** Issue #23 items 4 and 5: "Avise-me" rings the bell live when a week is freed; a finished campaign's report. */
test('Avise-me num favorito: um pedido cancelado libera a semana e o sino sobe sem recarregar', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const watcher = await createCustomer(request, 'Walter Observador');
  const booker = await createCustomer(request, 'Beto Reserva');
  // Boa Vista: a capital no other spec books, so their availability stays as it was.
  const search = await request.get('/api/search?local=Boa%20Vista&tipo=outdoor&por_pagina=1');
  expect(search.status()).toBe(200);
  const product = ((await search.json()) as { items: Array<{ id: string; slug: string; name: string }> })
    .items[0]!;

  await signInWithForm(page, watcher.email, watcher.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  // The product page arrives server-rendered: its bell's stream opens once React has hydrated it, so
  // the clicks below reach their handlers (a click before that does nothing, the CI failure here).
  const streamOpen = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'));
  await page.goto(`/locais/${product.slug}`);
  await streamOpen;
  // Not a favourite yet: no "Avise-me".
  await expect(page.getByRole('button', { name: /Avise-me/ })).toHaveCount(0);
  await page.getByRole('button', { name: `Favoritar ${product.name}` }).click();
  await page.getByRole('button', { name: /Avise-me/ }).click();
  await expect(toast(page, 'Aviso ligado')).toBeVisible();
  await expect(page.getByRole('button', { name: /Aviso ligado/ })).toHaveAttribute('aria-pressed', 'true');

  const bellCount = page.getByTestId('contador-notificacoes');
  await expect(bellCount).toBeHidden();
  const api = await apiAs(playwright, baseURL!, booker.email, booker.password);
  expect((await api.put('/api/billing-profile', { data: companyBilling })).status()).toBe(200);
  const order = await placeOrderAs(api, {
    productId: product.id,
    start: await startDate(request),
    method: 'pix',
  });
  expect((await api.post(`/api/orders/${order.id}/cancel`)).status()).toBe(200);

  await expect(bellCount).toHaveText('1', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Notificações (1 não lida)' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`${product.name} tem datas livres`) }).click();
  await expect(page).toHaveURL(new RegExp(`/locais/${product.slug}$`));
  await api.dispose();
});

test('campanha finalizada: o relatório chega ao cliente, abre com as fotos e o PDF tem o conteúdo', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const staff = await apiAs(playwright, baseURL!, STAFF.operador, STAFF.password);
  const list = await staff.get(`/api/admin/campanhas?q=${encodeURIComponent(REPORT_CAMPAIGN.ad)}`);
  const items = ((await list.json()) as { items: Array<{ id: string; order_id: string }> }).items;
  expect(items).toHaveLength(1);
  const campaign = items[0]!;
  expect((await staff.post(`/api/admin/campanhas/${campaign.id}/iniciar`)).status()).toBe(200);
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#f59e0b' } })
    .jpeg()
    .toBuffer();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const proof = await staff.post(
    `/api/admin/campanhas/${campaign.id}/comprovacoes?data=${today}&legenda=${encodeURIComponent('Painel aceso')}`,
    { headers: { 'content-type': 'application/octet-stream' }, data: photo },
  );
  expect(proof.status(), await proof.text()).toBe(201);
  const finish = await staff.post(`/api/admin/campanhas/${campaign.id}/finalizar`, {
    data: { motivo: 'Cliente pediu para encerrar antes do fim.' },
  });
  expect(finish.status(), await finish.text()).toBe(200);
  await staff.dispose();

  await signInWithForm(page, REPORT_CAMPAIGN.email, REPORT_CAMPAIGN.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  // The seeded account never accepted the current terms (docs/decisions/031-accounts-lgpd-two-factor.md).
  await page
    .getByRole('dialog', { name: 'Atualizamos nossos termos' })
    .getByRole('button', { name: 'Li e aceito' })
    .click();
  await page.getByRole('button', { name: /Notificações \(\d+ não lidas?\)/ }).click();
  await page.getByRole('menuitem', { name: /O relatório da campanha do pedido URB-\w+ está pronto/ }).click();
  await expect(page).toHaveURL(new RegExp(`/usuario/pedidos/${campaign.order_id}/relatorio$`));
  await expect(page.getByRole('heading', { name: 'Relatório da campanha' })).toBeVisible();
  await expect(page.getByTestId('periodo-no-ar')).toContainText('1 dia');
  await expect(page.getByRole('img', { name: 'Painel aceso' })).toBeVisible();
  await expect(page.getByText('Cliente pediu para encerrar antes do fim.')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Baixar PDF' }).click();
  const file = await (await download).path();
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(file)));
  const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
  expect(text).toContain('Relatório da campanha URB-');
  expect(text).toContain('Painel aceso');
  expect(text).toMatch(/Impressões estimadas/);
});
