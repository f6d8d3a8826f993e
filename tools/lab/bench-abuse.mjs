// `pnpm bench -- --abuse`: what one hostile low-privilege client costs everyone else, measured on the
// production API on a throw-away embedded database. It prints figures; it never fails on a timing.
//
// 1. Password strength estimates: an ADMIN creates accounts one after another, alone and then while a
//    GUEST floods `PUT /api/user/password` with 128-character new passwords from 20 parallel loops:
//    in the flood's first seconds (its first long estimates run) and once it has run 5 s (what a
//    flood costs while it lasts). The estimator threads are shared by everyone; the throttle, the
//    100-character cut, one estimate per person and a thirtieth of a thread's time per person keep
//    the ADMIN's time near its usual one.
// 2. Replaying live streams: 100 GUEST streams (10 accounts, the per-account cap each) reconnecting
//    with `Last-Event-ID: 0` over and over against a log of 10,000 events, while /api/health is
//    timed; the process's resident memory before, during and after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveApiOnly } from './bench-lib.mjs';
import { demoSignIn } from './demo-sign-in.mjs';

const PASSWORD = 'Password123!';
const NEW_PASSWORD = 'Quartz-Lantern-Meadow-73';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function api(url, method, route, token, body) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function signIn(url, email, password = PASSWORD) {
  const answer = await demoSignIn(url, email, password);
  if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${answer.status}`);
  return answer.body.data.tokens.accessToken;
}

async function rss(url) {
  return (await (await fetch(`${url}/api/bench/memory`)).json()).rss;
}

let registered = 0;
/** One account created by the ADMIN: the time the request took, in ms. */
async function timedRegister(url, admin) {
  registered += 1;
  const started = performance.now();
  const answer = await api(url, 'POST', '/api/auth/register', admin, {
    email: `abuse.bench.${registered}@example.com`,
    password: NEW_PASSWORD,
    firstName: 'Bench',
    lastName: `Person ${registered}`,
    role: 'GUEST',
  });
  if (answer.status !== 201) throw new Error(`register: ${answer.status} ${JSON.stringify(answer.body)}`);
  return performance.now() - started;
}

async function passwordFlood(url, admin) {
  // 3 × 6 accounts: within the ADMIN's 20 new-password checks a minute (PASSWORD_CHECKS_PER_MINUTE).
  const alone = [];
  for (let i = 0; i < 6; i += 1) alone.push(await timedRegister(url, admin));
  const guest = await signIn(url, 'guest@example.com');
  let stop = false;
  const answers = new Map();
  const long = 'Quartz-Lantern-Meadow-73-'.repeat(6).slice(0, 128);
  const floodStarted = performance.now();
  const loops = Array.from({ length: 20 }, async () => {
    while (!stop) {
      const answer = await api(url, 'PUT', '/api/user/password', guest, {
        currentPassword: 'Not-The-Current-1',
        newPassword: long,
      });
      answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1);
    }
  });
  await sleep(500);
  const firstSeconds = [];
  for (let i = 0; i < 6; i += 1) firstSeconds.push(await timedRegister(url, admin));
  await sleep(Math.max(0, 5_000 - (performance.now() - floodStarted)));
  const flooded = [];
  for (let i = 0; i < 6; i += 1) flooded.push(await timedRegister(url, admin));
  stop = true;
  await Promise.all(loops);
  console.info(
    '\nAn ADMIN creating accounts, alone and while a GUEST floods 128-character password changes:',
  );
  console.info(`  ${'case'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
  for (const [label, values] of [
    ['alone (6 accounts)', alone],
    ["the flood's first seconds (6)", firstSeconds],
    ['the flood, from 5 s on (6)', flooded],
  ]) {
    console.info(
      `  ${label.padEnd(34)} ${percentile(values, 50).toFixed(0).padStart(8)} ${Math.max(...values)
        .toFixed(0)
        .padStart(8)}`,
    );
  }
  console.info(
    `  the flood's answers: ${[...answers.entries()].map(([status, n]) => `${n} × ${status}`).join(', ')}`,
  );
  const ratio = (values) => (percentile(values, 50) / percentile(alone, 50)).toFixed(2);
  console.info(
    `  first seconds / alone (p50): ${ratio(firstSeconds)}×; from 5 s on / alone: ${ratio(flooded)}×`,
  );
}

/** A stream opened with Last-Event-ID 0 and read for 300 ms, as a client that then reconnects. */
async function replayOnce(url, token, signal) {
  const attempt = AbortSignal.any([signal, AbortSignal.timeout(300)]);
  let status = 0;
  try {
    const response = await fetch(`${url}/api/events`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', 'Last-Event-ID': '0' },
      signal: attempt,
    });
    status = response.status;
    await response.arrayBuffer();
  } catch {
    // The read was cut at 300 ms (or the storm ended): the usual end of an attempt.
  }
  return status;
}

