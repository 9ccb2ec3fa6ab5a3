import { expect, test, type Page } from '@playwright/test';
import { cartItem, productIds } from './support/fixtures.ts';

/**
 * The public pages arrive as HTML and are hydrated by React 19 without asking for their data again
 * (docs/decisions/032-react-in-production.md).
 */
interface Featured {
  items: Array<{ slug: string; name: string; daily_price: number }>;
}

const money = (centavos: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(centavos / 100);

test.describe('sem JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a página inicial mostra os números da rede e os locais em destaque', async ({ page, request }) => {
    const featured = (await (await request.get('/api/products/featured')).json()) as Featured;
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const figures = page.getByRole('region', { name: 'A rede em números' });
    for (const label of ['Locais', 'Cidades', 'Telas e faces', 'Impactos por semana']) {
      const value = figures
        .getByRole('definition')
        .nth(['Locais', 'Cidades', 'Telas e faces', 'Impactos por semana'].indexOf(label));
      await expect(value).toHaveText(/\d/);
    }
    const highlights = page.getByRole('region', { name: 'Destaques da rede' });
    await expect(highlights.getByRole('heading', { name: featured.items[0]!.name })).toBeVisible();
  });

  test('a página de um local mostra nome, preço, foto e descrição', async ({ page, request }) => {
    const featured = (await (await request.get('/api/products/featured')).json()) as Featured;
    const product = featured.items[0]!;
    const detail = (await (await request.get(`/api/products/${product.slug}`)).json()) as {
      description: string;
      photos: Array<{ url: string }>;
    };
    await page.goto(`/locais/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Reservar' })).toContainText(
      money(product.daily_price),
    );
    await expect(page.getByRole('region', { name: 'Fotos' }).getByRole('img').first()).toHaveAttribute(
      'src',
      detail.photos[0]!.url,
    );
    await expect(page.getByText(detail.description)).toBeVisible();
  });

  test('a busca por cidade mostra os primeiros resultados', async ({ page, request }) => {
    const search = (await (await request.get('/api/search?local=Bras%C3%ADlia&por_pagina=12')).json()) as {
      total: number;
      items: Array<{ name: string }>;
    };
    expect(search.items.length).toBeGreaterThan(0);
    await page.goto('/buscar-locais?local=Bras%C3%ADlia');
    await expect(page.getByRole('heading', { name: /\d+ locais encontrados/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: search.items[0]!.name })).toBeVisible();
    // The first row's photos are the page's largest paint: fetched at once and first, the rest lazily
    // (docs/decisions/041-page-budgets.md).
    const photos = page.getByRole('list', { name: 'Resultados' }).locator('img');
    await expect(photos.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(photos.first()).toHaveAttribute('loading', 'eager');
    await expect(photos.nth(2)).toHaveAttribute('loading', 'lazy');
    // The first photo is asked with the document, in its <head> (docs/decisions/047-search-page-lcp.md);
    // the page's scripts only after its first paint (docs/decisions/061-scripts-after-the-first-paint.md).
    const firstPhoto = await photos.first().getAttribute('src');
    const html = await (await request.get('/buscar-locais?local=Bras%C3%ADlia')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<link rel="preload" as="image" href="${firstPhoto}"`);
    expect(head).not.toMatch(/<script|modulepreload/);
  });
});

/** Every console message of the visit, and the API reads the browser made. */
function watch(page: Page) {
  const messages: string[] = [];
  const reads: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/arquivos/')) {
      reads.push(`${url.pathname}${url.search}`);
    }
  });
  return { messages, reads };
}

const publicPages = [
  '/',
  '/buscar-locais?local=Bras%C3%ADlia',
  '/central',
  '/midia-kit',
  '/guia-criacao',
  '/especificacoes-criacao',
  '/suporte',
];

