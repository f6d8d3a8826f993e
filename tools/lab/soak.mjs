// `pnpm test:soak`: load with faults. Starts its own PostgreSQL 15 cluster in a temporary
// folder, seeds the demo data, runs several compiled API processes against it and drives a mixed
// workload (reads, edits, creates, approvals, CSV exports) from many concurrent keep-alive
// connections. During the run it restarts one API process, then stops PostgreSQL for a few seconds
// and starts it again. Afterwards it checks, and prints:
//   - every answer was a 2xx, a 4xx, or a clean 503 envelope while the database was away;
//   - every API process answered from the database again by itself once PostgreSQL was back;
//   - every acknowledged write (2xx) is in the database with the acknowledged value;
//   - every approval was decided at most once (history and client side);
//   - the trigger-kept count tables equal a fresh COUNT(*);
//   - every acknowledged decision reached each of --streams live event streams (default 200) held
//     open across the API processes through both faults, live or replayed on reconnect.
// Exit code 1 when a check fails; timings are printed, never judged.
//
// Options: --seconds N (default 60), --connections N (default 200), --apis N (default 3),
// --pg-port N (default 8224), --api-port N (first API port, default 8234, then +10 each),
// --outage-seconds N (how long PostgreSQL stays stopped, default 5), --streams N (live event streams).
// Needs the PostgreSQL 15 server binaries (PG_BIN, default /usr/lib/postgresql/15/bin); run as root
// it runs them as the `postgres` OS user (initdb refuses root).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { API_BUNDLE, apiNeedsBuild, buildApi } from '../build/build-api.mjs';
import { ROOT } from '../build/frontends.mjs';
import { demoSignIn } from './demo-sign-in.mjs';
import { startLiveStreams } from './soak-live.mjs';

const pg = createRequire(path.join(ROOT, 'api', 'package.json'))('pg');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    console.error(`--${name} must be a positive whole number`);
    process.exit(2);
  }
  return value;
};
const SECONDS = option('seconds', 60);
const CONNECTIONS = option('connections', 200);
const API_COUNT = option('apis', 3);
const PG_PORT = option('pg-port', 8224);
const API_PORT = option('api-port', 8234);
const OUTAGE_SECONDS = option('outage-seconds', 5);
const STREAMS = option('streams', 200);
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const REQUEST_TIMEOUT_MS = 30_000;
// A 503 may still arrive for a request that was in flight when PostgreSQL came back, and a pool
// needs a moment to reconnect: this long after the restart, a 503 counts as a failure.
const RECOVERY_GRACE_MS = 10_000;
const PASSWORD = 'Password123!';

const isRoot = process.getuid?.() === 0;
const asPostgres = (command, commandArgs) =>
  isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...commandArgs]] : [command, commandArgs];
const log = (...parts) => console.info(`[soak ${((performance.now() - t0) / 1000).toFixed(1)}s]`, ...parts);
const t0 = performance.now();
const now = () => performance.now();

// ---- PostgreSQL: our own cluster ------------------------------------------------------------------

const pgDir = mkdtempSync(path.join(tmpdir(), 'soak-pg-'));
const pgData = path.join(pgDir, 'data');
const pgLog = path.join(pgDir, 'server.log');
if (isRoot) chownSync(pgDir, ...postgresIds());

function postgresIds() {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return [uid, gid];
}

// Asynchronous: the load keeps running (and its answers keep being read) while pg_ctl waits.
async function pgCtl(...ctlArgs) {
  const [command, commandArgs] = asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', pgData, ...ctlArgs]);
  await promisify(execFile)(command, commandArgs);
}

const startPostgres = () => pgCtl('-l', pgLog, '-w', '-t', '60', 'start');
const stopPostgres = () => pgCtl('-m', 'fast', '-w', '-t', '60', 'stop');

