import { expect, test } from '@playwright/test';
import { decodeBrCode } from '../apps/api/test/brcode.ts';
import { payAtPsp } from './support/orders.ts';
import { createCustomer, signInWithForm, toast } from './support/users.ts';

test('carrinho → entrar (mescla) → perfil → cupom → Pix → webhook → pago sozinho → meus pedidos', async ({
  page,
  request,
}) => {
  // A visitor fills the cart from a product page.
  const search = await (
    await request.get('/api/search?local=Brasília&tipo=outdoor&ordem=menor_preco&por_pagina=1')
  ).json();
  await page.goto(`/locais/${search.items[0].slug}`);
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(page.getByTestId('contador-carrinho')).toHaveText('1');

  await page.goto('/carrinho');
  await expect(page.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText(/Início mais cedo possível/)).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar proposta (PDF)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('proposta-urbana.pdf');
  await page.getByLabel('Semanas').selectOption('2');
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();

  // Checkout needs a session: sign in, the cart is merged, then back to the checkout.
  await expect(page).toHaveURL(/\/auth$/);
  const user = await createCustomer(request, 'Cláudia Checkout');
  await signInWithForm(page, user.email, user.password);
  await expect(toast(page, 'Carrinho sincronizado')).toBeVisible();
  // No billing profile yet: complete it and return.
  await expect(page).toHaveURL(/\/usuario\/completar-perfil\?voltar=%2Fcheckout/);
  const form = page.getByRole('form', { name: 'Cadastro de faturamento' });
  await form.getByLabel('Nome completo', { exact: true }).fill('Cláudia Checkout');
  await form.getByLabel('CPF', { exact: true }).fill('111.111.111-11');
  await form.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(form.getByText('CPF inválido. Confira os números.')).toBeVisible();
  await form.getByLabel('CPF', { exact: true }).fill('529.982.247-25');
  await form.getByLabel('Telefone com DDD').fill('(61) 98888-7777');
  await form.getByLabel('CEP').fill('70040-010');
  await form.getByLabel('Endereço').fill('SBS Quadra 2');
  await form.getByLabel('Número').fill('10');
  await form.getByLabel('Bairro').fill('Asa Sul');
  await form.getByLabel('Cidade').fill('Brasília');
  await form.getByLabel('Estado').selectOption('DF');
  await form.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  const total = page.getByTestId('total-pedido');
  await expect(total).not.toHaveText('R$ 0,00');
  const before = await total.innerText();
  await page.getByLabel('Código do cupom').fill('bemvindo10');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText(/Cupom BEMVINDO10 aplicado/)).toBeVisible();
  await expect(total).not.toHaveText(before);
  await expect(
    page.getByText('Boleto/transferência faturada está disponível para cadastros com CNPJ.'),
  ).toBeVisible();
  // The order is read from the checkout's answer (issue #45 item 3): the confirmation shows it with
  // no GET of the order, also once the bell has heard of it (its 3 s polling of the payment comes after).
  const bell = page.getByTestId('contador-notificacoes');
  const unread = Number(await bell.textContent());
  const orderReads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /^\/api\/orders\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname))
      orderReads.push(r.url());
  });
  const placed = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/orders'),
  );
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  const answer = await placed;
  expect(answer.status()).toBe(201);
  const { code } = (await answer.json()) as { code: string };

  await expect(page).toHaveURL(/\/confirmacao-pedido\?orderId=/);
  await expect(page.getByRole('heading', { name: 'Pedido recebido' })).toBeVisible();
  await expect(bell).toHaveText(String(unread + 1));
  expect(orderReads).toEqual([]);
  await expect(page.getByRole('img', { name: 'QR Code do Pix' })).toBeVisible();
  // The PSP's charge (a dynamic BR Code, whose CRC checks).
  const brcode = decodeBrCode(await page.getByLabel('Pix copia e cola').inputValue());
  expect(brcode.crc).toBe(brcode.crcComputed);

  // The customer pays at the bank; the PSP calls the webhook.
  await payAtPsp(page.context(), code);

  // No reload: the page follows the payment.
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 10_000 });
  // Back from the confirmation does not land on the billing form filled on the way (it was a step).
  await page.goBack();
  await expect(page).not.toHaveURL(/\/confirmacao-pedido/);
  await expect(page).not.toHaveURL(/completar-perfil/);
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Meus pedidos' }).click();
  await expect(page.getByRole('list', { name: 'Pedidos' }).getByRole('listitem').first()).toContainText(
    'Pago',
  );
});
