import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createCustomer, signInWithForm } from './support/users.ts';

/** WCAG 2.1 AA checks (axe-core) on the screens built so far. */
async function audit(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Leaflet's own tile and marker markup is third-party; the map region itself is labelled.
    .exclude('.leaflet-pane')
    .analyze();
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

test('páginas públicas sem violações de acessibilidade', async ({ page, request }) => {
  const search = await (await request.get('/api/search?local=Brasília&tipo=torre&por_pagina=1')).json();
  for (const path of [
    '/',
    '/auth',
    '/auth?modo=cadastro',
    '/buscar-locais',
    `/locais/${search.items[0].slug}`,
    '/carrinho',
    '/admin/login',
    '/nao-existe',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await audit(page);
  }
});

test('área do usuário sem violações de acessibilidade', async ({ page, request }) => {
  const user = await createCustomer(request);
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  for (const path of [
    '/usuario/meus-pedidos',
    '/usuario/meus-favoritos',
    '/usuario/completar-perfil',
    '/usuario/faturamento',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await audit(page);
  }
});
