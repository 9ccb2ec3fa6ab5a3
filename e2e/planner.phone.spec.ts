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
