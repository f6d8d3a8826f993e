// `node tools/lab/profile-page.mjs /companies [--runs N]`: where a page's main-thread time goes.
// Serves the production build on a throw-away database (as `pnpm lighthouse` does), signs in as the
// demo ADMIN, then records a CPU profile of one cold load of the page in Debian's Chromium and prints
// the self time per source package and per original function, mapped through the build's source maps.
// Lighthouse says how long the main thread was busy; this says on what.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../build/frontends.mjs';
import { passSecondStepOnPage } from './demo-sign-in.mjs';
import { serveTemp } from './serve-temp.mjs';

const require = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');
const { SourceMapConsumer } = createRequire(path.join(ROOT, 'node_modules', '.pnpm', 'node_modules', 'x.js'))(
  'source-map-js',
);

const target = process.argv[2] ?? '/companies';
const server = await serveTemp();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('Password123!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await passSecondStepOnPage(page, server.url, 'admin@example.com');
  await page.waitForURL(/\/dashboard$/);
  const storage = await context.storageState();
  const cold = await browser.newContext({ storageState: storage });
  const measured = await cold.newPage();
  const cdp = await cold.newCDPSession(measured);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await measured.goto(`${server.url}${target}`);
  await measured.waitForLoadState('load');
  await measured.waitForTimeout(4000);
  const { profile } = await cdp.send('Profiler.stop');
  report(profile);
} finally {
  await browser.close();
  await server.stop();
}

function report(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const describe = (callFrame) => {
    const map = consumer(callFrame.url);
    const original = map?.originalPositionFor({
      line: callFrame.lineNumber + 1,
      column: callFrame.columnNumber,
    });
    if (!original?.source) return `${callFrame.functionName || '?'}@${new URL(callFrame.url).pathname}`;
    const file = original.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/.*node_modules\//, '');
    return `${original.name ?? callFrame.functionName ?? '?'}@${file}:${original.line}`;
  };
  const self = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const dt = (deltas[i + 1] ?? 0) / 1000;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  }
  const maps = new Map();
  const consumer = (url) => {
    if (maps.has(url)) return maps.get(url);
    let value = null;
    try {
      const file = path.join(ROOT, dist(url));
      if (existsSync(`${file}.map`))
        value = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      value = null;
    }
    maps.set(url, value);
    return value;
  };
  const byPackage = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const [id, ms] of self) {
    const { callFrame } = byId.get(id);
    total += ms;
    let where = callFrame.url ? new URL(callFrame.url).pathname : `(${callFrame.functionName || 'native'})`;
    let name = callFrame.functionName || '(anonymous)';
    const map = callFrame.url ? consumer(callFrame.url) : null;
    if (map) {
      const original = map.originalPositionFor({
        line: callFrame.lineNumber + 1,
        column: callFrame.columnNumber,
      });
      if (original.source) {
        where = original.source.replace(/^webpack:\/\/[^/]*\//, '');
        name = `${original.name ?? name} ${where}:${original.line}`;
      }
    }
    const pkg = packageOf(where);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  // Busy stretches (consecutive samples off the idle node): Lighthouse's long tasks, unthrottled.
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const tasks = [];
  let current = null;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i];
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (idle.has(profile.samples[i])) {
      if (current) tasks.push(current);
      current = null;
      continue;
    }
    current ??= { start: (t - profile.startTime) / 1000, ms: 0, roots: new Map() };
    current.ms += dt;
    // The outermost frame from the build (what started the work), mapped to its source.
    let node = byId.get(profile.samples[i]);
    const chain = [];
    while (node) {
      chain.push(node);
      node = parentOf.get(node.id);
    }
    const label =
      chain
        .reverse()
        .filter((n) => n.callFrame.url && !n.callFrame.url.includes('webpack/runtime'))
        .slice(0, 3)
        .map((n) => describe(n.callFrame))
        .join(' > ') || '(native)';
    current.roots.set(label, (current.roots.get(label) ?? 0) + dt);
  }
  if (current) tasks.push(current);
  console.info('busy stretches over 10 ms (start ms, length ms, what started them):');
  for (const task of tasks.filter((x) => x.ms > 10)) {
    const roots = [...task.roots]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, v]) => `${v.toFixed(0)} ms ${k}`);
    console.info(
      `  ${task.start.toFixed(0).padStart(6)} ${task.ms.toFixed(0).padStart(5)}  ${roots.join('\n               ')}`,
    );
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`);
  console.info(`${target}: ${total.toFixed(0)} ms of samples (unthrottled)\nby package:`);
  console.info(top(byPackage, 20).join('\n'));
  console.info('by function:');
  console.info(top(byFunction, 40).join('\n'));
}

function dist(url) {
  const pathname = new URL(url).pathname;
  const remote = pathname.match(/^\/remotes\/([^/]+)\/(.*)$/);
  return remote ? path.join(`remote-${remote[1]}`, 'dist', remote[2]) : path.join('host', 'dist', pathname);
}

function packageOf(where) {
  const match = where.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
  if (match) return match[1];
  if (where.startsWith('(')) return where;
  return where.split('/').slice(0, 2).join('/');
}
