// `pnpm bench -- --staff N` (default 1,000): N open consoles on one API process and PostgreSQL, the
// load that matters for a console staff keep open all day: many screens watching a few changes.
// Each console signs in a staff account of its own session (accounts of the scaled demo data, mostly
// ADMINs and MODERATORs), holds GET /api/events, shows the approvals list page with its stat cards
// and the 'Waiting for me' badge, and answers events with the console's own policy
// (bench-staff-console.mjs). A driver makes R decisions a second (approve when the account may,
// else reject, on PENDING approvals; an approval that asks for a step-up is rejected instead), a prober loads the list page as a new console would, and
// with --import a 2,500-bill QuickBooks import runs in the middle (timed alone first). Prints CPU per
// event per open console, delivery, the fresh load, memory per stream and requests per event
// (bench-staff-measure.mjs). It prints figures; it never fails on a timing.
// Runs under tsx (bench.mjs starts it so) to import the console's TypeScript policy.
// Needs DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server): its own database
// bench_staff_<pid>_<N> is created there and dropped at the end (--keep leaves it).
// Options: --staff N, --rate R (decisions a second, default 5), --seconds S (window per step,
// default 60), --ladder N1,N2,… (one step per N, each on freshly seeded data and API processes, as
// a run of that N alone; the largest N at which the targets hold is read from them), --import,
// --approvals/--users/--companies/--managers (the data's size, default 40000/4000/300/100), --baseline (the consoles react as the console did before
// conditional reads and the list's live policy: every approval event re-reads the page and the stat
// cards at once, with no ETag). --processes P (default 1): P API processes on the one PostgreSQL
// behind nginx, configured as the operations guide says (tools/deploy/nginx.conf; bench-proxy.mjs),
// the consoles, driver and prober all going through it.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../build/frontends.mjs';
import { serveApiOnly } from './bench-lib.mjs';
import { startNginx } from './bench-proxy.mjs';
import { firstLine } from './bench-qb-import.mjs';
import { runStep } from './bench-staff-step.mjs';
import { printTable } from './bench-staff-measure.mjs';
import { demoSignIn } from './demo-sign-in.mjs';

