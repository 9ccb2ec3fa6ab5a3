import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { knowledgeArticles, productTypes } from '@urbana/shared';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedCatalog } from '../apps/api/src/services/demo-catalog.ts';
import { LocalStorage } from '../apps/api/src/services/storage.ts';
import { readPdf } from '../test-setup/pdf-text.ts';

/** pt-BR thousands, as the page prints them. */
const br = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * The server under test seeds the demo catalogue at its first start (deterministic, from a fixed
 * seed). The test builds the same catalogue in a database of its own and counts there with SQL,
 * independently of the media kit's code.
 */
async function countsFromDatabase() {
  const files = mkdtempSync(path.join(os.tmpdir(), 'urbana-kit-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    await seedCatalog(database.db, new LocalStorage(files));
    // Plain SQL text (the type names are the catalogue's own constants).
    const one = async (query: string) =>
      Number(Object.values((await database.db.execute(query)).rows[0] as object)[0]);
    const perType = async (type: string) => ({
      locations: await one(`select count(*) from products where status = 'ativo' and type = '${type}'`),
      screens: await one(
        `select coalesce(sum(t.screens), 0) from towers t join products p on p.id = t.product_id where p.status = 'ativo' and p.type = '${type}'`,
      ),
    });
    return {
      locations: await one(`select count(*) from products where status = 'ativo'`),
      cities: await one(
        `select count(*) from (select distinct city, state from products where status = 'ativo') c`,
      ),
      states: await one(`select count(distinct state) from products where status = 'ativo'`),
      screens: await one(
        `select sum(t.screens) from towers t join products p on p.id = t.product_id where p.status = 'ativo'`,
      ),
      weekly_audience: await one(`select sum(weekly_audience) from products where status = 'ativo'`),
      byType: Object.fromEntries(await Promise.all(productTypes.map(async (t) => [t, await perType(t)]))),
      sp: {
        locations: await one(`select count(*) from products where status = 'ativo' and state = 'SP'`),
        cities: await one(
          `select count(distinct city) from products where status = 'ativo' and state = 'SP'`,
        ),
      },
    };
  } finally {
    await database.close();
    rmSync(files, { recursive: true, force: true });
  }
}

test('central de conhecimento: a busca sem acento acha o artigo, que abre na sua página', async ({
  page,
}) => {
  await page.goto('/central');
  await expect(page).toHaveTitle('Central de conhecimento | Urbana');
  await expect(page.getByRole('heading', { level: 1, name: 'Central de conhecimento' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pagamento e faturas' })).toBeVisible();

  const search = page.getByRole('search', { name: 'Buscar na central' });
  await search.getByRole('searchbox', { name: 'Buscar artigos' }).fill('comprovacao');
  await search.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/\/central\?q=comprovacao$/);
  const results = page.getByRole('list', { name: 'Resultados da busca' });
  await expect(results.getByRole('link').first()).toContainText('Comprovação de veiculação');
  await expect(page.getByText(/artigos? encontrados? para “comprovacao”/)).toBeVisible();

  await results.getByRole('link', { name: /Comprovação de veiculação/ }).click();
  await expect(page).toHaveURL(`/central/${knowledgeArticles.comprovacaoVeiculacao}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Comprovação de veiculação' })).toBeVisible();
  await expect(page).toHaveTitle('Comprovação de veiculação | Urbana');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /fotos que comprovam/);
  // Markdown rendered as elements: sections, lists and links into the app.
  await expect(page.getByRole('heading', { level: 2, name: 'Fotos de comprovação' })).toBeVisible();
  await page.getByRole('link', { name: 'Suporte', exact: true }).first().click();
  await expect(page).toHaveURL('/suporte');

  // A word that no article has: the empty state offers the way out.
  await page.goto('/central?q=xyzzy');
  await expect(page.getByText('Não encontramos um artigo sobre isso.')).toBeVisible();
  await page.getByRole('button', { name: 'Ver todos os artigos' }).click();
  await expect(page.getByRole('heading', { name: 'Criativos e análise' })).toBeVisible();

  // Categories filter, and an unknown article is a not-found page with status 404.
  await page.getByRole('button', { name: 'Criativos e análise' }).click();
  await expect(page.getByRole('list', { name: 'Resultados da busca' }).getByRole('listitem')).toHaveCount(2);
  const missing = await page.goto('/central/artigo-que-nao-existe');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Artigo não encontrado' })).toBeVisible();
});

test('mídia kit: os números são os do banco, e o PDF baixa e abre com os mesmos números', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const db = await countsFromDatabase();
  expect(db.locations).toBeGreaterThan(100);

  await page.goto('/midia-kit');
  await expect(page).toHaveTitle('Mídia kit | Urbana');
  await expect(page.getByTestId('numero-locais')).toHaveText(br(db.locations));
  await expect(page.getByTestId('numero-cidades')).toHaveText(br(db.cities));
  await expect(page.getByTestId('numero-estados')).toHaveText(br(db.states));
  await expect(page.getByTestId('numero-telas')).toHaveText(br(db.screens));
  await expect(page.getByTestId('numero-audiencia')).toHaveText(br(db.weekly_audience));
  for (const type of productTypes) {
    const row = page.getByTestId(`tipo-${type}`).getByRole('cell');
    await expect(row.nth(0)).toHaveText(br(db.byType[type]!.locations));
    await expect(row.nth(1)).toHaveText(br(db.byType[type]!.screens));
  }
  const sp = page.getByTestId('estado-SP').getByRole('cell');
  await expect(sp.nth(0)).toHaveText(br(db.sp.locations));
  await expect(sp.nth(1)).toHaveText(br(db.sp.cities));

  // The map (Leaflet, loaded with this page only) shows the network.
  const map = page.getByRole('region', { name: 'Mapa dos locais da rede' });
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.urbana-cluster, .urbana-pin').first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Baixar mídia kit' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('midia-kit-urbana.pdf');
  const pdf = readPdf(readFileSync((await download.path())!));
  expect(pdf.pages).toBeGreaterThanOrEqual(1);
  const lines = pdf.text.split('\n');
  const valueOf = (label: string) => lines[lines.indexOf(label) - 1];
  expect(valueOf('Locais')).toBe(br(db.locations));
  expect(valueOf('Cidades')).toBe(br(db.cities));
  expect(valueOf('Estados')).toBe(br(db.states));
  expect(valueOf('Telas e faces')).toBe(br(db.screens));
  expect(pdf.text).toContain(br(db.weekly_audience));
  expect(pdf.text).toContain('São Paulo (SP)');
});

test('páginas públicas: cabeçalho do servidor, robots.txt, sitemap e manifesto', async ({
  page,
  request,
}) => {
  const search = await (await request.get('/api/search?local=Brasília&tipo=painel_led&por_pagina=1')).json();
  const slug: string = search.items[0].slug;
  const html = await (await request.get(`/locais/${slug}`)).text();
  const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
  expect(jsonLd).toMatchObject({
    '@type': 'Product',
    name: search.items[0].name,
    offers: { priceCurrency: 'BRL' },
  });

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/locais/${slug}</loc>`);
  expect(sitemap).toContain(`/central/${knowledgeArticles.pagamentoPix}</loc>`);
  expect(await (await request.get('/robots.txt')).text()).toContain('/sitemap.xml');
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  for (const icon of manifest.icons)
    expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');

  // The product's photo is asked for with the HTML.
  expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="\/api\/arquivos\//);

  // On navigation inside the app the head follows the page.
  await page.goto('/midia-kit');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Central de conhecimento' }).click();
  await expect(page).toHaveTitle('Central de conhecimento | Urbana');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /pagamento por Pix/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/central$/);
});
