import { expect, test } from '@playwright/test';

test('o app servido pela API abre em português e a API responde', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
});

test('um caminho desconhecido responde 404 com o app', async ({ request }) => {
  const response = await request.get('/caminho-que-nao-existe');
  expect(response.status()).toBe(404);
  // The app's not-found page, rendered by the server (docs/decisions/032-react-in-production.md).
  const html = await response.text();
  expect(html).toContain('<div id="root">');
  expect(html).toContain('Oops! Page not found');
});