test('as páginas públicas hidratam sem aviso no console e sem pedir os dados de novo', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const featured = (await (await request.get('/api/products/featured')).json()) as Featured;
  const articles = await (await request.get('/central')).text();
  const article = /href="(\/central\/[A-Za-z0-9_-]+)"/.exec(articles)?.[1];
  expect(article).toBeTruthy();
  for (const url of [...publicPages, `/locais/${featured.items[0]!.slug}`, article!]) {
    const seen = watch(page);
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    // The HTML already has the page's heading, before any script.
    expect(await response!.text(), url).toMatch(/<div id="root">[\s\S]*<h1[\s\S]*<\/main>/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const problems = seen.messages.filter((m) => /hydrat|did not match|server rendered|pageerror/i.test(m));
    expect(problems, url).toEqual([]);
    // Its scripts were asked only after the page was painted (docs/decisions/061): none shared the
    // link with the stylesheet and the photo of the first paint.
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime),
    }));
    expect(timing.scripts.length, url).toBeGreaterThan(0);
    expect(Math.min(...timing.scripts), url).toBeGreaterThanOrEqual(timing.paint);
    // Only the session (and, on the search page, its map's markers) is asked after hydration.
    expect(
      seen.reads.filter((r) => r !== '/api/auth/session' && !r.startsWith('/api/search/mapa')),
      url,
    ).toEqual([]);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
    page.removeAllListeners('request');
  }
});

test('o mapa da busca abre no enquadramento dos resultados, sem mosaicos de outra escala', async ({
  page,
}) => {
  const tiles: string[] = [];
  page.on('request', (request) => {
    if (/\/\d+\/\d+\/\d+\.png$/.test(request.url())) tiles.push(request.url());
  });
  // The map asks for its markers by zoom once it has framed the results (its first moveend).
  const framed = page.waitForResponse((r) => /\/api\/search\/mapa\?.*zoom=/.test(r.url()));
  await page.goto('/buscar-locais?local=Bras%C3%ADlia');
  const zoom = new URL((await framed).url()).searchParams.get('zoom');
  // The first view is the results' frame, set at once: every tile asked is of that zoom, none of a
  // wider view first (docs/decisions/047-search-page-lcp.md).
  expect(tiles.length).toBeGreaterThan(0);
  expect([...new Set(tiles.map((url) => url.split('/').at(-3)))]).toEqual([zoom]);
});

test('a página 404 vem do servidor com o texto do seed e o caminho no console', async ({ page }) => {
  const seen = watch(page);
  const response = await page.goto('/caminho-inexistente-ssr');
  expect(response!.status()).toBe(404);
  expect(await response!.text()).toContain('Oops! Page not found');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect.poll(() => seen.messages.some((m) => m.includes('/caminho-inexistente-ssr'))).toBe(true);
  expect(seen.messages.filter((m) => /hydrat|did not match/i.test(m))).toEqual([]);
});

test('carrinho e favoritos guardados aparecem depois da hidratação, sem aviso', async ({ page, request }) => {
  const [id] = await productIds(request, 1);
  const seen = watch(page);
  await page.goto('/');
  await page.evaluate(
    ({ item, productId }) => {
      localStorage.setItem('urbana-cart', JSON.stringify([item]));
      localStorage.setItem('urbana-favorites', JSON.stringify([productId]));
    },
    { item: cartItem(id!), productId: id! },
  );
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.getByRole('link', { name: 'Carrinho (1 item)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Favoritos (1)' })).toBeVisible();
  expect(seen.messages.filter((m) => /hydrat|did not match|pageerror/i.test(m))).toEqual([]);
});

test('até a sessão responder, a página do servidor não mostra "Entrar" (nem a quem já entrou)', async ({
  page,
}) => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/session', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Carregando...' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeHidden();
  release();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Carregando...' })).toHaveCount(0);
});

test('até a hidratação os botões da página se dizem indisponíveis; depois o primeiro clique vale', async ({
  page,
  request,
}) => {
  const featured = (await (await request.get('/api/products/featured')).json()) as Featured;
  const name = featured.items[0]!.name;
  // The page's entry script is held back: the server's HTML is on screen, React is not running yet.
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const favourite = page.getByRole('button', { name: `Favoritar ${name}` }).first();
  await expect(favourite).toBeVisible();
  // A click now would be lost: the button is announced as unavailable (the CI failures of
  // e2e/a11y.spec.ts and e2e/watches-reports.spec.ts were clicks in this moment).
  await expect(favourite).toBeDisabled();
  await expect(page.getByRole('link', { name: /^Favoritos/ })).toBeVisible();
  release();
  await expect(favourite).toBeEnabled();
  await favourite.click();
  await expect(page.getByRole('button', { name: `Remover ${name} dos favoritos` }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('link', { name: 'Favoritos (1)' })).toBeVisible();
});
