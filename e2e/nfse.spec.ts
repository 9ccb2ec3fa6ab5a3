/**
 * Issue #42 in a real browser, against the project's Sefin Nacional simulator (mTLS), which the e2e
 * server is configured with: staff confirm an invoiced order's payment, the server's fiscal worker
 * issues its NFS-e, staff see it on the order page (number, access key, DANFSe) and in the Fila fiscal,
 * the customer downloads the DANFSe and the XML from the order page; staff cancel the order and the
 * NFS-e is cancelled at the Sefin (event e101101), on every screen.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { addDays, isValidDocument } from '@urbana/shared';
import { E2E_SEFIN_PAGE_PORT } from '../playwright.config.ts';
import { staffSignIn } from './support/admin-pages.ts';
import { productIds, STAFF } from './support/fixtures.ts';
import { companyBilling, payAtPsp, placeOrderAs, startDate } from './support/orders.ts';
import { customerReadyToOrder, signInWithForm, toast } from './support/users.ts';

test.use({ viewport: { width: 1280, height: 900 } });

/** The fiscal worker runs every 15 s: reload until the card says `text`. */
async function waitForCard(page: Page, testId: string, text: string | RegExp) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId(testId)).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 45_000, intervals: [1_000, 2_000] });
}

test('NFS-e: o pagamento emite a nota na Sefin, o cliente baixa DANFSe e XML, a equipe vê e o cancelamento a cancela', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const customer = await customerReadyToOrder(
    request,
    playwright,
    baseURL!,
    'Nara Nota Fiscal',
    companyBilling,
  );
  const [productId] = await productIds(request, 1);
  // A week no other spec books (they share the catalogue).
  const order = await placeOrderAs(customer.api, {
    productId: productId!,
    start: addDays(await startDate(request), 7 * 58),
    method: 'faturado',
  });

  // Staff confirm the payment: the NFS-e joins the queue, in emission.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff, STAFF.operador);
  await staff.goto(`/admin/pedidos/${order.id}`);
  const card = staff.getByTestId('pedido-nfse');
  await expect(card).toContainText('Sem NFS-e: ela entra na fila fiscal quando o pedido é pago.');
  const actions = staff.getByRole('group', { name: 'Ações do pedido' });
  await actions.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await staff
    .getByRole('dialog', { name: `Confirmar o pagamento do pedido ${order.code}?` })
    .getByRole('button', { name: 'Confirmar pagamento' })
    .click();
  await expect(toast(staff, 'Pagamento confirmado.')).toBeVisible();
  await expect(card).toContainText(/Em emissão|Emitida/);

  // The server's fiscal worker sends the DPS to the simulated Sefin, which issues the NFS-e.
  await waitForCard(staff, 'pedido-nfse', 'Emitida');
  await expect(card).toContainText(/nº \d+/);
  await expect(card).toContainText(/DPS série 1 nº \d+ · emitida em/);
  const chave = (await card.getByText(/^\d{50}$/).textContent())!;
  await expect(card.getByRole('button', { name: 'Tentar de novo' })).toHaveCount(0);
  const danfse = card.getByRole('link', { name: 'DANFSe em PDF' });
  const staffPdf = await staff.request.get((await danfse.getAttribute('href'))!);
  expect(staffPdf.status()).toBe(200);
  expect(staffPdf.headers()['content-type']).toBe('application/pdf');
  expect((await staffPdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const staffXml = await staff.request.get(
    (await card.getByRole('link', { name: 'XML da NFS-e' }).getAttribute('href'))!,
  );
  expect(await staffXml.text()).toContain(`<infNFSe Id="NFS${chave}">`);
  await staff.screenshot({ path: testInfo.outputPath('pedido-equipe-nfse.png'), fullPage: true });

  // The Fila fiscal has it too.
  await card.getByRole('link', { name: 'Ver na fila fiscal' }).click();
  await expect(staff.getByRole('heading', { name: 'Fila fiscal' })).toBeVisible();
  const line = staff.getByTestId('fiscal-linha').filter({ hasText: order.code });
  await expect(line).toContainText('Emitida');
  await expect(line).toContainText(chave);

  // The customer downloads the DANFSe and the XML from the order page.
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await page.goto(`/pedido/${order.id}`);
  const nfse = page.getByTestId('nfse');
  await expect(nfse).toContainText('NFS-e: Emitida');
  await expect(nfse).toContainText(`Chave de acesso ${chave}`);
  const pdfDownload = page.waitForEvent('download');
  await nfse.getByRole('link', { name: 'NFS-e em PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^nfse-\d+\.pdf$/);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const xmlDownload = page.waitForEvent('download');
  await nfse.getByRole('link', { name: 'XML da NFS-e' }).click();
  const xml = await xmlDownload;
  expect(xml.suggestedFilename()).toBe(`nfse-${chave}.xml`);
  const xmlText = readFileSync((await xml.path())!, 'utf8');
  expect(xmlText).toContain(`<infNFSe Id="NFS${chave}">`);
  expect(xmlText).toContain('<toma><CNPJ>11222333000181</CNPJ>');

  // Staff cancel the order: the NFS-e's cancellation is under way, then done at the Sefin.
  await staff.goto(`/admin/pedidos/${order.id}`);
  await actions.getByRole('button', { name: 'Cancelar pedido' }).click();
  const dialog = staff.getByRole('dialog', { name: `Cancelar o pedido ${order.code}?` });
  await dialog.getByLabel('Motivo do cancelamento').fill('Cliente desistiu da campanha');
  await dialog.getByRole('button', { name: 'Cancelar pedido' }).click();
  await expect(toast(staff, 'Pedido cancelado.')).toBeVisible();
  await expect(card).toContainText(/Cancelamento em andamento|Cancelada/);
  await waitForCard(staff, 'pedido-nfse', 'Cancelada');
  await expect(card).toContainText(
    'Motivo enviado à Sefin: Cancelado pela equipe: Cliente desistiu da campanha',
  );
  await expect(card).not.toContainText('Cancelamento em andamento');
  await staff.screenshot({ path: testInfo.outputPath('pedido-equipe-nfse-cancelada.png'), fullPage: true });
  await staff.goto('/admin/fiscal?status=cancelada');
  await expect(staff.getByTestId('fiscal-linha').filter({ hasText: order.code })).toContainText('Cancelada');
  await staffContext.close();

  await page.reload();
  await expect(nfse).toContainText('NFS-e: Cancelada');
});

/** A CNPJ of its own for this test (valid check digits), so that the Sefin refuses only its DPS. */
function freshCnpj(): string {
  const base = `${String(Date.now()).slice(-8)}0001`;
  for (let dv = 0; dv < 100; dv++) {
    const cnpj = `${base}${String(dv).padStart(2, '0')}`;
    if (isValidDocument(cnpj, 'pj')) return cnpj;
  }
  throw new Error('nenhum dígito verificador serviu');
}

test('NFS-e recusada pela Sefin: a equipe lê a mensagem na fila fiscal, tenta de novo e ela é emitida', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const cnpj = freshCnpj();
  const customer = await customerReadyToOrder(request, playwright, baseURL!, 'Rui Recusa', {
    ...companyBilling,
    name: 'Recusa Simulada Ltda',
    document: cnpj,
  });
  const [productId] = await productIds(request, 1);
  const order = await placeOrderAs(customer.api, {
    productId: productId!,
    start: addDays(await startDate(request), 7 * 70),
    method: 'pix',
  });
  // The Sefin (its simulator's page) will refuse this buyer's next DPS.
  const sefin = await page.context().newPage();
  await sefin.goto(`http://127.0.0.1:${E2E_SEFIN_PAGE_PORT}/`);
  await sefin.getByLabel(/CPF\/CNPJ do tomador/).fill(cnpj);
  await sefin.getByRole('button', { name: 'Recusar a próxima emissão' }).click();
  await expect(sefin.getByText(/Recusas a dar: [1-9]/)).toBeVisible();
  await sefin.close();
  await payAtPsp(page.context(), order.code);

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff, STAFF.operador);
  await staff.goto('/admin/fiscal');
  const line = staff.getByTestId('fiscal-linha').filter({ hasText: order.code });
  // The fiscal worker runs every 15 s.
  await expect(async () => {
    await staff.reload();
    await expect(line).toContainText('Recusada', { timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
  await expect(line).toContainText('E0312');
  await expect(line).toContainText('Código do município do tomador inexistente');
  await staff.screenshot({ path: testInfo.outputPath('fila-fiscal-recusada.png'), fullPage: true });
  await line.getByRole('button', { name: 'Tentar de novo' }).click();
  await expect(toast(staff, 'NFS-e devolvida à fila de emissão.')).toBeVisible();
  await expect(async () => {
    await staff.reload();
    await expect(line).toContainText('Emitida', { timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
  await staffContext.close();
});
