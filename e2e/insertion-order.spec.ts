/**
 * Issue #44 item 3 in a real browser: an agency's person opens the order placed for an advertiser,
 * reads its PI (number, state, PDF), approves it behind a confirmation that states the figures, and
 * staff see the approval on the order's page.
 */
import { expect, test } from '@playwright/test';
import { addDays } from '@urbana/shared';
import { staffSignIn } from './support/admin-pages.ts';
import { productIds } from './support/fixtures.ts';
import { companyBilling, startDate } from './support/orders.ts';
import { customerReadyToOrder, signInWithForm, toast } from './support/users.ts';

test.use({ viewport: { width: 1280, height: 900 } });

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

test('a agência aprova o PI do pedido; a equipe vê a aprovação', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  const person = await customerReadyToOrder(request, playwright, baseURL!, 'Lia Agência', companyBilling);
  // Another run's agency may hold a CNPJ: each run its own.
  const base = String(Date.now()).slice(-8).padStart(8, '0') + '0001';
  const agency = await person.api.post('/api/agencia', {
    data: { name: 'Agência Lia Ltda.', document: cnpj(base), cenp_valid_until: null },
  });
  expect(agency.status(), await agency.text()).toBe(201);
  const advertiser = await person.api.post('/api/agencia/anunciantes', {
    data: { ...companyBilling, name: 'Sorveteria Polo Sul Ltda.', document: cnpj(`AB${base.slice(2)}`) },
  });
  expect(advertiser.status(), await advertiser.text()).toBe(201);
  const [productId] = await productIds(request, 1);
  const placed = await person.api.post('/api/orders', {
    headers: { 'idempotency-key': `e2e-pi-${Date.now()}` },
    data: {
      advertiser_id: (await advertiser.json()).id,
      // A week no other spec books (they share the catalogue).
      items: [
        {
          product_id: productId,
          start_date: addDays(await startDate(request), 7 * 53),
          weeks: 1,
          tower_ids: [],
        },
      ],
      payment_method: 'pix',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string; code: string };
  const pi = (await (await person.api.get(`/api/agencia/pedidos/${order.id}/pi`)).json()) as {
    number: string;
  };
  expect(pi.number).toMatch(/^PI-\d{4}-\d{6}$/);

  await signInWithForm(page, person.email, person.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await page.goto(`/pedido/${order.id}`);
  const card = page.getByRole('heading', { name: 'Pedido de inserção (PI)' }).locator('..').locator('..');
  await expect(card).toContainText('Aguardando aprovação da agência');
  await expect(card).toContainText(pi.number);
  await expect(card.getByRole('link', { name: 'PI em PDF' })).toHaveAttribute(
    'href',
    `/api/agencia/pedidos/${order.id}/pi.pdf`,
  );
  await card.getByRole('button', { name: 'Aprovar PI' }).click();
  const dialog = page.getByRole('dialog', { name: `Aprovar o pedido de inserção ${pi.number}?` });
  await expect(dialog).toContainText('Sorveteria Polo Sul Ltda.');
  // An agency whose certificate staff have not confirmed: no desconto-padrão.
  await expect(dialog).toContainText('sem desconto-padrão');
  await page.screenshot({ path: testInfo.outputPath('aprovar-pi.png') });
  await dialog.getByRole('button', { name: 'Sim, aprovar o PI' }).click();
  await expect(toast(page, 'PI aprovado')).toBeVisible();
  await expect(card).toContainText('Aprovado pela agência');
  await expect(card).toContainText('por Lia Agência');
  await expect(card.getByRole('button', { name: 'Aprovar PI' })).toHaveCount(0);

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff);
  await staff.goto(`/admin/pedidos/${order.id}`);
  await expect(staff.getByTestId('pi')).toContainText(`Pedido de inserção ${pi.number}`);
  await expect(staff.getByTestId('pi')).toContainText('Aprovado pela agência');
  await expect(staff.getByTestId('pi')).toContainText('Lia Agência');
  await staffContext.close();
});
