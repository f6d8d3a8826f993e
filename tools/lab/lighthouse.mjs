// `pnpm lighthouse`: Lighthouse (its default mobile settings: Moto G power emulation, simulated slow
// 4G) against the production build served by `pnpm start` on a throw-away database, driving the same
// Debian Chromium as the e2e tests: /login signed out, then every section's list and a company signed
// in, each in the light and the dark theme.
// Prints each page's scores and main metrics against the targets (Performance ≥ 90, Accessibility 100,
// Best Practices 100, CLS < 0.1). It exits 1 when Accessibility, Best Practices or CLS miss on any page,
// or a page does not land where it should: none of those depends on the machine's speed. Performance is
// a timing (simulated from this machine's CPU), so a miss is printed, not failed, unless --strict (the
// project's rule: speed is measured and printed, never a test that fails on a timing).
//
// Lighthouse 12.8 (the last release that runs on Node 20; 13.x needs Node 22.19).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { ROOT } from '../build/frontends.mjs';
import { passSecondStepOnPage } from './demo-sign-in.mjs';
import { serveTemp } from './serve-temp.mjs';

const require = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');

// Performance ≥ 90, Accessibility and Best Practices 100 and CLS < 0.1 on every page in both colour
// themes: the sign-in page, every section's list and a company's page. `pnpm test` measures each page
// once, which is enough for the enforced targets (none of them is a timing). For a claim about the
// Performance score, `--runs 3` measures each page three times and the median stands (Lighthouse's
// own advice for a machine that also does other work).
const SIGNED_IN = ['/dashboard', '/companies', '/users', '/managers', '/approvals', '/companies/1'];
const PAGES = [
  // Signed out first: once signed in, /login goes to the dashboard.
  { path: '/login', signedIn: false, theme: 'light' },
  { path: '/login', signedIn: false, theme: 'dark' },
  ...SIGNED_IN.map((path) => ({ path, signedIn: true, theme: 'light' })),
  ...SIGNED_IN.map((path) => ({ path, signedIn: true, theme: 'dark' })),
];
const PERFORMANCE = 90;
const MAX_CLS = 0.1;
const TARGETS = { accessibility: 100, 'best-practices': 100 };
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9333);
const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
// --runs N: Lighthouse's own advice for a noisy machine is the median of several runs per page.
const RUNS = Number(option('runs') ?? process.env.LIGHTHOUSE_RUNS ?? 1);
// --save DIR: keep every run's full report (JSON) for reading what a score is made of.
const SAVE_DIR = option('save');
// --only /path[,/path…]: measure only these pages (one server start and one sign-in for all of them).
const ONLY = option('only')?.split(',');
// --strict: a Performance score below its target fails the run too.
const STRICT = args.includes('--strict');
if (!Number.isSafeInteger(RUNS) || RUNS < 1) {
  console.error('--runs must be a whole number of at least 1');
  process.exit(1);
}
if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });

const server = await serveTemp();
const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-profile-'));
const failures = [];
const belowTarget = [];
const rows = [];
let signedIn = false;

/** The scores and main metrics of one Lighthouse report. */
function summarize(target, lhr) {
  const { categories, audits, finalDisplayedUrl } = lhr;
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  const ms = (id) => audits[id]?.numericValue ?? NaN;
  return {
    page: target.path,
    landed: new URL(finalDisplayedUrl).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    si: ms('speed-index'),
  };
}
// Lighthouse's own failures to record a page (NO_NAVSTART, NO_FCP: "Please run Lighthouse again")
// say nothing about the page; such a run is repeated, at most this many times in all.
const ATTEMPTS = 3;
// Lighthouse stops recording once the page has loaded, its important requests have settled and its
// main thread is quiet. The live event stream stays open for the page's life: it is a low-priority
// request (shared-auth's live connection), so it does not hold that up. The cap is only for a page
// that never settles; such a run is reported as one (Lighthouse's own "loaded too slowly" warning).
const MAX_WAIT_MS = 30_000;

/** One Lighthouse run of a page, repeated when Lighthouse itself failed to record it. */
async function audit(url, { keepStorage }) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port: DEBUG_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Keep the signed-in session (and measure a cold cache all the same).
      disableStorageReset: keepStorage,
      maxWaitForLoad: MAX_WAIT_MS,
    });
    const error = result?.lhr.runtimeError;
    if (!error || attempt === ATTEMPTS) return result;
    console.info(`  ${new URL(url).pathname}: Lighthouse could not record the page (${error.code}); again`);
  }
}

