import { expect, test } from '@playwright/test';

// The e2e server runs with a map cap of 100 markers (SEARCH_MAP_MARKERS in playwright.config.ts)
// over the demo catalogue's 152 places, so a whole-country view is past the cap, as a state or a
// country is at 1M products (docs/decisions/045-map-clusters-from-the-server.md).
test('o mapa do país mostra os grupos contados pelo servidor e um clique aproxima', async ({ page }) => {
  const answers: Array<{
    zoom: number;
    total: number;
    clusters: Array<{ count: number }>;
    items: unknown[];
  }> = [];
  let pending = 0;
  page.on('request', (req) => {
    if (req.url().includes('/api/search/mapa')) pending += 1;
  });
  page.on('requestfailed', (req) => {
    if (req.url().includes('/api/search/mapa')) pending -= 1;
  });
  page.on('response', async (res) => {
    if (!res.url().includes('/api/search/mapa')) return;
    pending -= 1;
    if (!res.ok()) return;
    answers.push({ zoom: Number(new URL(res.url()).searchParams.get('zoom') ?? 0), ...(await res.json()) });
  });
  await page.goto('/buscar-locais?norte=5&sul=-33&leste=-34&oeste=-74');
  const map = page.getByRole('region', { name: 'Mapa dos resultados' });
  const bubble = map.locator('.urbana-cluster[data-cluster]').first();
  await expect(bubble).toBeVisible();
  // Every bubble's number is a count the server sent, and they add up to the whole catalogue. The
  // search's first answer covers its whole area; the map, once it has framed those groups, asks again
  // for its own view and zoom (and the bubbles change). Compare once that answer is in and none is on
  // the way, or the bubble picked below may be gone before the click.
  let shown: number[] = [];
  await expect(async () => {
    const grouped = answers.filter((a) => a.clusters.length > 0).at(-1);
    expect(grouped).toBeDefined();
    expect(grouped!.zoom).toBeGreaterThan(0);
    expect(pending).toBe(0);
    expect(grouped!.total).toBeGreaterThan(100);
    expect(grouped!.items).toEqual([]);
    shown = await map
      .locator('.urbana-cluster[data-cluster]')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-cluster'))));
    expect(shown.sort((a, b) => b - a)).toEqual(grouped!.clusters.map((c) => c.count).sort((a, b) => b - a));
  }).toPass({ timeout: 10_000 });
  expect(await page.locator('[data-pin]').count()).toBe(0);

  // The biggest group: a click zooms into its box, and the map asks the server for that view.
  const biggest = Math.max(...shown);
  const before = answers.length;
  await map.locator(`.urbana-cluster[data-cluster="${biggest}"]`).first().click();
  const zoomBefore = Math.max(...answers.slice(0, before).map((a) => a.zoom));
  await expect
    .poll(() => Math.max(...answers.slice(before).map((a) => a.zoom), 0))
    .toBeGreaterThan(zoomBefore);
  // Zoomed in, the places of the group are fewer than the cap: price markers (or the browser's own
  // small bubbles of markers that overlap).
  await expect(page.locator('[data-pin], .urbana-cluster:not([data-cluster])').first()).toBeVisible();
});
