import { expect, test, type Page } from '@playwright/test';

/** Counts the browser's calls to GET /api/search (the results, not the map's markers). */
function countSearchCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/search') calls.push(r.url());
  });
  return calls;
}

const heading = (page: Page) => page.getByRole('heading', { level: 2, name: /locais|Busca|Buscando/ });

test('preço mínimo acima do máximo: o problema e "Limpar filtros", sem busca e sem "Buscando locais..."', async ({
  page,
}) => {
  const calls = countSearchCalls(page);
  await page.goto('/buscar-locais?local=Bras%C3%ADlia&preco_min=50000&preco_max=10000');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('O preço mínimo é maior que o máximo.');
  await expect(heading(page)).toHaveText('Busca não realizada');
  await expect(page.getByLabel('Diária mínima (R$)')).toHaveAttribute('aria-invalid', 'true');
  expect(calls).toEqual([]);
  await alert.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await expect(heading(page)).toHaveText(/locais encontrados/);
});

test('semanas fora de 1–52: o problema e "Limpar filtros"', async ({ page }) => {
  const calls = countSearchCalls(page);
  await page.goto('/buscar-locais?semanas=60');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Escolha de 1 a 52 semanas.');
  await expect(heading(page)).toHaveText('Busca não realizada');
  expect(calls).toEqual([]);
  await alert.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(heading(page)).toHaveText(/locais encontrados/);
});

test('uma página depois da última: quantas páginas há e "Ir para a primeira página"', async ({
  page,
  request,
}) => {
  const first = await (await request.get('/api/search?local=Bras%C3%ADlia&por_pagina=12')).json();
  const pages = Math.ceil(first.total / 12);
  await page.goto('/buscar-locais?pagina=99');
  await expect(page.getByText(`A página 99 não existe: esta busca tem ${pages} página`)).toBeVisible();
  await expect(page.getByText('Buscando locais...')).toHaveCount(0);
  await page.getByRole('button', { name: 'Ir para a primeira página' }).click();
  await expect(page).not.toHaveURL(/pagina=/);
  await expect(page.getByRole('list', { name: 'Resultados' }).getByRole('listitem').first()).toBeVisible();
});

test('uma recusa do servidor (4xx) não é repetida e mostra a saída; uma falha (5xx) é tentada de novo uma vez', async ({
  page,
}) => {
  await page.goto('/buscar-locais');
  await expect(page.getByRole('list', { name: 'Resultados' })).toBeVisible();
  let answer = { status: 422, message: 'Recusado pelo servidor.' };
  let calls = 0;
  await page.route(
    (url) => url.pathname === '/api/search',
    async (route) => {
      calls++;
      await route.fulfill({ status: answer.status, json: { message: answer.message } });
    },
  );
  await page.getByLabel('Tipo de mídia').selectOption({ label: 'Outdoor' });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Recusado pelo servidor.');
  await expect(heading(page)).toHaveText('Busca não realizada');
  await expect(alert.getByRole('button', { name: 'Limpar filtros' })).toBeVisible();
  // The seed's one retry would come about a second later: wait past it.
  await page.waitForTimeout(2500);
  expect(calls).toBe(1);

  calls = 0;
  answer = { status: 503, message: 'Serviço indisponível.' };
  await page.getByLabel('Ordenar por').selectOption({ label: 'Menor preço' });
  await expect(page.getByRole('alert')).toContainText('Serviço indisponível.', { timeout: 10_000 });
  await expect(page.getByRole('alert').getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  await expect(heading(page)).toHaveText('Busca não realizada');
  expect(calls).toBe(2);
});
