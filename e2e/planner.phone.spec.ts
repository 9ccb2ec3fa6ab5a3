import { expect, test } from '@playwright/test';

test('/planejar num telefone: o plano cabe na largura, sem rolagem lateral', async ({ page }) => {
  await page.goto(
    '/planejar?orcamento=15000&local=Bras%C3%ADlia%2C%20Distrito%20Federal%2C%20Brasil&semanas=2',
  );
  await expect(page.getByTestId('plano-faces').getByRole('listitem').first()).toBeVisible();
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(width.scroll).toBeLessThanOrEqual(width.view);
});

test('/planejar num telefone: os valores do resumo não se partem no meio do número', async ({ page }) => {
  await page.goto(
    '/planejar?orcamento=150000&local=Bras%C3%ADlia%2C%20Distrito%20Federal%2C%20Brasil&semanas=12',
  );
  const total = page.getByTestId('plano-total');
  await expect(total).toHaveText(/^R\$\s[\d.]+,\d{2}$/);
  const { height, line } = await total.evaluate((dd) => ({
    height: dd.getBoundingClientRect().height,
    line: parseFloat(getComputedStyle(dd).lineHeight),
  }));
  expect(height).toBeLessThan(line * 1.5);
});
