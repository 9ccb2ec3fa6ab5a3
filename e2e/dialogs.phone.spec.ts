import { expect, test, type Locator } from '@playwright/test';
import { personBilling, placeOrderAs, startDate } from './support/orders.ts';
import { customerReadyToOrder, signInWithForm } from './support/users.ts';

/** Whether two boxes on screen share any point. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

// On a phone a dialog's title takes two lines: it used to run under the close button (✕).
test('no celular, o título de uma caixa de diálogo não passa por baixo do botão Fechar', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const user = await customerReadyToOrder(
    request,
    playwright,
    baseURL!,
    'Diana Diálogo',
    personBilling('Diana Diálogo'),
  );
  const { api } = user;
  const search = await (
    await request.get('/api/search?local=Bras%C3%ADlia&tipo=outdoor&por_pagina=1')
  ).json();
  // Its own far week, so that no other test's face is taken.
  const start = new Date(`${await startDate(request)}T12:00:00Z`);
  start.setUTCDate(start.getUTCDate() + 7 * 33);
  const order = await placeOrderAs(api, {
    productId: search.items[0].id,
    start: start.toISOString().slice(0, 10),
    method: 'pix',
  });
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);

  await page.goto(`/pedido/${order.id}`);
  await page.getByRole('button', { name: 'Cancelar pedido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar o pedido e liberar as datas?' });
  await expect(dialog).toBeVisible();
  const title = dialog.getByRole('heading', { name: 'Cancelar o pedido e liberar as datas?' });
  const close = dialog.getByRole('button', { name: 'Fechar' });
  // The title takes more than one line here, and none of it lies under the button.
  expect((await title.boundingBox())!.height).toBeGreaterThan(30);
  expect(await overlap(title, close)).toBe(false);
});
