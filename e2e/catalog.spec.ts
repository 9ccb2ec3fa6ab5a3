import { expect, test } from '@playwright/test';
import { createCustomer, signInWithForm, toast } from './support/users.ts';

test('busca "brasilia" → filtro → local → duas torres → carrinho e favorito', async ({ page, request }) => {
  await page.goto('/');
  const hero = page.getByRole('search', { name: 'Buscar locais' });
  await hero.getByRole('combobox').fill('brasilia');
  await expect(page.getByRole('option', { name: /Brasília — Distrito Federal/ })).toBeVisible();
  await page.getByRole('option', { name: /Brasília — Distrito Federal/ }).click();

  await expect(page).toHaveURL(/\/buscar-locais\?local=Bras%C3%ADlia/);
  await expect(page.getByRole('heading', { name: /\d+ locais encontrados/ })).toBeVisible();
  const results = page.getByRole('list', { name: 'Resultados' }).getByRole('listitem');
  await expect(results.first()).toBeVisible();
  // The map shows markers even without tiles.
  await expect(page.locator('.urbana-pin, .urbana-cluster').first()).toBeVisible();

  await page.getByLabel('Tipo de mídia').selectOption('torre');
  await expect(page).toHaveURL(/tipo=torre/);
  await expect(results.first()).toContainText('Telas em torres');
  for (const text of await results.allInnerTexts()) expect(text).toContain('Telas em torres');

  // Back returns to the previous search.
  await page.goBack();
  await expect(page).not.toHaveURL(/tipo=torre/);
  await page.goForward();
  await expect(page).toHaveURL(/tipo=torre/);

  await results.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/locais\//);
  const towers = page.getByRole('group', { name: /Torres/ }).getByRole('checkbox');
  await expect(towers.first()).toBeVisible();
  const count = await towers.count();
  expect(count).toBeGreaterThanOrEqual(2);
  const total = page.getByTestId('preco-total');
  const allTowers = await total.innerText();
  // Keep exactly two towers.
  for (let i = 2; i < count; i++) await towers.nth(i).uncheck();
  await expect(page.getByRole('group', { name: /Torres \(2 de/ })).toBeVisible();
  await expect(total).not.toHaveText(allTowers);
  const breakdown = await page.getByText(/× 7 dias × 4 semanas × 2 torres/).innerText();
  expect(breakdown).toContain('2 torres');
  const price = Number((await total.innerText()).replace(/[^\d,]/g, '').replace(',', '.'));
  const daily = Number(
    breakdown
      .split(' × ')[0]!
      .replace(/[^\d,]/g, '')
      .replace(',', '.'),
  );
  expect(price).toBeCloseTo(daily * 7 * 4 * 2, 2);

  // The location map is built when it nears the screen, with the product's own pin.
  const location = page.getByRole('region', { name: 'Localização' });
  await location.scrollIntoViewIfNeeded();
  await expect(location.locator('.leaflet-container .urbana-pin')).toHaveCount(1);

  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(toast(page, 'Adicionado ao carrinho')).toBeVisible();
  // A double click favourites once (its second click does not take it back).
  await page.getByRole('button', { name: /^Favoritar/ }).dblclick();
  await expect(page.getByTestId('contador-carrinho')).toHaveText('1');
  await expect(page.getByTestId('contador-favoritos')).toHaveText('1');
  const name = await page.getByRole('heading', { level: 1 }).innerText();

  // After sign-in the favourite is on the favourites page.
  const user = await createCustomer(request);
  await page.goto('/usuario/meus-favoritos');
  await expect(page).toHaveURL(/\/auth$/);
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/usuario\/meus-favoritos$/);
  await expect(page.getByRole('list', { name: 'Favoritos' })).toContainText(name);
  const cart = JSON.parse(
    await page.evaluate(async () => JSON.stringify(await (await fetch('/api/cart')).json())),
  );
  expect(cart.products).toHaveLength(1);
  expect(cart.products[0]).toMatchObject({ towerCount: 2, weeks: 4, isTowerBased: true });
  expect(cart.products[0].selectedTowers).toHaveLength(2);

  // Remove from favourites on the page.
  await page.getByRole('button', { name: /^Remover .* dos favoritos/ }).click();
  await expect(page.getByText('Você ainda não tem favoritos')).toBeVisible();
});

test('buscar nesta área depois de mover o mapa', async ({ page }) => {
  await page.goto('/buscar-locais?local=Bras%C3%ADlia');
  const map = page.getByRole('region', { name: 'Mapa dos resultados' });
  await expect(map).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buscar nesta área' })).toHaveCount(0);
  await map.hover();
  await page.mouse.wheel(0, -400);
  await page.getByRole('button', { name: 'Buscar nesta área' }).click();
  await expect(page).toHaveURL(/norte=.*sul=.*leste=.*oeste=/);
  await expect(page.getByRole('heading', { name: /locai?s? encontrados?/ })).toBeVisible();
});

test('local inexistente: mensagem de erro; sem resultados: estado vazio', async ({ page }) => {
  await page.goto('/buscar-locais?local=Xyzqwk');
  await expect(page.getByRole('alert')).toContainText('Não encontramos esse local.');
  await page.goto('/buscar-locais?local=Bras%C3%ADlia&preco_max=100');
  await expect(page.getByText('Nenhum local encontrado')).toBeVisible();
});

test('uma cidade que não existe digitada no filtro: a caixa diz que não achou e o Enter busca o nome escrito', async ({
  page,
}) => {
  await page.goto('/buscar-locais?local=Bras%C3%ADlia');
  await expect(page.getByRole('heading', { name: /locai?s? encontrados?/ })).toBeVisible();
  const city = page
    .getByRole('search', { name: 'Filtros da busca' })
    .getByRole('combobox', { name: 'Cidade' });
  await city.fill('Cidade Inexistente');
  await expect(page.getByRole('status').filter({ hasText: 'Nenhuma cidade encontrada' })).toContainText(
    'Nenhuma cidade encontrada para “Cidade Inexistente”.',
  );
  await city.press('Enter');
  await expect(page).toHaveURL(/local=Cidade\+Inexistente/);
  // The results of Brasília no longer stand beside a box that names another place.
  await expect(page.getByRole('alert')).toContainText('Não encontramos esse local.');
  await expect(page.getByRole('heading', { name: /locai?s? encontrados?/ })).toHaveCount(0);
});
