import { expect, type Locator, type Page } from '@playwright/test';

/** The toasts on screen (sonner marks the hidden ones, beyond the three visible, `data-visible="false"`). */
export const visibleToasts = (page: Page) =>
  page.getByRole('region', { name: /^Notificações/ }).locator('[data-sonner-toast][data-visible="true"]');

/**
 * The header's controls that a toast lies over, by their names: for each visible link and button,
 * whether the point a click lands on (its centre) belongs to the toaster.
 */
export async function headerControlsUnderToasts(page: Page, header: Locator): Promise<string[]> {
  await expect(visibleToasts(page).first()).toBeVisible();
  // sonner slides a toast in for 400 ms: the check is on where it stays.
  await page.waitForTimeout(500);
  return header.locator('a:visible, button:visible').evaluateAll((controls) =>
    controls
      .filter((control) => {
        const box = control.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit?.closest('[data-sonner-toaster]') != null;
      })
      .map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '?'),
  );
}
