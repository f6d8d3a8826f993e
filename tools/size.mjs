// `pnpm size`: what the browser really receives. Loads the production build (served by `pnpm start`
// on a throw-away database) in Chromium and prints, per script, the bytes on the wire (as the server
// sent them: Brotli when the browser accepts it), and gzip and raw sizes for comparison:
//   1. the sign-in page's initial JavaScript, 2. what signing in and the dashboard add,
//   3. each remote's entry and the first chunk of its routes.
// Fails when a step goes over its budget (issue 10: sign-in ≤ 200 KB gzip, dashboard ≤ 120 KB more),
// or when the host's build carries section code.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './frontends.mjs';
import { serveTemp } from './serve-temp.mjs';

const require = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');
const KB = 1024;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
const BUDGETS = { signIn: 200 * KB, dashboard: 120 * KB };

/** Scripts the page fetches from now on: url, wire bytes (encoded body), gzip and raw sizes. */
function recordScripts(page) {
  const scripts = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const response = await request.response();
    if (!response) return;
    const body = await response.body();
    const sizes = await request.sizes();
    scripts.push({
      path: new URL(request.url()).pathname,
      encoding: response.headers()['content-encoding'] ?? 'none',
      wire: sizes.responseBodySize,
      gzip: gz(body),
      raw: body.length,
    });
  });
  return scripts;
}

function printTable(title, scripts) {
  console.info(`\n${title}`);
  console.info(
    `  ${'script'.padEnd(46)} ${'encoding'.padStart(8)} ${'on the wire'.padStart(12)} ${'gzip -9'.padStart(10)} ${'raw'.padStart(10)}`,
  );
  const total = { wire: 0, gzip: 0, raw: 0 };
  for (const script of scripts) {
    total.wire += script.wire;
    total.gzip += script.gzip;
    total.raw += script.raw;
    console.info(
      `  ${script.path.padEnd(46)} ${script.encoding.padStart(8)} ${kb(script.wire).padStart(12)} ${kb(script.gzip).padStart(10)} ${kb(script.raw).padStart(10)}`,
    );
  }
  console.info(
    `  ${'total'.padEnd(46)} ${''.padStart(8)} ${kb(total.wire).padStart(12)} ${kb(total.gzip).padStart(10)} ${kb(total.raw).padStart(10)}`,
  );
  return total;
}

const failures = [];
const server = await serveTemp();
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const page = await browser.newPage();
  let scripts = recordScripts(page);
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const signIn = printTable('1. Sign-in page: initial JavaScript', scripts);
  const foreign = scripts.filter((script) => script.path.startsWith('/remotes/'));
  if (foreign.length > 0)
    failures.push(`the sign-in page loaded remote code: ${foreign.map((s) => s.path).join(', ')}`);
  if (signIn.gzip > BUDGETS.signIn)
    failures.push(`sign-in page: ${kb(signIn.gzip)} gzip is over its budget of ${kb(BUDGETS.signIn)}`);

  page.removeAllListeners('requestfinished');
  scripts = recordScripts(page);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('Password123!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.waitForLoadState('networkidle');
  const dashboard = printTable('2. Signing in and the dashboard add', scripts);
  if (dashboard.gzip > BUDGETS.dashboard)
    failures.push(
      `dashboard: ${kb(dashboard.gzip)} gzip more is over its budget of ${kb(BUDGETS.dashboard)}`,
    );
  console.info(
    `\n  first signed-in view in all: ${kb(signIn.wire + dashboard.wire)} on the wire, ${kb(signIn.gzip + dashboard.gzip)} gzip, ${kb(signIn.raw + dashboard.raw)} raw`,
  );
  await browser.close();

  console.info('\n3. Remotes: entry and the first chunk of ./routes (gzip -9 of the built files)');
  for (const name of ['companies', 'users', 'managers', 'approvals']) {
    const dist = path.join(ROOT, `remote-${name}`, 'dist');
    const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
    const entry = gz(readFileSync(path.join(dist, 'remoteEntry.js')));
    const routes = manifest.exposes.find((expose) => expose.name === 'routes' || expose.path === './routes');
    const chunkFiles = routes?.assets?.js?.sync ?? [];
    const chunk = chunkFiles.reduce((sum, file) => sum + gz(readFileSync(path.join(dist, file))), 0);
    console.info(
      `  ${name.padEnd(12)} entry ${kb(entry).padStart(9)}   first chunk ${kb(chunk).padStart(9)}  (${chunkFiles.length} file(s))`,
    );
  }

  // Section texts that only a remote renders must not appear anywhere in the host's build.
  const hostJs = readdirSync(path.join(ROOT, 'host', 'dist'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(path.join(ROOT, 'host', 'dist', file), 'utf8'))
    .join('\n');
  const markers = ['User Management', 'Bill Approvals', 'Review, approve and reject bill approval requests'];
  const found = markers.filter((marker) => hostJs.includes(marker));
  if (found.length > 0) failures.push(`section code found in the host build: ${found.join(', ')}`);
  else console.info('\nThe host build contains no section code.');
} finally {
  await server.stop();
}
if (failures.length > 0) {
  console.error(`\nOver budget or wrong:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.info('\nEvery step is within its budget.');
