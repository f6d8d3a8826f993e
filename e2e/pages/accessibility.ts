import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { shot } from './screenshots';

/** WCAG 2.1 A and AA: what every screen of the console is held to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page (or only what the CSS selector `include` matches) and expects no violation;
 * `label` names the screen in the failure.
 */
export async function expectNoViolations(page: Page, label = page.url(), include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${label}: ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

export const THEMES = ['light', 'dark'] as const;

/**
 * Shows the open page in `theme` without reloading it, the way the console itself follows the
 * system's setting: with no stored choice, the page's theme script answers a change of
 * prefers-color-scheme by switching the class on <html> that every colour depends on.
 */
export async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
  // Colours ease into the new theme (CSS transitions): a scan in the middle would measure contrast
  // between two themes' colours. Transitions end; endless animations (skeletons) are not waited for.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished),
    ),
  );
}

/** Axe (and, for review, a screenshot) of the open page in each theme; left in the dark one. */
export async function checkThemes(page: Page, name: string): Promise<void> {
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await shot(page, `${name}-${theme}`);
    await expectNoViolations(page, `${name} (${theme})`);
  }
}

/**
 * Axe (and, for review, a screenshot) in both themes, at a desktop's width and a phone's (1440 and
 * 390 px); the page is left at the desktop's width in its light theme.
 */
export async function checkBothThemes(page: Page, name: string): Promise<void> {
  // Four scans of a whole page, seconds each on a busy machine: their time comes on top of the
  // test's own.
  test.info().setTimeout(test.info().timeout + 30_000);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await checkThemes(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await useTheme(page, 'light');
}

/**
 * For review only: with E2E_SCREENSHOTS, the open page in both themes at 1440 and 390 px, without
 * axe (a run without the variable, as CI's, does nothing); the page is left at the desktop's width
 * in its light theme.
 */
export async function shotBothThemes(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const height = page.viewportSize()?.height ?? 900;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height });
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await shot(page, `${name}-${width}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 1440, height });
  await useTheme(page, 'light');
}
