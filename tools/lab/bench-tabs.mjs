// `pnpm bench -- --tabs N` (default 8), under tsx (bench.mjs starts it): the browser console itself.
// Starts the production build on a throw-away embedded database and signs the demo ADMIN in in
// Chromium. Then twice, each time on the approvals list of D new PENDING approvals (--decisions D,
// default 20) that the demo USER decides through the API over S seconds (--window S, default 10),
// approving and rejecting in turn: first N tabs of one browser (one person's tabs), then N tabs each
// in a browser context of its own (N people; --separate-only skips the first, --one-browser-only the
// second). Prints, per tab, the time from the last decision's answer until the tab shows every final
// status (p50 and max), and what the tabs asked for after their first load: list reads answered in
// full (200) or from the tab's copy (304), the same for the stat cards, other routes, requests still
// unanswered, and the decisions each tab wrote to a row in place as their events arrived (patches). It
// prints figures; it never fails on a timing.
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
  addTabRequestCounts,
  createWatchedApprovals,
  decideOverWindow,
  emptyTabRequestCounts,
  lastLivePatchAt,
  livePatches,
  mixedDecisions,
  TabRequestCounter,
} from '../../e2e/pages/live-tabs.ts';
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
/** How long a tab may take to load, and to show everything after the decisions. */
const LOAD_MS = 20_000;
const SHOW_MS = 30_000;

/**
 * Notes in the page (window.allShownAt, the page's Date.now()) when every row of `expected` shows
 * its status: checked on every change of the page's DOM (a MutationObserver, which a tab in the
 * background runs as promptly as one in front, unlike a timer, which Chromium slows to once a
 * second there). The page's own clock, so the time it shows is not a protocol round trip's.
 */
