import { expect, test } from '@playwright/test';
import { adminPages, openAdminPage, staffSignIn } from './support/admin-pages.ts';

/**
 * Issue #17 item 6 at 1280 px: no table cuts a column. A table either fits in its box, or its box
 * scrolls sideways by itself (overflow-x auto/scroll) and stays within the page, so every header
 * cell can be reached; and no header's own text is clipped.
 */
test('nenhuma tabela do painel corta uma coluna a 1280 px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await staffSignIn(page);
  const cut: string[] = [];
  for (const path of await adminPages(page.request)) {
    await openAdminPage(page, path);
    const problems = await page.evaluate(() => {
      const out: string[] = [];
      const pageWidth = document.documentElement.clientWidth;
      for (const table of Array.from(document.querySelectorAll('main table'))) {
        const name = table.getAttribute('aria-label') ?? 'tabela';
        let box: HTMLElement | null = table.parentElement;
        while (box && !/(auto|scroll)/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
        const frame = (box ?? document.documentElement).getBoundingClientRect();
        if (frame.right > pageWidth + 1) out.push(`${name}: a caixa passa da página`);
        // scrollWidth counts from the inside of the box's border (clientLeft), and is rounded to a
        // whole pixel while the table's width is not: a 1 px border plus the rounding once put a last
        // column that the box does scroll to "out of reach".
        const reach = box ? frame.left + box.clientLeft - box.scrollLeft + box.scrollWidth : pageWidth;
        for (const th of Array.from(table.querySelectorAll('th'))) {
          const rect = th.getBoundingClientRect();
          const label = th.textContent?.trim() ?? '';
          if (rect.right > reach + 1.5) out.push(`${name}: "${label}" fora do alcance`);
          if (th.scrollWidth > th.clientWidth + 1) out.push(`${name}: "${label}" cortado`);
        }
      }
      return out;
    });
    cut.push(...problems.map((p) => `${path} ${p}`));
  }
  expect(cut).toEqual([]);
});

test('os filtros de cada barra do painel têm a mesma altura e rótulos do mesmo tamanho', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await staffSignIn(page);
  const uneven: string[] = [];
  for (const path of await adminPages(page.request)) {
    await openAdminPage(page, path);
    const problems = await page.evaluate(() => {
      const out: string[] = [];
      for (const bar of Array.from(document.querySelectorAll('[data-toolbar]'))) {
        // The labelled filters (the search box's label is for screen readers only).
        const labels = Array.from(bar.querySelectorAll('label')).filter(
          (label) => !label.classList.contains('sr-only') && label.htmlFor,
        );
        const controls = labels.map((label) => document.getElementById(label.htmlFor)).filter(Boolean);
        const heights = new Set(controls.map((c) => Math.round(c!.getBoundingClientRect().height)));
        const sizes = new Set(labels.map((label) => getComputedStyle(label).fontSize));
        if (heights.size > 1) out.push(`alturas ${[...heights].join(' ≠ ')}`);
        if (sizes.size > 1) out.push(`rótulos ${[...sizes].join(' ≠ ')}`);
      }
      return out;
    });
    uneven.push(...problems.map((p) => `${path}: ${p}`));
  }
  expect(uneven).toEqual([]);
});

test('na trilha de auditoria, "Antes → depois" cabe numa linha a 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await staffSignIn(page);
  await openAdminPage(page, '/admin/logs');
  const header = page.getByRole('columnheader', { name: 'Antes → depois' });
  const { height, line } = await header.evaluate((th) => ({
    height: th.getBoundingClientRect().height - parseFloat(getComputedStyle(th).paddingTop) * 2,
    line: parseFloat(getComputedStyle(th).lineHeight),
  }));
  expect(height).toBeLessThan(line * 1.5);
});
