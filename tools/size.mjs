// `pnpm size`: production gzip sizes of the host's initial JavaScript (measured by loading the sign-in
// page in Chromium and gzipping every script it fetched) and of each remote's entry and first chunk.
// It also checks that no section code is inside the host's build.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './frontends.mjs';
import { serveTemp } from './serve-temp.mjs';

const require = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;

const server = await serveTemp();
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push({ url: response.url(), body: await response.body() });
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await browser.close();

  console.info('Host: initial JavaScript of the sign-in page (gzip)');
  let total = 0;
  for (const script of scripts) {
    const size = gz(script.body);
    total += size;
    console.info(`  ${new URL(script.url).pathname.padEnd(48)} ${kb(size).padStart(10)}`);
  }
  console.info(`  ${'total'.padEnd(48)} ${kb(total).padStart(10)}`);
  const foreign = scripts.filter((script) => new URL(script.url).pathname.startsWith('/remotes/'));
  if (foreign.length > 0)
    throw new Error(`the sign-in page loaded remote code: ${foreign.map((s) => s.url).join(', ')}`);

  console.info('\nRemotes: entry and first chunk of ./routes (gzip)');
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
  if (found.length > 0) throw new Error(`section code found in the host build: ${found.join(', ')}`);
  console.info('\nThe host build contains no section code.');
} finally {
  await server.stop();
}
