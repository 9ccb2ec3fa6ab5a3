/**
 * What a walk through Urbana on a desktop (1280 × 900) found looking broken although it worked: on a
 * result card whose neighbourhood wraps, the distance stood apart as a column of its own, split
 * over two lines ("· 4" / "km").
 */
import { expect, test } from '@playwright/test';

test('cartões da busca: a distância segue o endereço e nunca se parte em duas linhas', async ({ page }) => {
  await page.goto('/buscar-locais');
  const results = page.getByRole('list', { name: 'Resultados' });
  await expect(results.getByRole('listitem').first()).toBeVisible();
  await expect(results.locator('p', { hasText: / km$/ }).first()).toBeVisible();
  // Each card's "· N km": the element that holds just it, whether it takes one line, and whether it sits in the address.
  const seen = await results.locator('p', { hasText: / km$/ }).evaluateAll((paragraphs) =>
    paragraphs.map((p) => {
      const el = [...p.querySelectorAll('*')].find((e) => /^· [\d.]+ km$/.test(e.textContent!.trim()))!;
      return {
        oneLine: el.getBoundingClientRect().height <= parseFloat(getComputedStyle(el).lineHeight) + 1,
        inLocation: el.closest('[data-testid="card-location"]') !== null,
      };
    }),
  );
  expect(seen.length).toBeGreaterThan(3);
  for (const d of seen) expect(d).toEqual({ oneLine: true, inLocation: true });
});
