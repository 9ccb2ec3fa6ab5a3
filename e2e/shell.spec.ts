import { expect, test } from '@playwright/test';
import { adminNavSections } from './support/admin-pages.ts';
import { STAFF } from './support/fixtures.ts';
import { createCustomer, signInWithForm } from './support/users.ts';

test('cada rota pública mostra seu título dentro do layout', async ({ page }) => {
  const titles: Array<[string, string]> = [
    ['/buscar-locais', 'Buscar locais'],
    ['/carrinho', 'Carrinho'],
    ['/suporte', 'Suporte'],
    ['/central', 'Central de conhecimento'],
    ['/midia-kit', 'Mídia kit'],
    ['/guia-criacao', 'Guia de criação'],
    ['/especificacoes-criacao', 'Especificações de criação'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | Urbana`);
    await expect(
      page
        .getByRole('navigation', { name: 'Principal' })
        .or(page.getByRole('button', { name: 'Abrir menu' })),
    ).toBeVisible();
  }
});

test('página 404 com o texto do seed e o caminho no console', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (m) => logged.push(m.text()));
  const response = await page.goto('/nao/existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect.poll(() => logged.some((l) => l.includes('/nao/existe'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('erro de renderização mostra a página de erro', async ({ page }) => {
  await page.route(/\/assets\/home-[^/]+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'export function Component() { throw new Error("falha de renderização simulada"); }',
    }),
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
});

test('redirecionamentos antigos recarregam a página no novo endereço', async ({ page, request }) => {
  const user = await createCustomer(request);
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  const cases: Array<[string, string]> = [
    ['/dashboard', '/'],
    ['/central-conhecimento', '/central'],
    ['/meus-pedidos', '/usuario/meus-pedidos'],
    ['/meus-favoritos', '/usuario/meus-favoritos'],
    ['/meus-anuncios', '/usuario/meus-anuncios'],
    ['/criar-anuncio', '/usuario/criar-anuncio'],
    ['/editar-anuncio/42', '/usuario/editar-anuncio/42'],
    ['/completar-perfil', '/usuario/completar-perfil'],
    ['/biblioteca-midias', '/usuario/biblioteca-midias'],
    ['/faturamento', '/usuario/faturamento'],
    ['/notificacoes', '/usuario/notificacoes'],
  ];
  for (const [from, to] of cases) {
    await page.goto(from);
    await expect.poll(() => new URL(page.url()).pathname).toBe(to);
    await page.waitForLoadState('load');
    // A full page load at the new address, not an in-app navigation.
    const loaded = await page.evaluate(
      () =>
        new URL((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).name).pathname,
    );
    expect(loaded).toBe(to);
  }
});

test('o carregamento inicial mostra "Carregando..." até a sessão responder', async ({ page }) => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/session', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: 'Carregando...' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test.describe('guardas das áreas', () => {
  test('área do usuário: visitante vai para /auth', async ({ page }) => {
    await page.goto('/usuario/meus-pedidos');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('área admin: visitante vai para o login do painel; cliente é recusado', async ({ page, request }) => {
    await page.goto('/admin/usuarios');
    await expect(page).toHaveURL(/\/admin\/login$/);
    const user = await createCustomer(request);
    const form = page.getByRole('form', { name: 'Entrar' });
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Senha').fill(user.password);
    await form.getByRole('button', { name: 'Entrar no painel' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'exclusiva da equipe da Urbana' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    // Signed in on the site as a cliente, the admin area refuses too.
    await signInWithForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/buscar-locais$/);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Acesso restrito' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('exclusiva da equipe da Urbana');
  });

  test('operador entra no painel, vê só as seções dele e é recusado nas de admin', async ({ page }) => {
    await page.goto('/admin/login');
    const form = page.getByRole('form', { name: 'Entrar' });
    await form.getByLabel('Email').fill(STAFF.operador);
    await form.getByLabel('Senha').fill(STAFF.password);
    await form.getByRole('button', { name: 'Entrar no painel' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const nav = page.getByRole('navigation', { name: 'Administração' });
    await expect(nav.getByRole('link', { name: 'Campanhas' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Cupons' })).toHaveCount(0);
    await page.goto('/admin/cupons');
    await expect(page.getByText('Esta seção é exclusiva de administradores.')).toBeVisible();
  });

  test('admin vê todas as seções', async ({ page }) => {
    await page.goto('/admin/login');
    const form = page.getByRole('form', { name: 'Entrar' });
    await form.getByLabel('Email').fill(STAFF.admin);
    await form.getByLabel('Senha').fill(STAFF.password);
    await form.getByRole('button', { name: 'Entrar no painel' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const nav = page.getByRole('navigation', { name: 'Administração' });
    // Every section, in the navigation's order, and nothing else.
    await expect(nav.getByRole('link')).toHaveText(adminNavSections);
    await nav.getByRole('link', { name: 'Logs de email' }).click();
    await expect(page.getByRole('heading', { name: 'Logs de email' })).toBeVisible();
  });
});

test('no celular, Esc fecha o menu e devolve o foco ao botão que o abriu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Abrir menu' });
  const menu = page.getByRole('navigation', { name: 'Menu' });
  // Opened and closed from the button itself.
  await toggle.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  // Opened again, Escape from a link inside the menu.
  await toggle.click();
  await menu.getByRole('link', { name: 'Buscar locais' }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(page).toHaveURL(/\/$/);
});
