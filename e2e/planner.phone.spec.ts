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

test('/planejar num telefone: a data de início aparece inteira, na sua própria linha', async ({ page }) => {
  await page.goto('/planejar');
  const start = page.getByLabel('Início');
  await expect(start).toBeVisible();
  await expect(start).not.toHaveValue('');
  // Three fields side by side left the date 88 px wide: "11/2…" with the calendar icon over the rest.
  // A date with its icon needs about 150 px at this font size.
  const box = (await start.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(150);
  const weeks = (await page.getByLabel('Semanas').boundingBox())!;
  const radius = (await page.getByLabel('Raio').boundingBox())!;
  expect(weeks.y).toBeGreaterThan(box.y);
  expect(Math.round(radius.y)).toBe(Math.round(weeks.y));
});
