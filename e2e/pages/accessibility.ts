import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

/**
 * Axe and a full-page screenshot in both themes, at a desktop's width and a phone's (1440 and 390
 * px); the page is left at the desktop's width in its light theme.
 */
export async function checkBothThemes(page: Page, name: string, outputPath: (file: string) => string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((choice) => {
        document.documentElement.classList.remove('light', 'dark');
        document.documentElement.classList.add(choice);
      }, theme);
      await page.screenshot({ path: outputPath(`${name}-${width}-${theme}.png`), fullPage: true });
      await expectNoViolations(page, `${name} ${width} ${theme}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => {
    document.documentElement.classList.remove('dark');
    document.documentElement.classList.add('light');
  });
}
