// `pnpm bench -- --tabs N` (default 8), under tsx (bench.mjs starts it): the browser console itself.
// Starts the production build on a throw-away embedded database, signs the demo ADMIN in in one
// Chromium and opens N tabs on the approvals list of 20 new PENDING approvals (--decisions D), then
// the demo USER decides them through the API over 10 s (--window S), approving and rejecting in turn.
// Prints, per tab, the time from the last decision's answer until the tab shows every final status
// (p50 and max), and what the tabs asked for after their first load: list reads answered in full
// (200) or from the tab's copy (304), the same for the stat cards, other routes, and the events
// each tab's stream received. It prints figures; it never fails on a timing.
//
// The approvals, the decisions and the request counts are the e2e test's own (e2e/pages/live-tabs.ts,
// imported as TypeScript, hence tsx), so the test and this measurement do the same thing.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../build/frontends.mjs';
import { serveTemp } from './serve-temp.mjs';
import { ApiClient } from '../../e2e/pages/api-client.ts';
import { ApprovalFactory, short } from '../../e2e/pages/approvals-page.ts';
import {
  createWatchedApprovals,
  decideOverWindow,
  mixedDecisions,
  TabRequestCounter,
} from '../../e2e/pages/live-tabs.ts';
import { liveEventsSeen, tapLiveStream } from '../../e2e/pages/live-stream.ts';
import { DEMO, signInFresh } from '../../e2e/pages/sign-in-page.ts';

const require = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const { chromium, request: playwrightRequest } = require('@playwright/test');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of at least 1`);
    process.exit(1);
  }
  return value;
};
const TABS = option('tabs', 8);
const DECISIONS = option('decisions', 20);
const WINDOW_S = option('window', 10);
/** How long a tab may take to show everything before it is reported as never having done so. */
const WAIT_MS = 60_000;

/**
 * Notes in the page (window.allShownAt, the page's Date.now()) when every row of `expected` shows
 * its status, checking every 20 ms: the page's own clock, so the time it shows is not the time a
 * remote protocol round trip takes to read it.
 */
function watchFinalStatuses(page, expected) {
  return page.evaluate((rows) => {
    const done = () =>
      rows.every(({ label, shows }) => {
        const link = document.querySelector(`a[aria-label="${label}"]`);
        return !!link?.closest('tr')?.textContent?.includes(shows);
      });
    const timer = setInterval(() => {
      if (!done()) return;
      Object.assign(window, { allShownAt: Date.now() });
      clearInterval(timer);
    }, 20);
  }, expected);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const server = await serveTemp();
const request = await playwrightRequest.newContext({ baseURL: server.url });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
});
try {
  const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
  const decider = await ApiClient.signIn(request, DEMO.user);
  const vendor = `BenchTabs${Date.now().toString(36)}`;
  const approvals = await createWatchedApprovals(factory, vendor, DECISIONS);
  const decisions = mixedDecisions(approvals);

  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const tabs = [];
  for (let index = 0; index < TABS; index += 1) {
    const page = await context.newPage();
    await tapLiveStream(page);
    const counter = new TabRequestCounter(page);
    if (index === 0) await signInFresh(page, DEMO.admin);
    await page.goto(`/approvals?search=${vendor}&limit=${DECISIONS <= 25 ? 25 : 100}`);
    tabs.push({ page, counter });
  }
  console.info(`${TABS} tabs of one Chromium, ${DECISIONS} decisions over ${WINDOW_S} s, ${server.url}`);
  for (const [index, { page }] of tabs.entries()) {
    const loaded = page
      .getByRole('table')
      .locator('tbody tr')
      .nth(DECISIONS - 1);
    await loaded.waitFor({ timeout: WAIT_MS });
    await page.getByTestId('live-indicator').getByText('Updates: Live').waitFor({ timeout: WAIT_MS });
    const visibility = await page.evaluate(() => document.visibilityState);
    if (visibility !== 'visible')
      console.info(`  tab ${index + 1} is ${visibility} (its timers are throttled)`);
  }
  const expected = decisions.map(({ approval, shows }) => ({ label: `Approval ${short(approval)}`, shows }));
  const eventsBefore = [];
  for (const { page, counter } of tabs) {
    await watchFinalStatuses(page, expected);
    eventsBefore.push((await liveEventsSeen(page)).length);
    counter.reset();
  }

  const firstAsked = Date.now();
  const lastAnswer = await decideOverWindow(decider, decisions, WINDOW_S * 1000);
  const decided = Date.now();
  const shownAfter = [];
  for (const { page } of tabs) {
    const at = await page
      .waitForFunction(() => window.allShownAt, undefined, {
        timeout: Math.max(1, decided + WAIT_MS - Date.now()),
      })
      .then((handle) => handle.jsonValue())
      .catch(() => null);
    shownAfter.push(at === null ? null : at - lastAnswer);
  }
  // Whatever re-reads the last events scheduled (the fold's interval and jitter) has happened.
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  console.info(
    `\n${'tab'.padEnd(4)} ${'shown after'.padStart(12)} ${'list 200'.padStart(9)} ${'list 304'.padStart(9)} ${'stats 200'.padStart(10)} ${'stats 304'.padStart(10)} ${'other'.padStart(6)} ${'failed'.padStart(7)} ${'events'.padStart(7)}`,
  );
  const totals = { list200: 0, list304: 0, stats200: 0, stats304: 0, other: {}, failed: 0, events: 0 };
  for (const [index, { page, counter }] of tabs.entries()) {
    const counts = counter.counts();
    const events = (await liveEventsSeen(page)).length - eventsBefore[index];
    const other = Object.values(counts.other).reduce((sum, n) => sum + n, 0);
    for (const key of ['list200', 'list304', 'stats200', 'stats304', 'failed']) totals[key] += counts[key];
    for (const [route, n] of Object.entries(counts.other))
      totals.other[route] = (totals.other[route] ?? 0) + n;
    totals.events += events;
    const shown = shownAfter[index];
    console.info(
      `${String(index + 1).padEnd(4)} ${(shown === null ? 'never' : `${shown} ms`).padStart(12)} ${String(counts.list200).padStart(9)} ${String(counts.list304).padStart(9)} ${String(counts.stats200).padStart(10)} ${String(counts.stats304).padStart(10)} ${String(other).padStart(6)} ${String(counts.failed).padStart(7)} ${String(events).padStart(7)}`,
    );
  }
  const times = shownAfter.filter((value) => value !== null);
  const never = shownAfter.length - times.length;
  console.info(
    `\nfinal statuses on screen after the last decision's answer: p50 ${times.length ? percentile(times, 50) : '—'} ms, max ${times.length ? Math.max(...times) : '—'} ms${never ? `; ${never} tab(s) not within ${WAIT_MS / 1000} s` : ''}`,
  );
  console.info(
    `requests of all ${TABS} tabs after their first load: list ${totals.list200} full + ${totals.list304} 304; stat cards ${totals.stats200} full + ${totals.stats304} 304; ${totals.failed} failed; events received ${totals.events}`,
  );
  for (const [route, n] of Object.entries(totals.other).sort((a, b) => b[1] - a[1])) {
    console.info(`  other: ${route} ${n}`);
  }
  console.info(
    `the ${DECISIONS} decisions took ${((lastAnswer - firstAsked) / 1000).toFixed(1)} s, first asked to last answered`,
  );
  await context.close();
} finally {
  await browser.close();
  await request.dispose();
  await server.stop();
}
