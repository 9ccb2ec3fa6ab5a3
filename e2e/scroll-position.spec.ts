import { expect, test } from '@playwright/test';

// A page opened by its address (typed, a link from an e-mail, a bookmark) starts at the top. Every
// document opened that way was kept under one key ('default') in the saved scroll positions, so it
// opened where the page before it had been left. A reload keeps its own place; Back goes back to it.

test('uma página aberta pelo endereço começa no topo, não onde a anterior ficou', async ({ page }) => {
  // Pages the browser draws (not the server): the router restores their scroll.
  await page.goto('/privacidade');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

  await page.goto('/termos');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // (the app's scripts run after the first paint: give them the time to move the page, if they would)
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // A reload of a page scrolled down keeps its place.
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);

  // Back to the privacy policy, opened by address before: the browser brings back where it was left.
  await page.goBack();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
});
