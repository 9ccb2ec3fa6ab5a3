import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { STAFF, STARTED_CAMPAIGNS } from './support/fixtures.ts';
import { apiAs, createCustomer, toast } from './support/users.ts';

// Issue #17 item 2: every irreversible staff step asks first, in a dialog that names the consequence;
// "Voltar" leaves everything as it was (checked through the API), confirming does the step.

async function staffSignIn(page: Page, email: string) {
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha').fill(STAFF.password);
  await form.getByRole('button', { name: 'Entrar no painel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

async function userId(admin: APIRequestContext, email: string): Promise<string> {
  const res = await admin.get(`/api/admin/usuarios?q=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: Array<{ id: string; email: string }> };
  const found = body.items.find((u) => u.email === email);
  expect(found).toBeTruthy();
  return found!.id;
}

async function userState(admin: APIRequestContext, id: string) {
  const res = await admin.get(`/api/admin/usuarios/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { tipo_usuario: string; blocked: boolean };
}

async function openUser(page: Page, email: string) {
  await page.goto(`/admin/usuarios?q=${encodeURIComponent(email)}`);
  const table = page.getByRole('table', { name: 'Usuários' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('row').nth(1).getByRole('button').click();
  const detail = page.getByRole('dialog', { name: 'Usuário', exact: true });
  await expect(detail.getByText(email)).toBeVisible();
  return detail;
}

test('mudar o papel: Voltar não muda nada, confirmar muda', async ({ page, playwright, baseURL }) => {
  const customer = await createCustomer(page.request, 'Rita Papel');
  const admin = await apiAs(playwright, baseURL!, STAFF.admin, STAFF.password);
  const id = await userId(admin, customer.email);
  await staffSignIn(page, STAFF.admin);

  const detail = await openUser(page, customer.email);
  await detail.getByLabel('Papel').selectOption('operador');
  await detail.getByRole('button', { name: 'Salvar papel' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mudar o papel para Operador?' });
  await expect(confirm.getByTestId('confirm-consequence')).toContainText(
    'Rita Papel passa de Cliente para Operador.',
  );
  await confirm.getByRole('button', { name: 'Voltar' }).click();
  await expect(confirm).toBeHidden();
  expect((await userState(admin, id)).tipo_usuario).toBe('cliente');

  await detail.getByRole('button', { name: 'Salvar papel' }).click();
  await confirm.getByRole('button', { name: 'Mudar para Operador' }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.getByRole('button', { name: 'Salvar papel' })).toBeHidden();
  // The toast is announced although the user's dialog is still open (decision 027).
  await expect(toast(page, 'Papel alterado')).toBeVisible();
  expect((await userState(admin, id)).tipo_usuario).toBe('operador');
  await admin.dispose();
});

test('bloquear e desbloquear: Voltar não muda nada, confirmar muda', async ({
  page,
  playwright,
  baseURL,
}) => {
  const customer = await createCustomer(page.request, 'Breno Bloqueio');
  const admin = await apiAs(playwright, baseURL!, STAFF.admin, STAFF.password);
  const id = await userId(admin, customer.email);
  await staffSignIn(page, STAFF.admin);

  const detail = await openUser(page, customer.email);
  await detail.getByRole('button', { name: 'Bloquear' }).click();
  const block = page.getByRole('dialog', { name: 'Bloquear este usuário?' });
  await expect(block.getByTestId('confirm-consequence')).toContainText(
    'não consegue entrar até ser desbloqueado',
  );
  await block.getByRole('button', { name: 'Voltar' }).click();
  await expect(block).toBeHidden();
  expect((await userState(admin, id)).blocked).toBe(false);

  await detail.getByRole('button', { name: 'Bloquear' }).click();
  await block.getByRole('button', { name: 'Bloquear' }).click();
  await expect(block).toBeHidden();
  await expect(detail.getByRole('button', { name: 'Desbloquear' })).toBeVisible();
  await expect(toast(page, 'Usuário bloqueado e desconectado')).toBeVisible();
  expect((await userState(admin, id)).blocked).toBe(true);
  // A blocked account cannot sign in.
  const refused = await page.request.post('/api/auth/sign-in', {
    data: { email: customer.email, password: customer.password },
  });
  expect(refused.status()).toBeGreaterThanOrEqual(400);

  await detail.getByRole('button', { name: 'Desbloquear' }).click();
  const unblock = page.getByRole('dialog', { name: 'Desbloquear este usuário?' });
  await expect(unblock.getByTestId('confirm-consequence')).toContainText('volta a poder entrar');
  await unblock.getByRole('button', { name: 'Voltar' }).click();
  await expect(unblock).toBeHidden();
  expect((await userState(admin, id)).blocked).toBe(true);

  await detail.getByRole('button', { name: 'Desbloquear' }).click();
  await unblock.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(unblock).toBeHidden();
  await expect(detail.getByRole('button', { name: 'Bloquear' })).toBeVisible();
  await expect(toast(page, 'Usuário desbloqueado')).toBeVisible();
  expect((await userState(admin, id)).blocked).toBe(false);
  await admin.dispose();
});

const productBody = (name: string) => ({
  name,
  description: 'Telas em elevadores de duas torres comerciais, para o teste de confirmações.',
  type: 'torre',
  address: 'Av. das Araucárias, 1000',
  neighborhood: 'Águas Claras',
  city: 'Brasília',
  state: 'DF',
  latitude: -15.84,
  longitude: -48.02,
  daily_price: 12_345,
  is_tower_based: true,
  weekly_audience: 20_000,
  audience_profile: 'Profissionais, 25 a 50 anos',
  operating_hours: 'Seg. a sex., 7h às 20h',
  status: 'ativo',
  towers: [{ name: 'Torre Norte', screens: 4, weekly_audience: 10_000, slots: 3 }],
});

async function productWithPhotos(staff: APIRequestContext, name: string, photos: number) {
  const created = await staff.post('/api/admin/produtos', { data: productBody(name) });
  expect(created.status()).toBe(201);
  const product = (await created.json()) as { id: string; slug: string };
  for (let i = 0; i < photos; i++) {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 40 * i, g: 120, b: 90 } },
    })
      .png()
      .toBuffer();
    const res = await staff.post(`/api/admin/produtos/${product.id}/fotos?alt=foto-${i + 1}`, {
      headers: { 'content-type': 'image/png' },
      data: png,
    });
    expect(res.status()).toBe(201);
  }
  // A new product is inactive until its first photo (issue #40 item 8): with one, it goes on sale.
  if (photos > 0)
    expect(
      (await staff.put(`/api/admin/produtos/${product.id}/status`, { data: { status: 'ativo' } })).status(),
    ).toBe(200);
  return product;
}

async function adminProduct(staff: APIRequestContext, id: string) {
  const res = await staff.get(`/api/admin/produtos/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { status: string; photos: Array<{ id: string }> };
}

test('desativar um produto: Voltar não muda nada, confirmar tira da página pública', async ({
  page,
  playwright,
  baseURL,
}) => {
  const staff = await apiAs(playwright, baseURL!, STAFF.operador, STAFF.password);
  const name = `Torre Confirmação ${Date.now()}`;
  const product = await productWithPhotos(staff, name, 1);
  await staffSignIn(page, STAFF.operador);
  await page.goto(`/admin/produtos/${product.id}`);

  await page.getByRole('button', { name: 'Desativar', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Desativar este produto?' });
  await expect(confirm.getByTestId('confirm-consequence')).toContainText(
    `“${name}” sai agora da busca e da página pública`,
  );
  await expect(confirm.getByTestId('confirm-consequence')).toContainText(
    'Pedidos e veiculações já feitos continuam valendo.',
  );
  await confirm.getByRole('button', { name: 'Voltar' }).click();
  await expect(confirm).toBeHidden();
  expect((await adminProduct(staff, product.id)).status).toBe('ativo');
  expect((await page.request.get(`/api/products/${product.slug}`)).status()).toBe(200);

  await page.getByRole('button', { name: 'Desativar', exact: true }).click();
  await confirm.getByRole('button', { name: 'Desativar produto' }).click();
  await expect(toast(page, 'Produto desativado')).toBeVisible();
  expect((await adminProduct(staff, product.id)).status).toBe('inativo');
  expect((await page.request.get(`/api/products/${product.slug}`)).status()).toBe(404);

  // Turning it back on asks too.
  await page.getByRole('button', { name: 'Ativar', exact: true }).click();
  const activate = page.getByRole('dialog', { name: 'Ativar este produto?' });
  await activate.getByRole('button', { name: 'Ativar produto' }).click();
  await expect(toast(page, 'Produto ativado')).toBeVisible();
  expect((await adminProduct(staff, product.id)).status).toBe('ativo');
  await staff.dispose();
});

test('remover uma foto: Voltar não muda nada, confirmar remove', async ({ page, playwright, baseURL }) => {
  const staff = await apiAs(playwright, baseURL!, STAFF.operador, STAFF.password);
  const product = await productWithPhotos(staff, `Torre Fotos ${Date.now()}`, 2);
  const [cover, second] = (await adminProduct(staff, product.id)).photos;
  await staffSignIn(page, STAFF.operador);
  await page.goto(`/admin/produtos/${product.id}`);
  const photos = page.getByRole('list', { name: 'Fotos do produto' });
  await expect(photos.getByRole('listitem')).toHaveCount(2);

  await photos.getByRole('button', { name: 'Remover foto 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remover a capa?' });
  await expect(confirm.getByTestId('confirm-consequence')).toContainText('não pode ser recuperada');
  await expect(confirm.getByTestId('confirm-consequence')).toContainText('A foto 2 passa a ser a capa.');
  await confirm.getByRole('button', { name: 'Voltar' }).click();
  await expect(confirm).toBeHidden();
  expect((await adminProduct(staff, product.id)).photos.map((p) => p.id)).toEqual([cover!.id, second!.id]);
  await expect(photos.getByRole('listitem')).toHaveCount(2);

  await photos.getByRole('button', { name: 'Remover foto 1' }).click();
  await confirm.getByRole('button', { name: 'Remover foto' }).click();
  await expect(toast(page, 'Foto removida')).toBeVisible();
  await expect(photos.getByRole('listitem')).toHaveCount(1);
  expect((await adminProduct(staff, product.id)).photos.map((p) => p.id)).toEqual([second!.id]);
  await staff.dispose();
});

test('reenviar um email cujo link já foi usado: o aviso, Cancelar não envia, confirmar envia e marca como reenvio', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'Lia Link');
  await staffSignIn(page, STAFF.admin);
  await page.goto(`/admin/email-logs?q=${encodeURIComponent(customer.email)}`);
  const table = page.getByRole('table', { name: 'Emails' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: 'Confirme seu email na Urbana' }).click();
  const detail = page.getByRole('dialog', { name: 'Email', exact: true });
  await expect(detail.getByText(customer.email)).toBeVisible();

  await detail.getByRole('button', { name: 'Reenviar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reenviar este email?' });
  await expect(confirm.getByTestId('confirm-consequence')).toContainText(
    'O link de uso único deste email já foi usado em',
  );
  await expect(confirm.getByTestId('confirm-consequence')).toContainText('na cópia ele não funcionará');
  await confirm.getByRole('button', { name: 'Voltar' }).click();
  await expect(confirm).toBeHidden();
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(2);

  await table.getByRole('button', { name: 'Confirme seu email na Urbana' }).click();
  await detail.getByRole('button', { name: 'Reenviar' }).click();
  await confirm.getByRole('button', { name: 'Reenviar' }).click();
  await expect(toast(page, 'Email reenviado')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByText('Reenvio')).toHaveCount(1);
});

async function seededCampaigns(staff: APIRequestContext) {
  const res = await staff.get(`/api/admin/campanhas?q=${encodeURIComponent(STARTED_CAMPAIGNS.ad)}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: Array<{ id: string; start: string }> };
  expect(body.items).toHaveLength(2);
  const [running, ahead] = [...body.items].sort((a, b) => a.start.localeCompare(b.start));
  return { running: running!.id, ahead: ahead!.id };
}

async function campaignState(staff: APIRequestContext, id: string) {
  const res = await staff.get(`/api/admin/campanhas/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    status: string;
    started_at: string | null;
    finished_at: string | null;
    early_end_reason: string | null;
  };
}

test('iniciar e finalizar a veiculação: antes do período não inicia; Voltar não muda nada; encerrar antes do fim pede o motivo', async ({
  page,
  playwright,
  baseURL,
}) => {
  const staff = await apiAs(playwright, baseURL!, STAFF.operador, STAFF.password);
  const { running, ahead } = await seededCampaigns(staff);
  await staffSignIn(page, STAFF.operador);

  // A booking still ahead: the button is off and the page says from when it can start.
  await page.goto(`/admin/campanhas/${ahead}`);
  await expect(page.getByRole('button', { name: 'Iniciar veiculação' })).toBeDisabled();
  await expect(page.getByText(/A veiculação só pode começar em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

  // A booking whose period began three days ago.
  await page.goto(`/admin/campanhas/${running}`);
  await page.getByRole('button', { name: 'Iniciar veiculação' }).click();
  const startDialog = page.getByRole('dialog', { name: 'Iniciar a veiculação?' });
  await expect(startDialog.getByTestId('confirm-consequence')).toContainText(
    'o cliente é avisado por notificação e email',
  );
  await startDialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(startDialog).toBeHidden();
  expect((await campaignState(staff, running)).started_at).toBeNull();

  await page.getByRole('button', { name: 'Iniciar veiculação' }).click();
  await startDialog.getByRole('button', { name: 'Iniciar veiculação' }).click();
  await expect(toast(page, 'Veiculação iniciada')).toBeVisible();
  expect((await campaignState(staff, running)).status).toBe('em_veiculacao');

  // Finishing before the last day: Cancelar leaves it running; confirming asks for the reason.
  await page.getByRole('button', { name: 'Finalizar veiculação' }).click();
  const finishDialog = page.getByRole('dialog', { name: 'Finalizar a veiculação?' });
  await expect(finishDialog.getByTestId('confirm-consequence')).toContainText(
    'encerra a campanha antes do fim',
  );
  await finishDialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(finishDialog).toBeHidden();
  expect((await campaignState(staff, running)).finished_at).toBeNull();

  await page.getByRole('button', { name: 'Finalizar veiculação' }).click();
  await finishDialog.getByRole('button', { name: 'Finalizar veiculação' }).click();
  await expect(
    finishDialog.getByText(/Para finalizar antes, informe o motivo \(o cliente verá\)/),
  ).toBeVisible();
  await finishDialog.getByLabel(/Motivo do encerramento antecipado/).fill('chuva');
  await finishDialog.getByRole('button', { name: 'Finalizar veiculação' }).click();
  await expect(finishDialog.getByText(/O motivo do encerramento antecipado deve ter entre/)).toBeVisible();
  expect((await campaignState(staff, running)).finished_at).toBeNull();

  const reason = 'Estrutura danificada pela chuva; o cliente aceitou encerrar.';
  await finishDialog.getByLabel(/Motivo do encerramento antecipado/).fill(reason);
  await finishDialog.getByRole('button', { name: 'Finalizar veiculação' }).click();
  await expect(toast(page, 'Veiculação finalizada')).toBeVisible();
  await expect(page.getByText(`Encerrada antes do fim do período. Motivo: ${reason}`)).toBeVisible();
  const finished = await campaignState(staff, running);
  expect(finished.status).toBe('finalizada');
  expect(finished.early_end_reason).toBe(reason);
});
