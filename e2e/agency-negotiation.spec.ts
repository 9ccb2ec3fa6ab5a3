/**
 * Issue #44 in a real browser: an agency adds an advertiser whose CNPJ has letters, asks for a quote on
 * its cart, counter-offers, staff answer, it accepts, approves the PI, and its invoice shows the
 * desconto-padrão and the net.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, earliestBookableStart, formatMoney, todayInBrasilia } from '@urbana/shared';
import { staffSignIn } from './support/admin-pages.ts';
import { STAFF } from './support/fixtures.ts';
import { companyBilling } from './support/orders.ts';
import { apiAs, customerReadyToOrder, signInWithForm, toast } from './support/users.ts';

test.use({ viewport: { width: 1280, height: 900 } });

// A week no other spec books (they share the catalogue).
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 7 * 57);
const VIACEP = 'https://viacep.com.br/ws/';

/** A valid CNPJ from its first twelve characters (IN RFB 2.229/2024: letters count as code − 48). */
function cnpj(base: string): string {
  const digit = (s: string) => {
    const weights =
      s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = [...s].reduce((acc, c, i) => acc + (c.charCodeAt(0) - 48) * weights[i]!, 0) % 11;
    return r < 2 ? '0' : String(11 - r);
  };
  const first = base + digit(base);
  return first + digit(first);
}

async function outdoor(request: APIRequestContext) {
  const search = await (
    await request.get('/api/search?local=Brasília&tipo=outdoor&por_pagina=3&ordem=menor_preco')
  ).json();
  const slug = (search.items as Array<{ slug: string }>)[2]!.slug;
  return (await (await request.get(`/api/products/${slug}`)).json()) as {
    id: string;
    slug: string;
    name: string;
    daily_price: number;
  };
}

/** At a phone's width the page does not scroll sideways; a screenshot to look at. */
async function fitsPhone(page: Page, path: string, shot: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, path).toBeLessThanOrEqual(widths.client);
  await page.screenshot({ path: shot, fullPage: true });
}

/** Staff answer the request or counter-offer with one price for its single line. */
async function staffAnswers(staff: Page, id: string, reais: string) {
  await staff.goto(`/admin/propostas/${id}`);
  const form = staff.getByRole('form', { name: 'Responder ao cliente' });
  await form
    .getByRole('textbox', { name: /\(R\$\)$/ })
    .first()
    .fill(reais);
  await form.getByRole('button', { name: 'Enviar proposta ao cliente' }).click();
  await expect(toast(staff, 'Proposta enviada ao cliente')).toBeVisible();
}