async function replayStorm(url, admin, moderator) {
  // A log of 10,000 events: company edits, as many as the log keeps.
  const companies = await api(url, 'GET', '/api/company/companies?limit=1', admin);
  const company = companies.body.data[0];
  for (let i = 0; i < 250; i += 1) {
    await Promise.all(
      Array.from({ length: 40 }, (_, j) =>
        api(url, 'PUT', `/api/company/companies/${company.id}`, admin, {
          name: company.name,
          description: `bench ${i}-${j}`,
        }),
      ),
    );
  }
  const guests = [];
  for (let i = 0; i < 10; i += 1) {
    const email = `replay.guest.${i}@example.com`;
    // Registered by the MODERATOR: the ADMIN's new-password checks of this minute went to part 1.
    await api(url, 'POST', '/api/auth/register', moderator, {
      email,
      password: NEW_PASSWORD,
      firstName: 'Replay',
      lastName: `Guest ${i}`,
      role: 'GUEST',
    });
    guests.push(await signIn(url, email, NEW_PASSWORD));
  }
  const health = async () => {
    const samples = [];
    for (let i = 0; i < 100; i += 1) {
      const started = performance.now();
      await (await fetch(`${url}/api/health`)).arrayBuffer();
      samples.push(performance.now() - started);
      await sleep(20);
    }
    return samples;
  };
  const before = await rss(url);
  const quiet = await health();
  const controller = new AbortController();
  const statuses = new Map();
  const storm = guests.flatMap((token) =>
    Array.from({ length: 10 }, async () => {
      while (!controller.signal.aborted) {
        const status = await replayOnce(url, token, controller.signal);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  await sleep(1_000);
  const stormy = await health();
  const during = await rss(url);
  controller.abort();
  await Promise.all(storm);
  await sleep(3_000);
  globalThis.gc?.();
  const after = await rss(url);
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.info(
    '\n/api/health while 100 GUEST streams (10 accounts) replay from Last-Event-ID 0, 10,000 events in the log:',
  );
  console.info(`  ${'case'.padEnd(20)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  for (const [label, values] of [
    ['quiet', quiet],
    ['during the storm', stormy],
  ]) {
    console.info(
      `  ${label.padEnd(20)} ${percentile(values, 50).toFixed(1).padStart(8)} ${percentile(values, 99).toFixed(1).padStart(8)}`,
    );
  }
  console.info(
    `  stream answers: ${[...statuses.entries()].map(([status, n]) => `${n} × ${status}`).join(', ')}`,
  );
  console.info(
    `  resident memory: before ${mb(before)}, during ${mb(during)}, 3 s after ${mb(after)} (${(((after - before) / before) * 100).toFixed(1)} % above before)`,
  );
}

export async function benchAbuse() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-abuse-'));
  const server = await serveApiOnly(dataDir, { LOG_LEVEL: 'error' });
  try {
    const admin = await signIn(server.url, 'admin@example.com');
    await passwordFlood(server.url, admin);
    await replayStorm(server.url, admin, await signIn(server.url, 'moderator@example.com'));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
