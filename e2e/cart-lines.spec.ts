import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatDate } from '@urbana/shared';

interface Product {
  id: string;
  slug: string;
  name: string;
  daily_price: number;
  towers: Array<{ id: string; name: string }>;
}

async function product(request: APIRequestContext, tipo: string) {
  const search = await (await request.get(`/api/search?local=Brasília&tipo=${tipo}&por_pagina=1`)).json();
  return (await (await request.get(`/api/products/${search.items[0].slug}`)).json()) as Product;
}

test('carrinho: troca as torres de uma linha, recusa início no passado e desfaz a remoção', async ({
  page,
  request,
}) => {
  const torre = await product(request, 'torre');
  const outdoor = await product(request, 'outdoor');
  expect(torre.towers.length).toBeGreaterThan(1);
  const line = (p: Product, towerBased: boolean) => ({
    id: `${p.id}-linha`,
    product_id: p.id,
    name: p.name,
    slug: p.slug,
    daily_price: p.daily_price,
    weeks: 2,
    towerCount: 1,
    isTowerBased: towerBased,
    towers: towerBased ? p.towers : [],
    selectedTowers: towerBased ? [p.towers[0]!.id] : [],
  });
  await page.goto('/');
  await page.evaluate(
    (c) => localStorage.setItem('urbana-cart', JSON.stringify(c)),
    [line(torre, true), line(outdoor, false)],
  );
  await page.goto('/carrinho');
  const items = page.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  const first = items.first();
  const price = first.getByTestId('preco-item');
  await expect(price).not.toHaveText('');
  const before = await price.textContent();

  // Towers: add a second one; the line and its price follow.
  const second = torre.towers[1]!.name;
  await first.getByRole('checkbox', { name: second }).check();
  await expect(first.getByText(`2 torres: ${torre.towers[0]!.name}, ${second}`)).toBeVisible();
  await expect(price).not.toHaveText(before!);
  // The last chosen tower cannot be unticked (the trash button removes the line).
  await first.getByRole('checkbox', { name: second }).uncheck();
  await expect(first.getByRole('checkbox', { name: torre.towers[0]!.name })).toBeDisabled();

  // A start in the past is refused next to the field, not moved.
  const config = await (await request.get('/api/config')).json();
  const start = first.getByLabel('Início');
  await start.fill('2020-01-06');
  await expect(start).toHaveValue('2020-01-06');
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await expect(start).toHaveAccessibleDescription(
    `Escolha uma data de início a partir de ${formatDate(config.earliest_start)}.`,
  );
  await expect(page.getByRole('button', { name: 'Continuar para o pagamento' })).toBeDisabled();
  await start.fill(config.earliest_start);
  await expect(start).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Continuar para o pagamento' })).toBeEnabled();

  // Remove the second line, then undo.
  await page.getByRole('button', { name: `Remover ${outdoor.name} do carrinho` }).click();
  await expect(items).toHaveCount(1);
  await page.getByRole('status').getByRole('button', { name: 'Desfazer' }).click();
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toContainText(outdoor.name);
});
