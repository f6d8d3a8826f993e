// `pnpm bench -- --qb-import [--bills 2500,10000]`: imports one QuickBooks realm of each size
// from the QuickBooks Online emulator (its own process) into a fresh database (embedded, or
// DATABASE_URL) and prints wall time, requests made, bills per second and the importing
// process's peak memory. A memory that stays flat from the small realm to the large one is what
// paging in bounded pages buys. It prints figures; it never fails on a timing.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from '../build/frontends.mjs';

const tsx = path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx');
const apiDir = path.join(ROOT, 'api');

/** Runs a tsx script in api/ and resolves with the first line it prints (and the child). */
function firstLine(script, args) {
  // --expose-gc: the import measures the heap left after a full collection after each page.
  const child = spawn(tsx, [script, ...args], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() },
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve({ line, child }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before answering`)));
  });
}

export async function benchQbImport(args) {
  const index = args.indexOf('--bills');
  const sizes = (index >= 0 ? args[index + 1] : '2500,10000').split(',').map(Number);
  if (!sizes.every((n) => Number.isSafeInteger(n) && n > 0))
    throw new Error('--bills takes sizes like 2500,10000');
  const { line: ready, child: emulator } = await firstLine('src/bench/qbo-emulator-server.ts', [
    '--bills',
    sizes.join(','),
  ]);
  const { baseUrl, redirectUri, realms } = JSON.parse(ready);
  const rows = [];
  try {
    for (const bills of sizes) {
      console.info(`Importing a realm of ${bills} bills…`);
      const { line: result, child } = await firstLine('src/bench/qb-import.ts', [
        '--api-url',
        baseUrl,
        '--realm',
        realms[bills],
        '--redirect-uri',
        redirectUri,
      ]);
      await new Promise((resolve) => child.once('exit', resolve));
      rows.push({ realm: bills, ...JSON.parse(result) });
    }
  } finally {
    emulator.kill('SIGTERM');
  }
  console.info('\nQuickBooks import (full sync: vendors, unpaid bills in pages of 1000, CDC)');
  const table = rows.map((row) => ({
    'realm bills': row.realm,
    engine: row.engine,
    status: row.status,
    imported: row.bills,
    approvals: row.approvals,
    requests: row.requests,
    'wall s': (row.wallMs / 1000).toFixed(1),
    'bills/s': row.billsPerSecond,
    'RSS before MB': row.rssBeforeMb,
    'peak RSS MB': row.peakRssMb,
    'peak heap MB': row.peakHeapMb,
    'live heap after GC MB': row.liveHeapAfterGcMb ?? 'n/a',
  }));
  const columns = Object.keys(table[0] ?? {});
  const widths = columns.map((column) =>
    Math.max(column.length, ...table.map((row) => String(row[column]).length)),
  );
  const line = (cells) => cells.map((cell, i) => String(cell).padStart(widths[i])).join('  ');
  console.info(line(columns));
  for (const row of table) console.info(line(columns.map((column) => row[column])));
  // The claim the table is for: memory does not grow with the bill count (pages are bounded).
  const growth = rows.map(
    (row) =>
      `${row.realm} bills +${(row.peakHeapMb - row.heapBeforeMb).toFixed(1)} MB heap, +${(row.peakRssMb - row.rssBeforeMb).toFixed(1)} MB RSS`,
  );
  console.info(`Peak memory above the process's start: ${growth.join('; ')}`);
  console.info(
    'The live heap after GC is what the import holds on to; the sampled peaks include garbage not yet' +
      ' collected and, on the embedded database, PGlite memory growing with the rows it stores.',
  );
}