function watchFinalStatuses(page, expected) {
  return page.evaluate((rows) => {
    const done = () =>
      rows.every(({ label, shows }) => {
        const link = document.querySelector(`a[aria-label="${label}"]`);
        return !!link?.closest('tr')?.textContent?.includes(shows);
      });
    // When each row first showed its final status, to name the last one (BENCH_TABS_ROWS=1).
    const rowShownAt = {};
    Object.assign(window, { rowShownAt });
    const observer = new MutationObserver(() => {
      for (const { label, shows } of rows) {
        if (rowShownAt[label]) continue;
        const link = document.querySelector(`a[aria-label="${label}"]`);
        if (link?.closest('tr')?.textContent?.includes(shows)) rowShownAt[label] = Date.now();
      }
      if (!done()) return;
      Object.assign(window, { allShownAt: Date.now() });
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, expected);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
/**
 * The promise's value, or null when it fails or takes longer than `ms`: a tab whose navigation
 * never started (no connection left) may not answer at all.
 */
const settle = (promise, ms = 5_000) =>
  Promise.race([
    promise.then(
      (value) => value,
      () => null,
    ),
    new Promise((resolve) => setTimeout(() => resolve(null), ms)),
  ]);

/** Opens a tab on the list of `vendor`'s approvals: the tab and its counter; `loaded` false when it did not load. */
async function openTab(context, vendor) {
  const page = await context.newPage();
  const counter = new TabRequestCounter(page);
  const rows = page.getByRole('table').locator('tbody tr');
  const loaded = await settle(
    (async () => {
      await page.goto(`/approvals?search=${vendor}&limit=${DECISIONS <= 25 ? 25 : 100}`, {
        timeout: LOAD_MS,
      });
      await rows.nth(DECISIONS - 1).waitFor({ timeout: LOAD_MS });
      await page.getByTestId('live-indicator').getByText('Updates: Live').waitFor({ timeout: LOAD_MS });
      return true;
    })(),
    3 * LOAD_MS,
  );
  return { page, counter, loaded: loaded === true };
}

/** One run: `TABS` tabs (in one context, or each in its own), the decisions, the figures. */
async function scenario({ browser, server, request, signedIn, separate }) {
  const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
  const decider = await ApiClient.signIn(request, DEMO.user);
  const vendor = `BenchTabs${Date.now().toString(36)}`;
  const approvals = await createWatchedApprovals(factory, vendor, DECISIONS);
  const decisions = mixedDecisions(approvals);
  const options = { baseURL: server.url, viewport: { width: 1440, height: 900 }, storageState: signedIn };
  const contexts = [];
  const tabs = [];
  for (let index = 0; index < TABS; index += 1) {
    if (separate || contexts.length === 0) contexts.push(await browser.newContext(options));
    tabs.push(await openTab(contexts.at(-1), vendor));
  }
  console.info(
    `\n${TABS} tabs ${separate ? 'each in a browser context of its own' : 'of one browser'}, ${DECISIONS} decisions over ${WINDOW_S} s`,
  );
  const notLoaded = tabs.flatMap((tab, index) => (tab.loaded ? [] : [index + 1]));
  if (notLoaded.length > 0)
    console.info(`  tabs that did not load within ${LOAD_MS / 1000} s: ${notLoaded.join(', ')}`);
  const expected = decisions.map(({ approval, shows }) => ({
    label: `Approval ${short(approval)}`,
    shows,
    id: approval.id,
  }));
  const patchesBefore = [];
  for (const { page, counter, loaded } of tabs) {
    if (loaded) await settle(watchFinalStatuses(page, expected));
    patchesBefore.push(loaded ? ((await settle(livePatches(page))) ?? 0) : 0);
    counter.reset();
  }

  const firstAsked = Date.now();
  const lastAnswer = await decideOverWindow(decider, decisions, WINDOW_S * 1000);
  const shownAt = await Promise.all(
    tabs.map(({ page, loaded }) =>
      loaded
        ? settle(
            page
              .waitForFunction(() => window.allShownAt, undefined, { timeout: SHOW_MS })
              .then((handle) => handle.jsonValue()),
            SHOW_MS + 5_000,
          )
        : null,
    ),
  );
  const shownAfter = shownAt.map((at) => (at === null ? null : at - lastAnswer));
  // Whatever re-reads the last events scheduled (the fold's interval and jitter) has happened.
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  console.info(
    `${'tab'.padEnd(4)} ${'shown after'.padStart(12)} ${'list 200'.padStart(9)} ${'list 304'.padStart(9)} ${'stats 200'.padStart(10)} ${'stats 304'.padStart(10)} ${'other'.padStart(6)} ${'failed'.padStart(7)} ${'waiting'.padStart(8)} ${'patches'.padStart(8)} ${'last patch'.padStart(11)}`,
  );
  const totals = { ...emptyTabRequestCounts(), waiting: 0, patches: 0 };
  for (const [index, { page, counter, loaded }] of tabs.entries()) {
    const counts = counter.counts();
    const patches = loaded ? ((await settle(livePatches(page))) ?? 0) - patchesBefore[index] : 0;
    // When the tab wrote its last event to a row, after the last decision's answer.
    const lastPatchAt = loaded ? await settle(lastLivePatchAt(page)) : null;
    const lastPatch = lastPatchAt === null ? '—' : `${Math.round(lastPatchAt - lastAnswer)} ms`;
    if (process.env.BENCH_TABS_ROWS === '1' && loaded) {
      // Each row: shown (after the last answer) and its patches' times, from the marks' detail.
      const rowsSeen = await settle(
        page.evaluate(() => {
          const marks = performance.getEntriesByName('live-row-patch', 'mark');
          return {
            shown: window.rowShownAt,
            patches: marks.map((m) => [m.detail, performance.timeOrigin + m.startTime]),
          };
        }),
      );
      for (const [label, at] of Object.entries(rowsSeen?.shown ?? {})
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)) {
        const id = expected.find((row) => row.label === label)?.id;
        const patchTimes = (rowsSeen?.patches ?? [])
          .filter(([detail]) => detail === id)
          .map(([, t]) => Math.round(t - lastAnswer));
        console.info(
          `    tab ${index + 1} ${label}: shown ${Math.round(at - lastAnswer)} ms, patched ${patchTimes.join(', ')} ms`,
        );
      }
    }
    const other = Object.values(counts.other).reduce((sum, n) => sum + n, 0);
    addTabRequestCounts(totals, counts);
    totals.patches += patches;
    totals.waiting += counter.unanswered();
    const shown = shownAfter[index];
    console.info(
      `${String(index + 1).padEnd(4)} ${(shown === null ? 'never' : `${shown} ms`).padStart(12)} ${String(counts.list200).padStart(9)} ${String(counts.list304).padStart(9)} ${String(counts.stats200).padStart(10)} ${String(counts.stats304).padStart(10)} ${String(other).padStart(6)} ${String(counts.failed).padStart(7)} ${String(counter.unanswered()).padStart(8)} ${String(patches).padStart(8)} ${lastPatch.padStart(11)}`,
    );
  }
  const times = shownAfter.filter((value) => value !== null);
  const never = shownAfter.length - times.length;
  console.info(
    `final statuses on screen after the last decision's answer: p50 ${times.length ? `${percentile(times, 50)} ms` : '—'}, max ${times.length ? `${Math.max(...times)} ms` : '—'}${never ? `; ${never} tab(s) not within ${SHOW_MS / 1000} s` : ''}`,
  );
  console.info(
    `requests of all ${TABS} tabs after their first load: list ${totals.list200} full + ${totals.list304} 304; stat cards ${totals.stats200} full + ${totals.stats304} 304; ${totals.failed} failed; ${totals.waiting} unanswered at the end; rows patched in place as events arrived ${totals.patches}`,
  );
  for (const [route, n] of Object.entries(totals.other).sort((a, b) => b[1] - a[1])) {
    console.info(`  other: ${route} ${n}`);
  }
  console.info(
    `the ${DECISIONS} decisions took ${((lastAnswer - firstAsked) / 1000).toFixed(1)} s, first asked to last answered`,
  );
  for (const context of contexts) await settle(context.close(), 10_000);
}

// The tabs share one session, whose access token (15 minutes) outlives the run: no tab refreshes it.
const server = await serveTemp();
const request = await playwrightRequest.newContext({ baseURL: server.url });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
});
try {
  const signIn = await browser.newContext({ baseURL: server.url });
  await signInFresh(await signIn.newPage(), DEMO.admin);
  const signedIn = await signIn.storageState();
  await signIn.close();
  console.info(`Chromium ${browser.version()}, ${server.url}`);
  if (!args.includes('--separate-only'))
    await scenario({ browser, server, request, signedIn, separate: false });
  if (!args.includes('--one-browser-only'))
    await scenario({ browser, server, request, signedIn, separate: true });
} finally {
  await browser.close();
  await request.dispose();
  await server.stop();
}