async function initPostgres() {
  const [command, commandArgs] = asPostgres(path.join(PG_BIN, 'initdb'), [
    '-D',
    pgData,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
  ]);
  execFileSync(command, commandArgs, { stdio: 'ignore' });
  writeFileSync(
    path.join(pgData, 'postgresql.auto.conf'),
    [
      `port = ${PG_PORT}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${pgDir}'`,
      'max_connections = 200',
      'shared_buffers = 64MB',
      // A throw-away cluster: durability is PostgreSQL's own business, not what is tested here.
      // fsync stays on so a restart behaves as in production.
      'synchronous_commit = on',
      '',
    ].join('\n'),
  );
  if (isRoot) execFileSync('chown', ['postgres:postgres', path.join(pgData, 'postgresql.auto.conf')]);
  await startPostgres();
  execFileSync(
    ...asPostgres(path.join(PG_BIN, 'createdb'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(PG_PORT),
      '-U',
      'postgres',
      'soak',
    ]),
    { stdio: 'inherit' },
  );
}

const DATABASE_URL = `postgres://postgres@127.0.0.1:${PG_PORT}/soak`;

// ---- API processes ------------------------------------------------------------------------------

const staticRoot = mkdtempSync(path.join(tmpdir(), 'soak-static-'));
const apiEnv = {
  ...process.env,
  DATABASE_URL,
  HOST: '127.0.0.1',
  // Shared by every process, as behind a load balancer.
  JWT_SECRET: randomBytes(48).toString('base64url'),
  QB_TOKEN_KEY: randomBytes(32).toString('hex'),
  BANK_ACCOUNT_KEY: randomBytes(32).toString('hex'),
  ACCESS_TOKEN_TTL: '3600',
  // The soak signs in once and never refreshes: the idle limit must outlast the access token (the
  // server refuses to start otherwise), so the session lives as long as its token.
  SESSION_IDLE_TIMEOUT: '7200',
  // The soak's live clients stand for many people's tabs but share one account.
  LIVE_MAX_STREAMS_PER_ACCOUNT: '1000',
  DATA_DIR: path.join(pgDir, 'api-data'),
  STATIC_ROOT: staticRoot,
  LOG_LEVEL: 'error',
};

const apis = Array.from({ length: API_COUNT }, (_, index) => ({
  index,
  port: API_PORT + index * 10,
  child: null,
  stopping: false,
  stderr: '',
}));

