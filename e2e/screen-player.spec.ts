import { expect, test, type Page } from '@playwright/test';
import { todayInBrasilia } from '@urbana/shared';
import { staffSignIn } from './support/admin-pages.ts';
import { SCREEN_CAMPAIGN, STAFF } from './support/fixtures.ts';
import { apiAs, signInWithForm } from './support/users.ts';

/**
 * Issue #43: staff pair a player to a booked screen face in the panel; the player page plays the
 * booked, approved campaign; with the network cut for 30 seconds it keeps playing and queues its
 * plays, which arrive when the network is back; the customer's report shows the plays and the delivery.
 */
test.describe.configure({ timeout: 240_000 });

interface Report {
  faces: Array<{ delivery: { delivered: number; booked: number } | null }>;
}

/** The plays the player has queued and not yet sent (its localStorage, as the page keeps it). */
const pending = (page: Page, id: string) =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length,
    `urbana-tela:${id}:exibicoes`,
  );

/** The file now on the screen (an object URL of the cached file) and the spot's key. */
const shown = (page: Page) => page.locator('main img[src^="blob:"]');

test('o player toca a campanha, segue sem rede por 30 s e entrega as exibições depois', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const customer = await apiAs(playwright, baseURL!, SCREEN_CAMPAIGN.email, SCREEN_CAMPAIGN.password);
  const list = (await (await customer.get('/api/orders')).json()) as { items: Array<{ id: string }> };
  const order = list.items[0]!;
  const detail = (await (await customer.get(`/api/orders/${order.id}`)).json()) as {
    items: Array<{ product_id: string }>;
  };
  const productId = detail.items[0]!.product_id;
  const orderOf = async () =>
    (await (await customer.get(`/api/orders/${order.id}`)).json()) as {
      items: Array<{ campaign?: { started_at: string | null } | null }>;
    };

  // Staff register the face's player on the product's page: the key and its QR code are shown once.
  await staffSignIn(page, STAFF.operador);
  await page.goto(`/admin/produtos/${productId}`);
  const screens = page.locator('[data-product-screens]');
  await expect(screens.getByText('Nenhuma tela cadastrada nesta face ainda.')).toBeVisible();
  await screens.getByRole('button', { name: 'Cadastrar tela' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cadastrar tela' });
  const faceLabel = await dialog.getByLabel('Face').locator('option').first().textContent();
  const slots = Number(/\((\d+) slots?\)/.exec(faceLabel ?? '')?.[1] ?? '1');
  await dialog.getByLabel('Nome da tela').fill('Tela E2E');
  await dialog.getByLabel('Spot (segundos)').fill('5');
  await dialog.getByLabel('Loop (segundos)').fill(String(5 * slots));
  await dialog.getByLabel('Liga às', { exact: true }).fill('00:00');
  await dialog.getByLabel('Desliga às').fill('00:00');
  await dialog.getByRole('button', { name: 'Cadastrar tela' }).click();
  const created = page.getByRole('dialog', { name: 'Tela Tela E2E cadastrada' });
  await expect(created.getByRole('img', { name: 'QR code para configurar a tela Tela E2E' })).toBeVisible();
  const secret = (await created.locator('[data-secret]').textContent())!.trim();
  const setupUrl = (await created.getByText(/\/tela\/[0-9a-f-]+#chave=/).textContent())!.trim();
  const id = /\/tela\/([0-9a-f-]+)#/.exec(setupUrl)![1]!;
  expect(setupUrl).toContain(secret);
  await created.getByRole('button', { name: 'Já anotei a chave' }).click();
  await expect(screens.getByText('Nunca se conectou')).toBeVisible();

  // The kiosk: a browser of its own, opened at the QR code's address.
  const kiosk = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const screen = await kiosk.newPage();
  await screen.goto(`/tela/${id}#chave=${secret}`);
  await expect(shown(screen)).toBeVisible({ timeout: 30_000 });
  // The first play reaches Urbana (plays are sent every 30 s) and puts the campaign on air.
  await expect
    .poll(async () => (await orderOf()).items[0]?.campaign?.started_at ?? null, { timeout: 60_000 })
    .not.toBeNull();

  // The network is cut for 30 seconds: the screen keeps playing and keeps its plays.
  await kiosk.setOffline(true);
  const atCut = await pending(screen, id);
  await screen.waitForTimeout(30_000);
  await expect(shown(screen)).toBeVisible();
  const queued = await pending(screen, id);
  expect(queued - atCut).toBeGreaterThanOrEqual(4);

  // The network is back: the queued plays arrive (the page sends them at once).
  await kiosk.setOffline(false);
  await expect.poll(() => pending(screen, id), { timeout: 30_000 }).toBeLessThan(queued);
  await expect.poll(() => pending(screen, id), { timeout: 30_000 }).toBeLessThanOrEqual(1);
  await kiosk.close();

  // Staff end the run; its report is made.
  const staff = await apiAs(playwright, baseURL!, STAFF.operador, STAFF.password);
  const found = await staff.get(`/api/admin/campanhas?q=${encodeURIComponent(SCREEN_CAMPAIGN.ad)}`);
  const campaign = ((await found.json()) as { items: Array<{ id: string }> }).items[0]!;
  const finish = await staff.post(`/api/admin/campanhas/${campaign.id}/finalizar`, {
    data: { motivo: 'Teste da tela encerrado.' },
  });
  expect(finish.status(), await finish.text()).toBe(200);
  await staff.dispose();
  let report: Report | null = null;
  await expect
    .poll(
      async () => {
        const res = await customer.get(`/api/orders/${order.id}/relatorio`);
        report = res.status() === 200 ? ((await res.json()) as Report) : null;
        return report?.faces[0]?.delivery?.delivered ?? -1;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(queued + 1);

  // The customer's report shows the plays and the delivery.
  await page.context().clearCookies();
  await signInWithForm(page, SCREEN_CAMPAIGN.email, SCREEN_CAMPAIGN.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await page
    .getByRole('dialog', { name: 'Atualizamos nossos termos' })
    .getByRole('button', { name: 'Li e aceito' })
    .click();
  await page.goto(`/usuario/pedidos/${order.id}/relatorio`);
  await expect(page.getByRole('heading', { name: 'Relatório da campanha' })).toBeVisible();
  const delivered = ((await (await customer.get(`/api/orders/${order.id}/relatorio`)).json()) as Report)
    .faces[0]!.delivery!.delivered;
  await expect(page.getByTestId('entrega-total')).toContainText(String(delivered));
  const [d, m] = [todayInBrasilia().slice(8, 10), todayInBrasilia().slice(5, 7)];
  await expect(page.getByText(new RegExp(`${d}/${m}`)).first()).toBeVisible();
  await customer.dispose();
});
