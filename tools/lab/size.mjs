// `pnpm size`: what the browser really receives. Loads the production build (served by `pnpm start`
// on a throw-away database) in Chromium and prints, per script, the bytes on the wire (as the server
// sent them: Brotli when the browser accepts it), and gzip and raw sizes for comparison:
//   1. the sign-in page's initial JavaScript, 2. what signing in and the dashboard add,
//   3. each remote's entry and the first chunk of its routes.
// Each script is followed by what it holds (the largest packages or shared-ui files, from the build's
// hidden source maps). Fails when a step goes over its budget (sign-in ≤ 200 KB gzip,
// dashboard ≤ 120 KB more), or when the host's build carries section code.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../build/frontends.mjs';
import { REMOTES } from '../build/webpack/remotes.js';
import { passSecondStepOnPage } from './demo-sign-in.mjs';
import { serveTemp } from './serve-temp.mjs';
import { decodeSegment } from './source-map.mjs';

const require = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');
const KB = 1024;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
const BUDGETS = { signIn: 200 * KB, dashboard: 120 * KB };

/**
 * Records the scripts the page fetches from now on (url, wire bytes of the encoded body, gzip and raw
 * sizes); `settled()` resolves once no request has been under way for QUIET_MS and every record is in.
 * (After a client-side navigation, Playwright's 'networkidle' load state is already reached and does
 * not wait for the lazily loaded chunks.)
 */
const QUIET_MS = 750;
function recordScripts(page) {
  const scripts = [];
  const pending = new Set();
  let inFlight = 0;
  let lastActivity = Date.now();
  // The signed-in layout's live event stream is one request that stays open by design: it is not
  // counted, or the page would never be quiet.
  const counted = (request) => new URL(request.url()).pathname !== '/api/events';
  const onRequest = (request) => {
    if (!counted(request)) return;
    inFlight += 1;
    lastActivity = Date.now();
  };
  const onDone = (request) => {
    if (!counted(request)) return;
    inFlight -= 1;
    lastActivity = Date.now();
    if (request.resourceType() !== 'script') return;
    const record = (async () => {
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
    })();
    pending.add(record);
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  const settled = async () => {
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await Promise.all(pending);
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
    return scripts;
  };
  return { settled };
}

/** The built file behind a script's URL: /x.js is host/dist/x.js, /remotes/<name>/x.js remote-<name>/dist/x.js. */
function distFile(urlPath) {
  const remote = /^\/remotes\/([a-z]+)\/(.*)$/.exec(urlPath);
  return remote
    ? path.join(ROOT, `remote-${remote[1]}`, 'dist', remote[2])
    : path.join(ROOT, 'host', 'dist', urlPath.slice(1));
}

/** Who a source file belongs to: its npm package, or the workspace package and file. */
function ownerOf(source) {
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  if (source.startsWith('webpack/')) return 'webpack runtime';
  return source
    .replace(/^webpack:\/\/[^/]*\//, '')
    .replace(/^(\.\.\/)+/, '')
    .replace(/^\.\//, '');
}

/** The largest owners of a built file's bytes, from its source map: "react-dom 98%, scheduler 2%". */
function contents(file) {
  if (!existsSync(`${file}.map`)) return '';
  const code = readFileSync(file, 'utf8').split('\n');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const bytes = new Map();
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const segments = line.split(',').filter(Boolean).map(decodeSegment);
    let column = 0;
    segments.forEach((segment, i) => {
      column += segment[0];
      if (segment.length > 1) source += segment[1];
      const end = i + 1 < segments.length ? column + segments[i + 1][0] : (code[index] ?? '').length;
      const owner = segment.length > 1 ? ownerOf(map.sources[source]) : '(webpack glue)';
      bytes.set(owner, (bytes.get(owner) ?? 0) + end - column);
    });
  });
  const total = [...bytes.values()].reduce((sum, n) => sum + n, 0) || 1;
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .filter(([, n]) => n / total >= 0.03)
    .map(([owner, n]) => `${owner} ${Math.round((100 * n) / total)}%`)
    .join(', ');
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
      `  ${script.path.padEnd(46)} ${script.encoding.padStart(8)} ${kb(script.wire).padStart(12)} ${kb(script.gzip).padStart(10)} ${kb(script.raw).padStart(10)}   ${contents(distFile(script.path))}`,
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
  let recorder = recordScripts(page);
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  let scripts = await recorder.settled();
  const signIn = printTable('1. Sign-in page: initial JavaScript', scripts);
  const foreign = scripts.filter((script) => script.path.startsWith('/remotes/'));
  if (foreign.length > 0)
    failures.push(`the sign-in page loaded remote code: ${foreign.map((s) => s.path).join(', ')}`);
  if (signIn.gzip > BUDGETS.signIn)
    failures.push(`sign-in page: ${kb(signIn.gzip)} gzip is over its budget of ${kb(BUDGETS.signIn)}`);

  recorder = recordScripts(page);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('Password123!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await passSecondStepOnPage(page, server.url, 'admin@example.com');
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  scripts = await recorder.settled();
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
  for (const { name, dir } of REMOTES) {
    const dist = path.join(ROOT, dir, 'dist');
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