test('a agência cadastra um anunciante de CNPJ alfanumérico, negocia uma proposta, aprova o PI e vê a comissão na fatura', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
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
  const person = await customerReadyToOrder(request, playwright, baseURL!, 'Otto Agência', companyBilling);
  const run = String(Date.now()).slice(-8).padStart(8, '0');
  const product = await outdoor(request);

  // The agency, registered on its page; staff confirm its CENP certificate.
  await page.goto('/');
  await page.evaluate(
    (c) => localStorage.setItem('urbana-cart', JSON.stringify(c)),
    [
      {
        id: `${product.id}-negociacao`,
        product_id: product.id,
        name: product.name,
        slug: product.slug,
        daily_price: product.daily_price,
        weeks: 1,
        startDate: START,
        towerCount: 1,
        isTowerBased: false,
        towers: [],
        selectedTowers: [],
      },
    ],
  );
  await signInWithForm(page, person.email, person.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await page.goto('/usuario/agencia');
  const register = page.getByRole('form', { name: 'Agência' });
  await register.getByLabel('Razão social da agência').fill('Agência Otto Ltda.');
  await register.getByLabel('CNPJ da agência').fill(cnpj(`${run}0001`));
  await register.getByLabel('Certificado do CENP (opcional)').fill(`CENP-${run}`);
  await register.getByLabel('Validade do certificado').fill(addDays(todayInBrasilia(), 365));
  await register.getByRole('button', { name: 'Cadastrar agência' }).click();
  await expect(toast(page, 'Agência cadastrada')).toBeVisible();
  await expect(page.getByText('Aguardando confirmação da equipe')).toBeVisible();
  const agencyId = ((await (await person.api.get('/api/agencia')).json()) as { agency: { id: string } })
    .agency.id;
  const admin = await apiAs(playwright, baseURL!, STAFF.admin, STAFF.password);
  expect((await admin.post(`/api/admin/agencias/${agencyId}/confirmar`)).status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Confirmado pela equipe')).toBeVisible();
  await expect(page.getByTestId('comissao-hoje')).toContainText('desconto-padrão de 20%');

  // An advertiser whose CNPJ has letters, with its billing data.
  const advertiserCnpj = cnpj(`AB${run.slice(2)}CD01`);
  await page.getByRole('button', { name: 'Novo anunciante' }).click();
  const adv = page.getByRole('form', { name: 'Novo anunciante' });
  await adv.getByRole('textbox', { name: 'CNPJ' }).fill(advertiserCnpj.toLowerCase());
  await expect(adv.getByRole('textbox', { name: 'CNPJ' })).toHaveValue(
    `${advertiserCnpj.slice(0, 2)}.${advertiserCnpj.slice(2, 5)}.${advertiserCnpj.slice(5, 8)}/${advertiserCnpj.slice(8, 12)}-${advertiserCnpj.slice(12)}`,
  );
  await expect(adv.getByText('Buscando a empresa na Receita Federal...')).toHaveCount(0);
  await adv.getByLabel('Razão social').fill('Sorveteria Polo Sul Ltda.');
  await adv.getByLabel('Telefone com DDD').fill('(61) 3333-0000');
  await adv.getByRole('textbox', { name: 'CEP' }).fill('70070-120');
  await expect(adv.getByLabel('Cidade')).toHaveValue('Brasília');
  await adv.getByLabel('Endereço').fill('SBS Quadra 2');
  await adv.getByLabel('Número').fill('10');
  await adv.getByLabel('Bairro').fill('Asa Sul');
  await adv.getByRole('combobox', { name: 'Estado' }).selectOption('DF');
  await adv.getByRole('button', { name: 'Cadastrar anunciante' }).click();
  await expect(toast(page, 'Anunciante cadastrado')).toBeVisible();
  const advertisers = page.getByRole('list', { name: 'Anunciantes da agência' });
  await expect(advertisers).toContainText('Sorveteria Polo Sul Ltda.');
  await expect(advertisers).toContainText(advertiserCnpj.slice(2, 5));
  await page.screenshot({ path: testInfo.outputPath('minha-agencia.png'), fullPage: true });

  // "Pedir proposta" on the cart, for the advertiser.
  await page.goto('/carrinho');
  await page.getByRole('button', { name: 'Pedir proposta' }).click();
  const ask = page.getByRole('dialog', { name: 'Pedir proposta' });
  const advertiserId = (
    (await (await person.api.get('/api/agencia/anunciantes')).json()) as { items: Array<{ id: string }> }
  ).items[0]!.id;
  await ask.getByRole('combobox', { name: 'Anunciante' }).selectOption(advertiserId);
  await ask.getByLabel('O que você precisa?').fill('Campanha de verão da sorveteria, uma semana.');
  const list = product.daily_price * 7;
  await ask.getByLabel('Orçamento-alvo (R$, opcional)').fill(formatMoney(Math.round(list * 0.7)));
  await ask.getByRole('button', { name: 'Enviar pedido de proposta' }).click();
  await expect(toast(page, 'Pedido de proposta enviado')).toBeVisible();
  await expect(page).toHaveURL(/\/proposta\/[0-9a-f-]+$/);
  const proposalId = page.url().split('/').pop()!;
  await expect(page.locator('[data-proposal-state]')).toHaveText('Pedido de proposta');
  await expect(page.getByTestId('proposta-anunciante')).toContainText('Sorveteria Polo Sul Ltda.');

  // Staff answer at 90 % of the list price.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff);
  const offer = Math.round(list * 0.9);
  await staffAnswers(staff, proposalId, formatMoney(offer).replace('R$', '').trim());

  // The agency counter-offers a total.
  await page.reload();
  await expect(page.locator('[data-proposal-state]')).toHaveText('Enviada');
  await expect(page.locator('[data-proposal-total]')).toHaveText(formatMoney(offer));
  await page.getByRole('button', { name: 'Fazer contraproposta' }).click();
  const counter = page.getByRole('form', { name: 'Contraproposta' });
  const agreed = Math.round(list * 0.8);
  await counter.getByLabel('Um valor total').check();
  await counter.getByLabel('Valor total proposto (R$)').fill(formatMoney(agreed).replace('R$', '').trim());
  await counter.getByLabel('Mensagem para a equipe (opcional)').fill('Fechamos hoje por este valor.');
  await counter.getByRole('button', { name: 'Enviar contraproposta' }).click();
  await expect(toast(page, 'Contraproposta enviada')).toBeVisible();
  await expect(page.locator('[data-proposal-state]')).toHaveText('Contraproposta');

  // Staff meet the counter-offer.
  await staffAnswers(staff, proposalId, formatMoney(agreed).replace('R$', '').trim());
  await fitsPhone(staff, `/admin/propostas/${proposalId}`, testInfo.outputPath('equipe-proposta-390.png'));
  await staff.setViewportSize({ width: 1280, height: 900 });

  // The agency accepts: every round is there, with who and what.
  await page.reload();
  await expect(page.locator('[data-proposal-total]')).toHaveText(formatMoney(agreed));
  const rounds = page.getByRole('list', { name: 'Rodadas da negociação' }).locator('[data-round-kind]');
  await expect(rounds).toHaveCount(4);
  await expect(rounds.nth(0)).toContainText('Pedido de proposta · Otto Agência');
  await expect(rounds.nth(2)).toContainText(`Contraproposta · Otto Agência`);
  await expect(rounds.nth(2)).toContainText(formatMoney(agreed));
  await page.screenshot({ path: testInfo.outputPath('proposta-negociada.png'), fullPage: true });
  await page.getByRole('button', { name: 'Aceitar e criar pedido' }).click();
  await expect(toast(page, 'Proposta aceita: pedido criado')).toBeVisible();
  await expect(page).toHaveURL(/\/pedido\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText(
    'Anunciante Sorveteria Polo Sul Ltda.',
  );

  // The PI carries the agreed value less the desconto-padrão; the agency approves it.
  const commission = Math.round(agreed * 0.2);
  const net = agreed - commission;
  const card = page.getByRole('heading', { name: 'Pedido de inserção (PI)' }).locator('..').locator('..');
  await expect(card).toContainText('Aguardando aprovação da agência');
  // Staff see it among the pending PIs, with the agency, the advertiser and the net.
  await staff.goto('/admin/pis');
  const pending = staff.getByRole('listitem').filter({ hasText: 'Agência Otto Ltda.' });
  await expect(pending).toContainText('para Sorveteria Polo Sul Ltda.');
  await expect(pending).toContainText(formatMoney(net));
  await card.getByRole('button', { name: 'Aprovar PI' }).click();
  const approve = page.getByRole('dialog', { name: /^Aprovar o pedido de inserção PI-/ });
  await expect(approve).toContainText(`valor bruto ${formatMoney(agreed)}`);
  await expect(approve).toContainText(`valor líquido ${formatMoney(net)}`);
  await approve.getByRole('button', { name: 'Sim, aprovar o PI' }).click();
  await expect(toast(page, 'PI aprovado')).toBeVisible();
  await expect(card).toContainText('Aprovado pela agência');

  // The invoice: the advertiser, the gross, the desconto-padrão and the net.
  await page.goto('/usuario/faturamento');
  const invoice = page.getByRole('listitem').filter({ hasText: 'Sorveteria Polo Sul Ltda.' }).first();
  await expect(invoice.getByTestId('fatura-anunciante')).toContainText(advertiserCnpj.slice(2, 5));
  const figures = invoice.getByTestId('fatura-comissao');
  await expect(figures).toContainText(`Valor bruto da veiculação:${formatMoney(agreed)}`);
  await expect(figures).toContainText(`Desconto-padrão de agência:−${formatMoney(commission)}`);
  await expect(figures).toContainText(`Valor líquido:${formatMoney(net)}`);
  await page.screenshot({ path: testInfo.outputPath('fatura-agencia.png'), fullPage: true });

  // The same pages on a phone.
  await fitsPhone(page, '/usuario/agencia', testInfo.outputPath('minha-agencia-390.png'));
  await fitsPhone(page, `/proposta/${proposalId}`, testInfo.outputPath('proposta-390.png'));
  await fitsPhone(page, '/usuario/faturamento', testInfo.outputPath('fatura-390.png'));

  // Approved, it leaves staff's pending list.
  await staff.goto('/admin/pis');
  await expect(staff.getByRole('heading', { level: 1, name: 'PIs pendentes' })).toBeVisible();
  await expect(staff.getByText('Agência Otto Ltda.')).toHaveCount(0);
  await fitsPhone(staff, '/admin/pis', testInfo.outputPath('equipe-pis-390.png'));
  await staffContext.close();
});