function spawnApi(api) {
  const child = spawn(process.execPath, ['--enable-source-maps', API_BUNDLE], {
    cwd: ROOT,
    env: { ...apiEnv, PORT: String(api.port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk) => {
    api.stderr = (api.stderr + chunk.toString()).slice(-20_000);
  });
  child.on('exit', (code, signal) => {
    // Only the restart this script asks for may end a process.
    if (api.child === child && !api.stopping) {
      stats.violations.push(
        `API process ${api.index} exited by itself (code ${code}, signal ${signal}):\n${api.stderr.slice(-4000)}`,
      );
    }
  });
  api.child = child;
  return child;
}

async function waitForHealth(port, deadlineMs = 60_000) {
  const end = now() + deadlineMs;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (now() > end) throw new Error(`API on port ${port} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopApi(api) {
  const child = api.child;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  api.stopping = true;
  child.kill('SIGTERM');
  await exited;
  api.stopping = false;
}

// ---- HTTP client ----------------------------------------------------------------------------------

const agents = apis.map(() => new http.Agent({ keepAlive: true, maxSockets: Infinity }));

/**
 * One request; resolves with { status, body, headers } or { error: code } (no answer at all).
 * `expectBody: false` drains the body without keeping it (exports).
 */
function send(apiIndex, method, urlPath, { token, json, keepBody = true } = {}) {
  return new Promise((resolve) => {
    const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    const request = http.request(
      {
        host: '127.0.0.1',
        port: apis[apiIndex].port,
        method,
        path: urlPath,
        agent: agents[apiIndex],
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}),
        },
      },
      (response) => {
        const chunks = [];
        let size = 0;
        // Error answers are always kept, so a 5xx can be checked for the envelope.
        const keep = keepBody || (response.statusCode ?? 0) >= 300;
        response.on('data', (chunk) => {
          size += chunk.length;
          if (keep) chunks.push(chunk);
        });
        response.on('end', () => {
          if (!response.complete) {
            resolve({ error: 'ANSWER_CUT', status: response.statusCode });
            return;
          }
          resolve({
            status: response.statusCode,
            headers: response.headers,
            size,
            body: keep ? Buffer.concat(chunks).toString('utf8') : '',
          });
        });
        response.on('error', () => resolve({ error: 'ANSWER_CUT', status: response.statusCode }));
        response.on('aborted', () => resolve({ error: 'ANSWER_CUT', status: response.statusCode }));
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', (error) => resolve({ error: error.code ?? error.message }));
    request.end(payload);
  });
}

function parse(body) {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

// ---- What happened: every answer, classified ---------------------------------------------------

const stats = {
  requests: 0,
  byStatus: new Map(),
  byKind: new Map(),
  connectionErrors: apis.map(() => new Map()),
  retriedOnRefused: 0,
  cleanUnavailable: 0,
  unavailableInOutage: 0,
  violations: [],
  latencies: [],
};
const timeline = { apiRestart: null, pgStop: null, pgStart: null, pgUp: null };
// Per API process: how long after PostgreSQL was up again it first answered a database read.
const firstSuccessAfterPg = apis.map(() => null);

/**
 * From the moment PostgreSQL is up: each API process is asked for a database-backed read every
 * 50 ms until it answers 2xx (or 60 s pass). Nobody restarts anything: this is the API recovering
 * by itself. (A probe rather than the load, so the figure does not depend on the load's mix.)
 */
async function probeRecovery(token) {
  await Promise.all(
    apis.map(async (api, index) => {
      const end = timeline.pgUp + 60_000;
      while (now() < end) {
        const result = await send(index, 'GET', '/api/dashboard/stats', { token });
        if (!result.error && result.status >= 200 && result.status < 300) {
          firstSuccessAfterPg[index] = now() - timeline.pgUp;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }),
  );
}

function bump(map, key) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function inOutage(sentAt, answeredAt) {
  if (timeline.pgStop === null) return false;
  const end = timeline.pgUp === null ? Infinity : timeline.pgUp + RECOVERY_GRACE_MS;
  // Any overlap of the request's lifetime with [stop, up + grace].
  return answeredAt >= timeline.pgStop - 1_000 && sentAt <= end;
}

/**
 * A request through API process `apiIndex`. A refused connection (that process is restarting)
 * never reached any server, so it is counted for that process and sent once to the next one —
 * the only retry, safe for writes too. Any other failure is reported as it is.
 */
async function call(kind, apiIndex, method, urlPath, options = {}) {
  let target = apiIndex;
  let sentAt = now();
  let result = await send(target, method, urlPath, options);
  if (result.error === 'ECONNREFUSED') {
    bump(stats.connectionErrors[target], 'ECONNREFUSED');
    stats.retriedOnRefused += 1;
    target = (target + 1) % apis.length;
    sentAt = now();
    result = await send(target, method, urlPath, options);
  }
  const answeredAt = now();
  stats.requests += 1;
  bump(stats.byKind, kind);
  if (result.error) {
    bump(stats.connectionErrors[target], result.error);
    bump(stats.byStatus, `no answer (${result.error})`);
    return { ...result, ok: false, sentAt, answeredAt, target };
  }
  stats.latencies.push(answeredAt - sentAt);
  bump(stats.byStatus, String(result.status));
  const status = result.status;
  if (status >= 500) {
    const envelope = parse(result.body);
    const clean =
      status === 503 &&
      envelope?.success === false &&
      envelope.error?.code === 'SERVICE_UNAVAILABLE' &&
      typeof envelope.error.message === 'string';
    if (clean) stats.cleanUnavailable += 1;
    if (clean && inOutage(sentAt, answeredAt)) stats.unavailableInOutage += 1;
    else
      stats.violations.push(
        `${kind}: ${method} ${urlPath} on API ${target} answered ${status}${clean ? ' (clean 503 outside the outage)' : ''}: ${result.body.slice(0, 200)}`,
      );
  }
  return { ...result, ok: status >= 200 && status < 300, sentAt, answeredAt, target };
}

// ---- Workload -----------------------------------------------------------------------------------

const acknowledged = {
  companies: new Map(), // id → name (2xx create)
  edits: new Map(), // company id → { last acknowledged description, later attempts of unknown outcome }
  approvals: new Set(), // ids created (2xx)
  decisions: new Map(), // approval id → [decision, ...] (2xx only)
};
const pending = []; // approval ids believed PENDING, newest last; shared so decisions collide
let companyIds = [];
/** Demo companies without QuickBooks: requests are entered by hand only there. */
let handCompanyIds = [];
let tokens = {};

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * A bill entered by hand (the server numbers it): of one of the demo vendors every demo company has
 * ('1' to '12', each with a bank account), for a company without QuickBooks.
 */
function bill(seq) {
  const amount = Math.round(Math.random() * 90_000 + 1_000) / 100;
  return {
    vendorRef: String(1 + (seq % 12)),
    DocNumber: `S-${seq}`,
    TxnDate: '2026-12-01',
    DueDate: '2027-01-31',
    TotalAmt: amount,
    Line: [{ Description: 'Soak line', Amount: amount }],
  };
}

let seq = 0;
const operations = [
  // [weight, name, run(worker)]
  [
    14,
    'read companies',
    (w) =>
      call('read', w.api, 'GET', `/api/company/companies?page=${1 + (seq++ % 3)}&limit=10`, {
        token: tokens.admin,
      }),
  ],
  [
    6,
    'search companies',
    (w) =>
      call(
        'read',
        w.api,
        'GET',
        `/api/company/companies?search=${pick(['co', 'tech', 'soak', 'sys'])}&limit=10`,
        { token: tokens.admin },
      ),
  ],
  [
    12,
    'read approvals',
    (w) =>
      call(
        'read',
        w.api,
        'GET',
        `/api/bill-approval/approvals?page=1&limit=10&status=${pick(['all', 'PENDING', 'APPROVED'])}`.replace(
          '&status=all',
          '',
        ),
        { token: tokens.user },
      ),
  ],
  [
    6,
    'approval stats',
    (w) => call('read', w.api, 'GET', '/api/bill-approval/approvals/stats', { token: tokens.user }),
  ],
  [6, 'dashboard', (w) => call('read', w.api, 'GET', '/api/dashboard/stats', { token: tokens.user })],
  [4, 'users', (w) => call('read', w.api, 'GET', '/api/user/users?page=1&limit=10', { token: tokens.admin })],
  [
    4,
    'approval history',
    async (w) => {
      const id = pick(pending) ?? pick([...acknowledged.approvals]);
      if (!id)
        return call('read', w.api, 'GET', '/api/bill-approval/approvals/stats', { token: tokens.user });
      return call('read', w.api, 'GET', `/api/bill-approval/approvals/${id}/history`, { token: tokens.user });
    },
  ],
  [
    4,
    'create company',
    async (w) => {
      const name = `Soak Co ${randomUUID().slice(0, 13)}`;
      const result = await call('write', w.api, 'POST', '/api/company/companies', {
        token: tokens.moderator,
        json: { name, industry: 'Technology' },
      });
      const id = result.ok ? parse(result.body)?.data?.id : undefined;
      if (id) {
        acknowledged.companies.set(id, name);
        w.ownCompanies.push(id);
      }
      return result;
    },
  ],
  [
    10,
    'edit company',
    async (w) => {
      const id = w.ownCompanies.length > 0 ? pick(w.ownCompanies) : null;
      if (id === null)
        return call('read', w.api, 'GET', `/api/company/companies/${pick(companyIds)}`, {
          token: tokens.admin,
        });
      const description = `soak edit ${randomUUID()}`;
      const record = acknowledged.edits.get(id) ?? { last: null, unknown: [] };
      acknowledged.edits.set(id, record);
      const result = await call('write', w.api, 'PUT', `/api/company/companies/${id}`, {
        token: tokens.moderator,
        json: { description },
      });
      // A worker edits its own companies one at a time: the last acknowledged value is the answer,
      // unless a later attempt got no answer (it may or may not have committed).
      if (result.ok) {
        record.last = description;
        record.unknown = [];
      } else if (result.error) record.unknown.push(description);
      return result;
    },
  ],
  [
    8,
    'create approval',
    async (w) => {
      const bills = [bill((seq += 1)), bill((seq += 1))];
      const result = await call('write', w.api, 'POST', '/api/bill-approval/approvals', {
        token: tokens.moderator,
        json: {
          companyId: pick(handCompanyIds),
          priority: pick(['LOW', 'MEDIUM', 'HIGH', 'URGENT']),
          bills,
        },
      });
      const id = result.ok ? parse(result.body)?.data?.id : undefined;
      if (id) {
        acknowledged.approvals.add(id);
        pending.push(id);
      }
      return result;
    },
  ],
  [
    12,
    'decide approval',
    async (w) => {
      // Among the newest few, so several workers often race for one approval.
      const id = pending[pending.length - 1 - Math.floor(Math.random() * Math.min(8, pending.length))];
      if (!id)
        return call('read', w.api, 'GET', '/api/bill-approval/approvals/stats', { token: tokens.user });
      const approve = Math.random() < 0.6;
      const result = await call(
        'decision',
        w.api,
        'PUT',
        `/api/bill-approval/approvals/${id}/${approve ? 'approve' : 'reject'}`,
        {
          // The USER decides only where the company's policy names them; the ADMIN everywhere.
          token: Math.random() < 0.5 ? tokens.user : tokens.admin,
          json: approve ? {} : { rejectionReason: 'Soak test rejection' },
        },
      );
      // Under an approval policy of several steps an approve may only decide a step: the approval
      // stays PENDING (its answer says so) and is not a decision of the approval yet.
      const answered = result.ok ? parse(result.body)?.data?.status : undefined;
      const decided = result.ok && answered !== 'PENDING';
      if (decided || result.status === 409) {
        const at = pending.indexOf(id);
        if (at >= 0) pending.splice(at, 1);
      }
      if (decided) {
        const list = acknowledged.decisions.get(id) ?? [];
        list.push(approve ? 'APPROVED' : 'REJECTED');
        acknowledged.decisions.set(id, list);
      }
      return result;
    },
  ],
  [
    3,
    'export csv',
    async (w) => {
      const result = await call(
        'export',
        w.api,
        'GET',
        `/api/bill-approval/approvals/export?format=csv&status=${pick(['PENDING', 'APPROVED', 'REJECTED'])}`,
        { token: tokens.user, keepBody: false },
      );
      if (result.ok && !String(result.headers['content-type']).startsWith('text/csv'))
        stats.violations.push(`export answered 2xx with ${result.headers['content-type']}`);
      return result;
    },
  ],
];
const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0);
function chooseOperation() {
  let roll = Math.random() * totalWeight;
  for (const operation of operations) {
    roll -= operation[0];
    if (roll < 0) return operation;
  }
  return operations[0];
}

async function worker(index, until) {
  const w = { api: index % apis.length, ownCompanies: [] };
  while (now() < until) {
    const [, , run] = chooseOperation();
    await run(w);
  }
}

// ---- Checks after the run ---------------------------------------------------------------------

const AFTER_APPROVAL = new Set([
  'APPROVED',
  'NACHA_GENERATED',
  'NACHA_PENDING',
  'BANK_UPLOADED',
  'PAYMENT_COMPLETED',
]);

async function verify(client) {
  const failures = [];
  const check = (ok, message, category = 'writes') => {
    if (!ok) failures.push({ category, message });
  };

  // Acknowledged creates.
  const companyRows = await client.query('select id, name from companies where id = any($1::int[])', [
    [...acknowledged.companies.keys()],
  ]);
  const stored = new Map(companyRows.rows.map((row) => [row.id, row.name]));
  for (const [id, name] of acknowledged.companies)
    check(stored.get(id) === name, `acknowledged company ${id} (${name}) is missing or changed`);

  // Acknowledged edits: the last acknowledged value, or a later attempt that got no answer.
  const edited = [...acknowledged.edits].filter(([, record]) => record.last !== null);
  const editRows = await client.query('select id, description from companies where id = any($1::int[])', [
    edited.map(([id]) => id),
  ]);
  const descriptions = new Map(editRows.rows.map((row) => [row.id, row.description]));
  for (const [id, record] of edited) {
    const actual = descriptions.get(id);
    check(
      actual === record.last || record.unknown.includes(actual),
      `company ${id}: acknowledged description "${record.last}" but the database has "${actual}"`,
    );
  }

  // Acknowledged approvals and decisions.
  const approvalRows = await client.query('select id, status from approvals where id = any($1::uuid[])', [
    [...new Set([...acknowledged.approvals, ...acknowledged.decisions.keys()])],
  ]);
  const statusOf = new Map(approvalRows.rows.map((row) => [row.id, row.status]));
  for (const id of acknowledged.approvals) check(statusOf.has(id), `acknowledged approval ${id} is missing`);
  let doubleAcks = 0;
  for (const [id, decisions] of acknowledged.decisions) {
    if (decisions.length > 1) doubleAcks += 1;
    check(
      decisions.length === 1,
      `approval ${id} was acknowledged as decided ${decisions.length} times`,
      'decisions',
    );
    // An approved approval moves on by itself (its bank file is generated): any later payment
    // status still records that approval.
    const stored = statusOf.get(id);
    const consistent = decisions[0] === 'APPROVED' ? AFTER_APPROVAL.has(stored) : stored === 'REJECTED';
    check(consistent, `approval ${id}: acknowledged ${decisions[0]} but stored ${stored}`, 'decisions');
  }
  const doubles = await client.query(`
    select entity_id, count(*)::int as n from activity
    where action in ('approval.approve', 'approval.reject') group by entity_id having count(*) > 1`);
  check(
    doubles.rowCount === 0,
    `${doubles.rowCount} approvals have more than one decision in their history`,
    'decisions',
  );
  const undocumented = await client.query(
    `
    select a.id from approvals a
    where a.status in ('APPROVED', 'REJECTED') and a.id = any($1::uuid[])
      and not exists (select 1 from activity x where x.entity_id = a.id::text
                      and x.action in ('approval.approve', 'approval.reject'))`,
    [[...acknowledged.approvals]],
  );
  check(
    undocumented.rowCount === 0,
    `${undocumented.rowCount} decided approvals have no decision in their history`,
    'decisions',
  );

  // Trigger-kept counts against a fresh COUNT(*).
  const countChecks = [
    [
      'approval_status_counts',
      'select status::text as k, count from approval_status_counts',
      'select status::text as k, count(*) from approvals group by 1',
    ],
    [
      'approval_counts',
      "select status || '/' || priority as k, count from approval_counts",
      "select status || '/' || priority as k, count(*) from approvals group by 1",
    ],
    [
      'company_counts',
      "select status || '/' || qb_status as k, count from company_counts",
      "select status || '/' || coalesce(qb_connection_status, 'none') as k, count(*) from companies group by 1",
    ],
    [
      'user_counts',
      "select role || '/' || is_active as k, count from user_counts",
      "select role || '/' || is_active as k, count(*) from users group by 1",
    ],
    [
      'manager_counts',
      "select status || '/' || linked as k, count from manager_counts",
      "select status || '/' || (user_id is not null) as k, count(*) from managers group by 1",
    ],
  ];
  const countResults = [];
  for (const [table, keptSql, freshSql] of countChecks) {
    const kept = new Map((await client.query(keptSql)).rows.map((row) => [row.k, Number(row.count)]));
    const fresh = new Map((await client.query(freshSql)).rows.map((row) => [row.k, Number(row.count)]));
    const keys = new Set([...kept.keys(), ...fresh.keys()]);
    const wrong = [...keys].filter((key) => (kept.get(key) ?? 0) !== (fresh.get(key) ?? 0));
    const total = [...fresh.values()].reduce((a, b) => a + b, 0);
    countResults.push({ table, rows: total, equal: wrong.length === 0 });
    check(
      wrong.length === 0,
      `${table} differs from COUNT(*) for ${wrong.map((key) => `${key}: kept ${kept.get(key) ?? 0}, counted ${fresh.get(key) ?? 0}`).join('; ')}`,
    );
  }
  return { failures, countResults, doubleAcks };
}

// ---- Run ----------------------------------------------------------------------------------------

async function signIn(email) {
  const result = await demoSignIn(`http://127.0.0.1:${apis[0].port}`, email, PASSWORD);
  const token = result.body?.data?.tokens?.accessToken;
  if (!token) throw new Error(`sign-in as ${email} failed: ${result.status} ${JSON.stringify(result.body)}`);
  return token;
}

let exitCode = 0;
try {
  if (!existsSync(path.join(PG_BIN, 'initdb')))
    throw new Error(`No PostgreSQL binaries in ${PG_BIN} (set PG_BIN)`);
  if (apiNeedsBuild()) {
    log('building the API…');
    await buildApi();
  }
  log(`starting PostgreSQL in ${pgData} on port ${PG_PORT}…`);
  await initPostgres();
  log('migrating and seeding the demo data…');
  execFileSync(
    path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx'),
    [path.join(ROOT, 'api', 'src', 'seed', 'cli.ts')],
    {
      cwd: ROOT,
      env: apiEnv,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  log(`starting ${apis.length} API processes on ports ${apis.map((api) => api.port).join(', ')}…`);
  for (const api of apis) spawnApi(api);
  await Promise.all(apis.map((api) => waitForHealth(api.port)));

  tokens = {
    admin: await signIn('admin@example.com'),
    moderator: await signIn('moderator@example.com'),
    user: await signIn('user@example.com'),
  };
  const companies = parse(
    (await send(0, 'GET', '/api/company/companies?limit=100', { token: tokens.admin })).body,
  );
  companyIds = companies.data.map((company) => company.id);
  handCompanyIds = companies.data
    .filter((company) => !['connected', 'error'].includes(company.qbConnectionStatus))
    .map((company) => company.id);
  const seededPending = parse(
    (await send(0, 'GET', '/api/bill-approval/approvals?status=PENDING&limit=100', { token: tokens.user }))
      .body,
  );
  pending.push(...seededPending.data.map((approval) => approval.id));

  log(`opening ${STREAMS} live event streams…`);
  const live = await startLiveStreams({
    count: STREAMS,
    ports: apis.map((api) => api.port),
    token: tokens.user,
  });

  const start = now();
  const until = start + SECONDS * 1000;
  log(`load: ${CONNECTIONS} connections for ${SECONDS} s`);
  let loadEnd = 0;
  const load = Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => worker(index, until))).then(
    () => {
      loadEnd = now();
    },
  );

  const at = (fraction) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, start + SECONDS * 1000 * fraction - now())));
  const faults = (async () => {
    await at(0.2);
    const victim = apis[apis.length > 1 ? 1 : 0];
    log(`restarting API process ${victim.index} (port ${victim.port})…`);
    timeline.apiRestart = now();
    await stopApi(victim);
    spawnApi(victim);
    await waitForHealth(victim.port);
    timeline.apiBack = now();
    log(
      `API process ${victim.index} is back after ${((timeline.apiBack - timeline.apiRestart) / 1000).toFixed(1)} s`,
    );

    await at(0.45);
    log('stopping PostgreSQL…');
    timeline.pgStop = now();
    await stopPostgres();
    log(`PostgreSQL stopped; starting it again in ${OUTAGE_SECONDS} s`);
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_SECONDS * 1000));
    timeline.pgStart = now();
    await startPostgres();
    timeline.pgUp = now();
    log('PostgreSQL is up again');
    await probeRecovery(tokens.user);
    log(
      `every API process answers from the database again (slowest after ${Math.max(...firstSuccessAfterPg.map((v) => v ?? Infinity)).toFixed(0)} ms)`,
    );
  })();
  await Promise.all([load, faults]);
  const elapsed = (loadEnd - start) / 1000;
  log('load finished; waiting for the live streams to catch up…');
  const liveResult = await live.finish(acknowledged.decisions);
  log('checking the database…');

  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  let result;
  try {
    result = await verify(client);
  } finally {
    await client.end();
  }

  // ---- Figures ----
  const latencies = stats.latencies.sort((a, b) => a - b);
  const pct = (p) =>
    (latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0).toFixed(0);
  const recovered = firstSuccessAfterPg.every((value) => value !== null);
  const recoveryMs = recovered ? Math.max(...firstSuccessAfterPg) : null;
  const rows = [
    ['API processes / connections / seconds', `${apis.length} / ${CONNECTIONS} / ${elapsed.toFixed(1)}`],
    ['requests answered or failed', stats.requests],
    ['requests per second', (stats.requests / elapsed).toFixed(0)],
    ['latency p50 / p95 / p99 (ms)', `${pct(50)} / ${pct(95)} / ${pct(99)}`],
    ['by kind', [...stats.byKind].map(([k, v]) => `${k} ${v}`).join(', ')],
    [
      'status codes',
      [...stats.byStatus]
        .sort()
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
    ],
    ['clean 503 while PostgreSQL was away', stats.unavailableInOutage],
    ['PostgreSQL stopped for (s)', ((timeline.pgUp - timeline.pgStop) / 1000).toFixed(1)],
    [
      'recovery after PostgreSQL was up (ms, per API)',
      firstSuccessAfterPg.map((value) => (value === null ? 'never' : value.toFixed(0))).join(' / '),
    ],
    ['API restart: down for (s)', ((timeline.apiBack - timeline.apiRestart) / 1000).toFixed(1)],
    [
      'connection errors (per API process)',
      stats.connectionErrors
        .map((errors, index) => `#${index}: ${[...errors].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`)
        .join('; '),
    ],
    ['requests re-sent after ECONNREFUSED', stats.retriedOnRefused],
    [
      'acknowledged company creates / edits',
      `${acknowledged.companies.size} / ${[...acknowledged.edits.values()].filter((r) => r.last !== null).length}`,
    ],
    [
      'acknowledged approval creates / decisions',
      `${acknowledged.approvals.size} / ${acknowledged.decisions.size}`,
    ],
    [
      'count tables equal COUNT(*)',
      result.countResults.map((c) => `${c.table} ${c.equal ? 'yes' : 'NO'}`).join(', '),
    ],
  ];
  rows.push(...liveResult.figures);
  const width = Math.max(...rows.map(([label]) => label.length));
  console.info('\nLoad with faults — figures');
  for (const [label, value] of rows) console.info(`  ${label.padEnd(width)}  ${value}`);

  const failures = [
    ...stats.violations.slice(0, 20),
    ...(stats.violations.length > 20 ? [`…and ${stats.violations.length - 20} more bad answers`] : []),
    ...result.failures.map((failure) => failure.message),
    ...liveResult.failures,
    ...(recovered
      ? []
      : ['an API process never answered from the database again after PostgreSQL came back']),
  ];
  const failed = (category) => result.failures.some((failure) => failure.category === category);
  const totalConnectionErrors = stats.connectionErrors.reduce(
    (sum, errors) => sum + [...errors.values()].reduce((a, b) => a + b, 0),
    0,
  );
  console.info('\nChecks');
  console.info(
    `  ${stats.violations.length === 0 ? 'ok ' : 'BAD'} every answer was a 2xx, a 4xx, or a clean 503 while the database was away`,
  );
  console.info(
    `  ${recovered ? 'ok ' : 'BAD'} every API process recovered by itself (slowest ${recoveryMs?.toFixed(0) ?? '—'} ms after PostgreSQL was up)`,
  );
  console.info(`  ${failed('writes') ? 'BAD' : 'ok '} every acknowledged write is in the database`);
  console.info(`  ${failed('decisions') ? 'BAD' : 'ok '} every approval was decided at most once`);
  console.info(`  ${failed('counts') ? 'BAD' : 'ok '} the count tables equal a fresh COUNT(*)`);
  console.info(
    `  ${liveResult.ok ? 'ok ' : 'BAD'} every acknowledged decision reached every live stream (live or replayed)`,
  );
  console.info(
    `  (connection errors, all at the TCP level: ${totalConnectionErrors}; see the table per process)`,
  );
  if (failures.length > 0) {
    exitCode = 1;
    console.error('\nFailures:');
    for (const failure of failures) console.error(`  - ${failure}`);
  }
} catch (error) {
  exitCode = 1;
  console.error(error);
  for (const api of apis)
    if (api.stderr) console.error(`API ${api.index} stderr:\n${api.stderr.slice(-3000)}`);
} finally {
  for (const agent of agents) agent.destroy();
  await Promise.all(apis.map((api) => stopApi(api).catch(() => {})));
  await stopPostgres().catch(() => {});
  rmSync(pgDir, { recursive: true, force: true });
  rmSync(staticRoot, { recursive: true, force: true });
}
process.exit(exitCode);