try {
  // A persistent context is the browser's default profile, so Lighthouse's tab shares its storage
  // (the session lives in localStorage) once the signed-in pages are reached.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [`--remote-debugging-port=${DEBUG_PORT}`],
  });
  try {
    const selected = PAGES.filter((page) => !ONLY || ONLY.includes(page.path));
    for (const pagePath of new Set(selected.map((page) => page.path))) {
      const targets = selected.filter((page) => page.path === pagePath);
      if (targets.some((target) => target.signedIn) && !signedIn) {
        const page = browser.pages()[0] ?? (await browser.newPage());
        await page.goto(`${server.url}/login`);
        await page.getByLabel('Email').fill('admin@example.com');
        await page.getByLabel('Password').fill('Password123!');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await passSecondStepOnPage(page, server.url, 'admin@example.com');
        await page.waitForURL(/\/dashboard$/);
        // Off the console while Lighthouse measures: a signed-in dashboard left open here rendered its
        // live updates on the same two cores, 60–600 ms of main-thread work in each measured load. A
        // file of the same origin keeps the session's storage within reach for the theme choice.
        await page.goto(`${server.url}/remotes.json`);
        signedIn = true;
      }
      const runs = new Map(targets.map((target) => [target, []]));
      for (let run = 1; run <= RUNS; run += 1) {
        // A page's two themes take turns, the first of them alternating from run to run, so that a
        // change in the machine's load over the minutes of a measurement falls on both alike. Measured
        // all light and then all dark, the later theme took whatever the machine did later, and the
        // two differed by up to 190 ms of blocking time either way, though a page runs the same
        // scripts, renders and style passes in both (the theme is a class on <html> selecting
        // build-time CSS variables).
        for (const target of run % 2 === 1 ? targets : [...targets].reverse()) {
          // The stored choice the page's theme script reads before the first paint.
          const page = browser.pages()[0] ?? (await browser.newPage());
          if (page.url() === 'about:blank') await page.goto(`${server.url}/login`);
          await page.evaluate((choice) => localStorage.setItem('console-theme', choice), target.theme);
          // Lighthouse's storage reset would also drop the stored theme: keep storage for the dark
          // sign-in page too (it holds nothing else before signing in).
          const runStarted = Date.now();
          const result = await audit(`${server.url}${target.path}`, {
            keepStorage: target.signedIn || target.theme === 'dark',
          });
          const took = Date.now() - runStarted;
          // A run that waited out the cap (Lighthouse says so in its warnings): the page never
          // settled, a request or timer that never ends.
          if (result.lhr.runWarnings.some((warning) => /too slowly/.test(warning)))
            console.warn(
              `  ${target.path} (${target.theme}): the page did not settle within ${MAX_WAIT_MS / 1000} s`,
            );
          if (SAVE_DIR) {
            const name = `${target.path.slice(1).replaceAll('/', '-') || 'root'}-${target.theme}-${run}.json`;
            writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(result.lhr));
          }
          runs.get(target).push({ ...summarize(target, result.lhr), theme: target.theme, took });
        }
      }
      for (const target of targets) {
        // The run with the median Performance score stands for the page (Lighthouse's advice).
        const measured = runs.get(target).sort((a, b) => a.performance - b.performance);
        const row = {
          ...measured[Math.floor((measured.length - 1) / 2)],
          runs: measured.map((r) => r.performance),
        };
        rows.push(row);
        const name = `${target.path} (${target.theme})`;
        if (row.landed !== target.path) failures.push(`${name} ended on ${row.landed}`);
        if (row.performance < PERFORMANCE)
          (STRICT ? failures : belowTarget).push(`${name}: Performance ${row.performance} < ${PERFORMANCE}`);
        // Layout stability is the page's design (space kept for what arrives later), not a timing.
        if (!(row.cls < MAX_CLS)) failures.push(`${name}: CLS ${row.cls.toFixed(3)} ≥ ${MAX_CLS}`);
        if (row.accessibility < TARGETS.accessibility)
          failures.push(`${name}: Accessibility ${row.accessibility} < ${TARGETS.accessibility}`);
        if (row.bestPractices < TARGETS['best-practices'])
          failures.push(`${name}: Best Practices ${row.bestPractices} < ${TARGETS['best-practices']}`);
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}

const s = (value) => (Number.isFinite(value) ? `${(value / 1000).toFixed(1)} s` : '—');
console.info(
  `\nLighthouse 12.8, default mobile settings (simulated slow 4G, 4x CPU slowdown); median of ${RUNS} run(s) per page:`,
);
console.info(
  `  ${'page'.padEnd(20)} ${'Perf'.padStart(5)} ${'A11y'.padStart(5)} ${'BP'.padStart(5)} ${'FCP'.padStart(7)} ${'LCP'.padStart(7)} ${'TBT'.padStart(8)} ${'CLS'.padStart(6)} ${'SI'.padStart(7)} ${'took'.padStart(6)}`,
);
for (const row of rows) {
  console.info(
    `  ${`${row.page} ${row.theme}`.padEnd(20)} ${String(row.performance).padStart(5)} ${String(row.accessibility).padStart(5)} ${String(row.bestPractices).padStart(5)} ${s(row.fcp).padStart(7)} ${s(row.lcp).padStart(7)} ${`${Math.round(row.tbt)} ms`.padStart(8)} ${row.cls.toFixed(3).padStart(6)} ${s(row.si).padStart(7)} ${s(row.took).padStart(6)}${row.runs.length > 1 ? `   runs: ${row.runs.join(' ')}` : ''}`,
  );
}
if (belowTarget.length > 0) {
  console.info(
    `\nBelow the Performance target (printed, not failed; --strict fails):\n${belowTarget.map((f) => `  - ${f}`).join('\n')}`,
  );
}
if (failures.length > 0) {
  console.error(`\nBelow target:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.info(
  belowTarget.length > 0
    ? '\nAccessibility, Best Practices and CLS meet their targets on every page.'
    : '\nEvery page meets its targets.',
);