const TSX = path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx');
const pg = createRequire(path.join(ROOT, 'api', 'package.json'))('pg');
// Bench-only values for a throw-away database. Tokens outlive the run, so no stream ends mid-window.
const BENCH_ENV = {
  JWT_SECRET: 'bench-staff-jwt-secret-bench-staff-jwt-secret',
  QB_TOKEN_KEY: 'ab'.repeat(32),
  BANK_ACCOUNT_KEY: 'cd'.repeat(32),
  ACCESS_TOKEN_TTL: '7200',
  SESSION_IDLE_TIMEOUT: '10800',
};
/** Staff as they keep the console open: mostly those who decide. */
const ROLE_MIX = [
  ['ADMIN', 0.35],
  ['MODERATOR', 0.35],
  ['USER', 0.3],
];
/** Consoles of one account at most (each its own session), below the API's cap of open streams. */
const CONSOLES_PER_ACCOUNT = 3;

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function numberOption(args, name, fallback) {
  const index = args.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(args[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Signs in each email (its own session each time), `concurrency` at once. */
async function signInAll(url, emails, concurrency = 6) {
  const tokens = new Array(emails.length);
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const i = next++;
      const { body } = await demoSignIn(url, emails[i], 'Password123!');
      const token = body?.data?.tokens?.accessToken;
      if (!token) throw new Error(`sign-in of ${emails[i]} failed: ${JSON.stringify(body?.error ?? body)}`);
      tokens[i] = token;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return tokens;
}

/** Active staff accounts of the generated data, `count` consoles' worth in the role mix. */
async function pickAccounts(client, count) {
  const emails = [];
  for (const [role, share] of ROLE_MIX) {
    const wanted = Math.ceil(count * share);
    const accounts = Math.ceil(wanted / CONSOLES_PER_ACCOUNT);
    const { rows } = await client.query(
      `select email from users where is_active and role = $1 and email like '%@bulk.example.com'
       order by id limit $2`,
      [role, accounts],
    );
    if (rows.length === 0) throw new Error(`no active ${role} in the generated users`);
    for (let i = 0; i < wanted; i += 1) emails.push(rows[i % rows.length].email);
  }
  return emails.slice(0, count);
}

/** PENDING approvals for the driver, each with whether the driver's account may approve it now. */
async function pendingWork(url, token, wanted) {
  const work = [];
  for (let page = 1; work.length < wanted && page <= 200; page += 1) {
    const response = await fetch(`${url}/api/bill-approval/approvals?status=PENDING&limit=100&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    if (!response.success) throw new Error(`the PENDING approvals: ${JSON.stringify(response.error)}`);
    if (!response.data.length) break;
    for (const row of response.data) work.push({ id: row.id, approve: row.viewerDecision?.may === true });
  }
  return work;
}

/**
 * The 2,500-bill import against the bench's database, through the lab's import (its own process).
 * `run`: 0 for the first import, 1 for the next, …: each is of a QuickBooks company of its own (the
 * emulator's data is the same on every start, so a second import of the same company finds nothing
 * new to import).
 */
export async function importBills(databaseUrl, run = 0) {
  const emulator = await firstLine('lab/bench/qbo-emulator-server.ts', [
    '--bills',
    '2500',
    '--skip',
    String(run),
  ]);
  try {
    const { baseUrl, redirectUri, realms } = JSON.parse(emulator.line);
    const started = performance.now();
    const { line, child } = await firstLine(
      'lab/bench/qb-import.ts',
      ['--api-url', baseUrl, '--realm', realms[2500], '--redirect-uri', redirectUri],
      { ...BENCH_ENV, DATABASE_URL: databaseUrl, JOBS: 'off' },
    );
    await new Promise((resolve) => child.once('exit', resolve));
    return { seconds: (performance.now() - started) / 1000, ...JSON.parse(line) };
  } finally {
    emulator.child.kill('SIGTERM');
  }
}

export async function benchStaff(args) {
  const staffIndex = args.indexOf('--staff');
  const staffValue = Number(args[staffIndex + 1]);
  const ladderIndex = args.indexOf('--ladder');
  const ladder =
    ladderIndex >= 0
      ? args[ladderIndex + 1].split(',').map(Number)
      : [Number.isSafeInteger(staffValue) && staffValue > 0 ? staffValue : 1000];
  if (!ladder.every((n) => Number.isSafeInteger(n) && n > 0)) throw new Error('--ladder takes N1,N2,…');
  const rate = numberOption(args, 'rate', 5);
  const seconds = numberOption(args, 'seconds', 60);
  const withImport = args.includes('--import');
  // The console before conditional reads and the list's live policy (every event re-reads the page,
  // no ETag), to compare with.
  const baseline = args.includes('--baseline');
  const processes = numberOption(args, 'processes', 1);
  if (!Number.isSafeInteger(processes) || processes < 1)
    throw new Error('--processes takes a whole number ≥ 1');
  const sizes = {
    approvals: numberOption(args, 'approvals', 40_000),
    users: numberOption(args, 'users', 4_000),
    companies: numberOption(args, 'companies', 300),
    managers: numberOption(args, 'managers', 100),
  };
  const base = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base || !/^postgres(ql)?:\/\//.test(base)) {
    throw new Error(
      '--staff needs DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server; its own database is created)',
    );
  }
  // Each step on data and an API of its own, as a run of that N alone: on one database the later
  // steps would decide approvals no console's page shows (the first step decided those), and run
  // out of PENDING ones.
  const steps = [];
  for (const n of ladder) {
    if (ladder.length > 1) console.info(`\nStep N = ${n}: fresh data and API`);
    steps.push(
      await benchStep({
        n,
        base,
        rate,
        seconds,
        withImport,
        baseline,
        processes,
        sizes,
        keep: args.includes('--keep'),
      }),
    );
  }
  printTable(steps, { rate, seconds });
}

/** One step of the ladder: seeds its own database, starts its API(s), runs N consoles, cleans up. */
async function benchStep({ n, base, rate, seconds, withImport, baseline, processes, sizes, keep }) {
  const database = `bench_staff_${process.pid}_${n}`;
  const dbUrl = new URL(base);
  dbUrl.pathname = `/${database}`;
  const databaseUrl = dbUrl.toString();

  // 1. The demo data scaled up, in a database of the bench's own (scale-cli creates it).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-bench-staff-'));
  const env = { ...process.env, ...BENCH_ENV, DATA_DIR: dataDir, SCALE_DATABASE_URL: databaseUrl };
  const sizeArgs = Object.entries(sizes).flatMap(([name, n]) => [`--${name}`, String(n)]);
  const servers = [];
  let proxy = null;
  const monitor = new pg.Client({ connectionString: databaseUrl });
  try {
    await new Promise((resolve, reject) => {
      const seed = spawn(TSX, [path.join(ROOT, 'api', 'src', 'seed', 'scale-cli.ts'), ...sizeArgs], {
        cwd: ROOT,
        env,
        stdio: 'inherit',
      });
      seed.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`the seed exited with ${code}`)),
      );
    });
    await monitor.connect();
    // The generated accounts as the seed CLI's (seedBulkUsers): a week's grace to add a second
    // factor, so the ADMINs and MODERATORs may work without one, as the demo's existing accounts.
    await monitor.query(
      `update users set mfa_grace_until = now() + interval '7 days' where email like '%@bulk.example.com'`,
    );

    // 2. The lab's API on it (its counters and memory readings), the product's stream cap kept; with
    // --processes, several behind nginx, one after the other (each runs the migrations' check).
    for (let i = 0; i < processes; i += 1) {
      const dir = i === 0 ? dataDir : mkdtempSync(path.join(tmpdir(), 'console-bench-staff-'));
      const proxied = processes > 1 ? { TRUST_PROXY: 'true' } : {};
      servers.push({
        ...(await serveApiOnly(dir, { ...BENCH_ENV, ...proxied, DATABASE_URL: databaseUrl })),
        dir,
      });
    }
    if (processes > 1) {
      proxy = await startNginx(servers.map((s) => s.url));
      console.info(`${processes} API processes behind nginx at ${proxy.url}`);
    }
    const server = { url: proxy?.url ?? servers[0].url };
    const emails = await pickAccounts(monitor, n);
    const { rows: admins } = await monitor.query(
      `select email from users where is_active and role = 'ADMIN' and email like '%@bulk.example.com'
       order by id desc limit 2`,
    );
    console.info(`Signing in ${emails.length} console sessions…`);
    const signInStarted = performance.now();
    const tokens = await signInAll(server.url, emails);
    const [driverToken, proberToken] = await signInAll(
      server.url,
      admins.map((row) => row.email),
    );
    console.info(`  ${((performance.now() - signInStarted) / 1000).toFixed(0)} s`);
    const decisionsNeeded = Math.ceil(rate * seconds * 1.2) + 50;
    const work = await pendingWork(server.url, driverToken, decisionsNeeded);
    if (work.length < decisionsNeeded) {
      console.warn(
        `  only ${work.length} PENDING approvals for ${decisionsNeeded} decisions: raise --approvals`,
      );
    }

    let importAlone = null;
    if (withImport) {
      console.info('Importing 2,500 bills with no console open (the time alone)…');
      importAlone = await importBills(databaseUrl);
      console.info(
        `  ${importAlone.seconds.toFixed(1)} s, ${importAlone.bills} bills, ${importAlone.status}${importAlone.error ? `: ${importAlone.error}` : ''}`,
      );
    }
    return await runStep({
      n,
      url: server.url,
      apiPids: servers.map((s) => s.pid),
      labUrls: servers.map((s) => s.url),
      proxyPid: proxy?.pid ?? null,
      monitor,
      database,
      tokens,
      driverToken,
      proberToken,
      work,
      rate,
      seconds,
      importBills: withImport ? () => importBills(databaseUrl, 1) : null,
      importAlone,
      baseline,
    });
  } finally {
    await proxy?.stop();
    for (const server of servers) {
      // An API that died already would never answer its stop.
      if (isAlive(server.pid)) await server.stop();
      else console.error('An API process had exited before the end of the run.');
      if (server.dir !== dataDir) rmSync(server.dir, { recursive: true, force: true });
    }
    await monitor.end().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    if (!keep) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`drop database if exists "${database}" with (force)`);
      await admin.end();
    }
  }
}
