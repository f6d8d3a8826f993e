import type { Page } from '@playwright/test';

/**
 * Keeps the page's live event stream closed (each attempt aborted; the page then shows itself
 * offline, which blocks nothing). The stream is a streaming fetch that never ends, so a test that
 * waits for the network to be idle would otherwise wait forever.
 */
export async function withoutLiveStream(page: Page): Promise<void> {
  await page.route('**/api/events', (route) => route.abort());
}
