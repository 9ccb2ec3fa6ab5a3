import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays, appRoutePatterns, buildPath, knowledgeArticles, paths } from '@urbana/shared';
import { STAFF } from './support/fixtures.ts';
import { createCustomer, signInWithForm } from './support/users.ts';
import { personBilling } from './support/orders.ts';

/** WCAG 2.1 AA checks (axe-core); no violation is allowed on any page. */
async function audit(page: Page, where: string) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Leaflet's own tile and marker markup is third-party; the map region itself is labelled.
    .exclude('.leaflet-pane')
    .analyze();
  const summary = result.violations.map(
    (v) => `${where} → ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await audit(page, url);
}

type Audience = 'visitante' | 'cliente' | 'admin';

/** Who sees each page: the user area and the order pages need a customer, the admin area staff. */
function audienceOf(pattern: string): Audience {
  if (pattern === paths.admin.login) return 'visitante';
  if (pattern.startsWith('/admin')) return 'admin';
  if (
    pattern.startsWith('/usuario/') ||
    pattern === paths.checkout ||
    pattern === paths.confirmacaoPedido ||
    pattern === paths.pedido
  ) {
    return 'cliente';
  }
  return 'visitante';
}

const byAudience = (audience: Audience) => appRoutePatterns.filter((p) => audienceOf(p) === audience);

test('a tabela cobre todas as rotas do app', () => {
  const covered = [...byAudience('visitante'), ...byAudience('cliente'), ...byAudience('admin')];
  expect(covered.sort()).toEqual([...appRoutePatterns].sort());
  expect(appRoutePatterns.length).toBeGreaterThan(30);
});

test('páginas públicas, o diálogo de entrada e uma página inexistente', async ({ page, request }) => {
  // One page more each time a public route is added (the shared plan, issue #23): ~25 audits.
  test.setTimeout(180_000);
  const search = await (await request.get('/api/search?local=Brasília&tipo=torre&por_pagina=1')).json();
  const slug: string = search.items[0].slug;
  for (const pattern of byAudience('visitante')) {
    // /proposta/:id opened by a visitor: the sign-in it asks for is audited.
    await visit(
      page,
      buildPath(pattern, {
        slug,
        artigo: knowledgeArticles.pagamentoPix,
        id: '00000000-0000-4000-8000-000000000000',
        // A link that does not exist (or was revoked): its 404 page is audited.
        token: 'x'.repeat(32),
      }),
    );
  }
  await visit(page, '/auth?modo=cadastro');
  await visit(page, '/nao-existe');

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('dialog', { name: 'Entrar na Urbana' })).toBeVisible();
  await audit(page, 'diálogo de entrada');
});

test('área do usuário, checkout e páginas do pedido', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createCustomer(page.request);
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);

  // A real order of this customer for the order pages.
  const api = page.request;
  const search = await (await api.get('/api/search?local=Brasília&tipo=outdoor&por_pagina=1')).json();
  const product = await (await api.get(`/api/products/${search.items[0].slug}`)).json();
  const billing = await api.put('/api/billing-profile', {
    data: personBilling('Cliente E2E'),
  });
  expect(billing.status()).toBe(200);
  const placed = await api.post('/api/orders', {
    headers: { 'idempotency-key': `a11y-${Date.now()}` },
    data: {
      items: [
        {
          product_id: product.id,
          // Far ahead, so that this booking never takes a week another test wants.
          start_date: addDays(product.period.start, 7 * 40),
          weeks: 1,
          tower_ids: product.towers.slice(0, 1).map((t: { id: string }) => t.id),
        },
      ],
      payment_method: 'pix',
    },
  });
  expect(placed.status()).toBe(201);
  const orderId: string = (await placed.json()).id;

  for (const pattern of byAudience('cliente')) {
    const url =
      pattern === paths.confirmacaoPedido
        ? `${pattern}?orderId=${orderId}`
        : buildPath(pattern, { orderId, id: '00000000-0000-4000-8000-000000000000' });
    await visit(page, url);
  }
  // A real plan of this customer, and its shared page (issue #23 item 3).
  const plan = await api.post('/api/planos', {
    data: {
      name: 'Plano acessível',
      lines: [
        { productId: product.id, towerIds: [], startDate: addDays(product.period.start, 7 * 41), weeks: 1 },
      ],
    },
  });
  expect(plan.status()).toBe(201);
  const planId: string = (await plan.json()).id;
  const token: string = (await (await api.post(`/api/planos/${planId}/compartilhar`)).json()).share_token;
  await visit(page, buildPath(paths.usuario.plano, { id: planId }));
  await visit(page, buildPath(paths.planoCompartilhado, { token }));

  await page.goto(paths.home);
  // The header arrives server-rendered: until React has hydrated it the button is aria-disabled, so
  // the click waits for it (the CI failure of this line was a click into that moment).
  await page.getByRole('button', { name: /Menu da conta/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await audit(page, 'menu da conta');

  // The bell's menu, with the order's notification in it.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Notificações \(/ }).click();
  await expect(page.getByRole('menu', { name: /^Notificações/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Recebemos o pedido/ })).toBeVisible();
  await audit(page, 'notificações no sino');
});

test('área administrativa', async ({ page }) => {
  // Axe on every admin page (17 and two record pages): about a minute on a quiet machine, more while
  // the API suites share the two cores.
  test.setTimeout(240_000);
  await page.goto(paths.admin.login);
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('Email').fill(STAFF.admin);
  await form.getByLabel('Senha').fill(STAFF.password);
  await form.getByRole('button', { name: 'Entrar no painel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // Pages of one record (a product's form) open a real one.
  const search = await (await page.request.get('/api/search?local=Brasília&tipo=torre&por_pagina=1')).json();
  for (const pattern of byAudience('admin')) {
    await visit(page, buildPath(pattern, { id: search.items[0].id }));
  }
});
