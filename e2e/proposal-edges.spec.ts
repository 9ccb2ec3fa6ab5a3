import { expect, test } from '@playwright/test';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { STAFF } from './support/fixtures.ts';
import { personBilling } from './support/orders.ts';
import { apiAs, createCustomer, signInWithForm } from './support/users.ts';

// Issue #40 item 5: the customer finds a proposal in their "Propostas", sees its audience and CPM,
// and, when its face sold out after it was sent, reads why it could not be accepted. A week far
// ahead, so that other specs' bookings on the shared demo catalogue do not meet it.
const start = addDays(earliestBookableStart(todayInBrasilia(), 2), 7 * 38);

test('Propostas do cliente: audiência e CPM, e o aceite impedido por uma face esgotada', async ({
  page,
  playwright,
  baseURL,
}) => {
  const search = await page.request.get('/api/search?local=Bras%C3%ADlia&por_pagina=12&ordem=menor_preco');
  const items = ((await search.json()) as { items: Array<{ id: string; tower_count: number }> }).items;
  const product = items.filter((i) => i.tower_count === 1)[2] ?? items[0]!;
  const customer = await createCustomer(page.request, 'Renata Proposta');
  const asCustomer = await apiAs(playwright, baseURL!, customer.email, customer.password);
  expect(
    (await asCustomer.put('/api/billing-profile', { data: personBilling('Renata Proposta') })).status(),
  ).toBe(200);
  const me = (await (await asCustomer.get('/api/profile')).json()) as { id: string };
  const staff = await apiAs(playwright, baseURL!, STAFF.operador, STAFF.password);
  const created = await staff.post('/api/admin/propostas', {
    data: {
      customer_id: me.id,
      valid_until: addDays(todayInBrasilia(), 10),
      items: [{ product_id: product.id, start_date: start, weeks: 1, price: null }],
    },
  });
  expect(created.status()).toBe(201);
  const proposal = (await created.json()) as {
    id: string;
    code: string;
    items: Array<{ towers: Array<{ id: string }> }>;
  };
  expect((await staff.post(`/api/admin/propostas/${proposal.id}/enviar`)).status()).toBe(200);

  await page.goto('/auth');
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/usuario/meus-pedidos');
  await page.getByRole('link', { name: 'Propostas', exact: true }).first().click();
  await expect(page).toHaveURL(/\/usuario\/propostas$/);
  const row = page.getByRole('list', { name: 'Propostas recebidas' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-proposal-state]')).toHaveText('Enviada');
  await row.getByRole('link', { name: `Proposta ${proposal.code}` }).click();
  await expect(page.getByRole('heading', { name: `Proposta ${proposal.code}` })).toBeVisible();
  await expect(page.getByTestId('audiencia-periodo')).toContainText('impactos');
  await expect(page.getByTestId('cpm-total')).toHaveText(/^R\$/);

  // Meanwhile the face is blocked for that week: the acceptance says why, and the state shows it.
  const block = await staff.post('/api/admin/inventario/bloqueios', {
    data: {
      tower_ids: [proposal.items[0]!.towers[0]!.id],
      start_date: start,
      weeks: 1,
      reason: 'Manutenção',
    },
  });
  expect(block.status()).toBe(201);
  await page.getByRole('button', { name: 'Aceitar e criar pedido' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Não há vaga livre em' }).first()).toBeVisible();
  await expect(page.locator('[data-proposal-state]')).toHaveText('Aceite impedido');
  await expect(page.getByText(/A equipe Urbana já foi avisada/)).toBeVisible();
  await staff.dispose();
  await asCustomer.dispose();
});
