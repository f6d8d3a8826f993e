import type { Page } from '@playwright/test';

/**
 * With E2E_SCREENSHOTS=dir, a screenshot for review (not compared): a run without the variable, as
 * CI's, takes none. The full page, unless a dialog is open: it is shown over the viewport, and a full
 * page would stretch its backdrop.
 */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  // Not mid-animation (a dialog fades in).
  await animationsSettled(page);
  const fullPage = (await page.getByRole('dialog').count()) === 0;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/**
 * Waits for the page's running animations to end. Settled, not all fulfilled: an animation
 * cancelled meanwhile (an element re-rendered or removed) rejects its `finished` with an AbortError.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
  );
}
