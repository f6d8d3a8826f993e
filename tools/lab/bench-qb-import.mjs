// `pnpm bench -- --qb-import [--bills 2500,10000] [--burst N]`: imports one QuickBooks realm of
// each size from the QuickBooks Online emulator (its own process, with Intuit's throttles) into a
// fresh database (embedded, or DATABASE_URL) and prints wall time, requests made, bills per second,
// the importing process's peak memory, and what the emulator saw of the realm: requests it
// refused (429) and the most that arrived in any one second. A memory that stays flat from the
// small realm to the large one is what paging in bounded pages buys. --burst N then asks N reads
// by id at once through the same client, so its limiter, not the import's pace, decides how fast
// they go. It prints figures; it never fails on a timing.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from '../build/frontends.mjs';

const tsx = path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx');
const apiDir = path.join(ROOT, 'api');

/**
 * Runs a tsx script in api/ (with `env` added to this process's) and resolves with the first line it
 * prints (and the child and its lines).
 */
export function firstLine(script, args, env = {}) {
  // --expose-gc: the import measures the heap left after a full collection after each page.
  const child = spawn(tsx, [script, ...args], {
    cwd: apiDir,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ...env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim(),
    },
  });
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    lines.once('line', (line) => resolve({ line, child, lines }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before answering`)));
  });
}

/** What the emulator saw of a realm: {requests, throttled, peakPerSecond, peakConcurrent}. */
function traffic(emulator, realmId) {
  return new Promise((resolve) => {
    emulator.lines.once('line', (line) => resolve(JSON.parse(line)));
    emulator.child.stdin.write(`traffic ${realmId}\n`);
  });
}

export async function benchQbImport(args) {
  const index = args.indexOf('--bills');
  const sizes = (index >= 0 ? args[index + 1] : '2500,10000').split(',').map(Number);
  if (!sizes.every((n) => Number.isSafeInteger(n) && n > 0))
    throw new Error('--bills takes sizes like 2500,10000');
  const burstIndex = args.indexOf('--burst');
  const burst = burstIndex >= 0 ? Number(args[burstIndex + 1]) : 0;
  if (!Number.isSafeInteger(burst) || burst < 0) throw new Error('--burst takes a number of reads');
  const emulator = await firstLine('lab/bench/qbo-emulator-server.ts', [
    '--bills',
    sizes.join(','),
    ...(burst > 0 ? ['--burst'] : []),
  ]);
  const { baseUrl, redirectUri, realms, burstRealm } = JSON.parse(emulator.line);
  const rows = [];
  let burstRow;
  try {
    for (const bills of sizes) {
      console.info(`Importing a realm of ${bills} bills…`);
      const { line: result, child } = await firstLine('lab/bench/qb-import.ts', [
        '--api-url',
        baseUrl,
        '--realm',
        realms[bills],
        '--redirect-uri',
        redirectUri,
      ]);
      await new Promise((resolve) => child.once('exit', resolve));
      rows.push({ realm: bills, ...JSON.parse(result), seen: await traffic(emulator, realms[bills]) });
    }
    if (burst > 0) {
      console.info(`Reading ${burst} bills by id at once…`);
      const { line: result, child } = await firstLine('lab/bench/qb-burst.ts', [
        '--api-url',
        baseUrl,
        '--realm',
        burstRealm,
        '--redirect-uri',
        redirectUri,
        '--reads',
        String(burst),
      ]);
      await new Promise((resolve) => child.once('exit', resolve));
      burstRow = { ...JSON.parse(result), seen: await traffic(emulator, burstRealm) };
    }
  } finally {
    emulator.child.kill('SIGTERM');
  }
  console.info('\nQuickBooks import (full sync: vendors, unpaid bills in pages of 1000, CDC)');
  const table = rows.map((row) => ({
    'realm bills': row.realm,
    engine: row.engine,
    status: row.status,
    imported: row.bills,
    approvals: row.approvals,
    requests: row.requests,
    '429s': row.seen.throttled,
    'peak req/s': row.seen.peakPerSecond,
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
  console.info(
    "429s: requests the emulator refused under Intuit's throttles (500 a minute, 10 a rolling second per" +
      ' realm); peak req/s: the most requests of the realm that arrived within any one second.',
  );
  if (burstRow) {
    const { reads, failed, wallMs, budget, seen } = burstRow;
    console.info(
      `\nBurst: ${reads} reads by id asked at once through the client (budget ${budget.perSecond}/s,` +
        ` ${budget.perMinute}/min per realm): ${(wallMs / 1000).toFixed(1)} s, ${failed} failed,` +
        ` ${seen.throttled} answered 429, at most ${seen.peakPerSecond} arriving in any one second` +
        ` (${seen.requests} requests seen).`,
    );
  }
}
