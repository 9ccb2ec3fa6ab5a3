import { expect, test, type Page } from '@playwright/test';
import { cartItem, productIds } from './support/fixtures.ts';
import { apiAs, createCustomer, signInWithForm, toast } from './support/users.ts';

let p1: string, p2: string, p3: string;
test.beforeAll(async ({ request }) => {
  [p1, p2, p3] = (await productIds(request, 3)) as [string, string, string];
});

async function setLocal(page: Page, cart: unknown[], favorites: string[]) {
  await page.goto('/');
  await page.evaluate(
    ([c, f]) => {
      localStorage.setItem('urbana-cart', JSON.stringify(c));
      localStorage.setItem('urbana-favorites', JSON.stringify(f));
    },
    [cart, favorites] as const,
  );
  await page.reload();
}

const badge = (page: Page, name: 'carrinho' | 'favoritos') => page.getByTestId(`contador-${name}`);
const local = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('só local: o carrinho e os favoritos sobem para a nuvem', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const user = await createCustomer(request);
  await setLocal(page, [cartItem('a-1'), cartItem('b-2')], [p1, p2]);
  await expect(badge(page, 'carrinho')).toHaveText('2');
  await expect(badge(page, 'favoritos')).toHaveText('2');

  await signInWithForm(page, user.email, user.password);
  await expect(toast(page, 'Carrinho sincronizado')).toContainText('Seus itens locais foram salvos na nuvem');
  await expect(toast(page, 'Favoritos sincronizados')).toBeVisible();
  await expect(badge(page, 'carrinho')).toHaveText('2');
  expect(await local(page, 'urbana-cart')).toBeNull();
  expect(await local(page, 'urbana-favorites')).toBeNull();

  const api = await apiAs(playwright, baseURL!, user.email, user.password);
  expect((await (await api.get('/api/cart')).json()).products.map((i: { id: string }) => i.id)).toEqual([
    'a-1',
    'b-2',
  ]);
  expect((await (await api.get('/api/favorites')).json()).product_ids.sort()).toEqual([p1, p2].sort());
  await api.dispose();

  // Sign-out empties both.
  await page.getByRole('button', { name: /Menu da conta/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(badge(page, 'carrinho')).toBeHidden();
  await expect(badge(page, 'favoritos')).toBeHidden();
  expect(await local(page, 'urbana-cart')).toBeNull();
});

test('local e nuvem: nuvem primeiro, depois os locais que faltam; favoritos unidos', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const user = await createCustomer(request);
  const api = await apiAs(playwright, baseURL!, user.email, user.password);
  await api.put('/api/cart', { data: { products: [cartItem('nuvem-1'), cartItem('comum-2')] } });
  await api.post('/api/favorites', { data: { product_ids: [p1, p2] } });

  await setLocal(page, [cartItem('comum-2', { weeks: 9 }), cartItem('local-3')], [p2, p3]);
  await signInWithForm(page, user.email, user.password);
  await expect(toast(page, 'Carrinho restaurado')).toContainText('3 itens carregados com sucesso');
  await expect(toast(page, 'Favoritos restaurados')).toContainText('3 favoritos carregados');
  await expect(badge(page, 'carrinho')).toHaveText('3');
  await expect(badge(page, 'favoritos')).toHaveText('3');

  const cart = (await (await api.get('/api/cart')).json()).products as Array<{ id: string; weeks: number }>;
  expect(cart.map((i) => i.id)).toEqual(['nuvem-1', 'comum-2', 'local-3']);
  // The cloud copy of an item present on both sides wins.
  expect(cart[1]!.weeks).toBe(4);
  expect((await (await api.get('/api/favorites')).json()).product_ids.sort()).toEqual([p1, p2, p3].sort());
  expect(await local(page, 'urbana-cart')).toBeNull();
  await api.dispose();
});

test('só nuvem: o carrinho e os favoritos são restaurados', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const user = await createCustomer(request);
  const api = await apiAs(playwright, baseURL!, user.email, user.password);
  await api.put('/api/cart', { data: { products: [cartItem('x-1'), cartItem('y-2')] } });
  await api.put(`/api/favorites/${p3}`);
  await api.dispose();

  await page.goto('/auth');
  await signInWithForm(page, user.email, user.password);
  await expect(toast(page, 'Carrinho restaurado')).toContainText('2 itens carregados da nuvem');
  await expect(toast(page, 'Favoritos restaurados')).toContainText('1 favorito carregado da nuvem');
  await expect(badge(page, 'carrinho')).toHaveText('2');
  await expect(badge(page, 'favoritos')).toHaveText('1');
});

test('falha ao salvar na nuvem: aviso do seed e a cópia local fica', async ({ page, request }) => {
  const user = await createCustomer(request);
  await setLocal(page, [cartItem('z-1')], [p1]);
  await page.route('**/api/cart', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 503, json: { message: 'fora' } })
      : route.continue(),
  );
  await page.route('**/api/favorites', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, json: { message: 'fora' } })
      : route.continue(),
  );
  await signInWithForm(page, user.email, user.password);
  await expect(toast(page, 'Erro ao sincronizar carrinho')).toContainText(
    'Não foi possível salvar o carrinho na nuvem',
  );
  await expect(toast(page, 'Erro ao sincronizar favorito')).toContainText(
    'Não foi possível salvar o favorito na nuvem',
  );
  await expect(badge(page, 'carrinho')).toHaveText('1');
  expect(JSON.parse((await local(page, 'urbana-cart')) ?? '[]')).toHaveLength(1);
});

test('carrinho ausente na nuvem é um carrinho vazio', async ({ page, request }) => {
  const user = await createCustomer(request);
  await page.goto('/auth');
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await expect(badge(page, 'carrinho')).toBeHidden();
  await expect(toast(page, 'Carrinho')).toHaveCount(0);
});

test('entrar com o Google pelo diálogo: sessão, aviso do seed e sincronização', async ({ page }) => {
  await setLocal(page, [cartItem('g-1')], []);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Entrar na Urbana' });
  await dialog.getByRole('link', { name: 'Entrar com Google' }).click();
  await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
  await expect(toast(page, 'Carrinho sincronizado')).toBeVisible();
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await expect(page.getByRole('button', { name: /Menu da conta de Gabriela Google/ })).toBeVisible();
  await expect(badge(page, 'carrinho')).toHaveText('1');
});
