// The live console's stream under load (part of `pnpm bench`): N open GET /api/events streams on one
// API process, its resident memory per stream, and the time from a decision to its event at every
// stream. It prints figures; it never fails on a timing. Needs the lab's API (tools/lab/lab-api.mjs:
// the memory reading).
import { demoSignIn } from './demo-sign-in.mjs';

const ACCOUNTS = ['admin@example.com', 'moderator@example.com', 'user@example.com', 'guest@example.com'];
/** Sessions the streams are spread over (each tab of a browser shares its session). */
const SESSIONS_PER_ACCOUNT = 5;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function signIn(url, email) {
  const { body } = await demoSignIn(url, email, 'Password123!');
  if (!body.success) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body.error)}`);
  return body.data.tokens.accessToken;
}

async function rss(url) {
  const response = await fetch(`${url}/api/bench/memory`);
  if (!response.ok) throw new Error("the memory reading needs the lab's API (tools/lab/lab-api.mjs)");
  return (await response.json()).rss;
}

/** One open stream: resolves `opened` at its first bytes and notes when each approval's event arrives. */
function openStream(url, token, arrivals) {
  const controller = new AbortController();
  let markOpen;
  const opened = new Promise((resolve, reject) => {
    markOpen = resolve;
    setTimeout(() => reject(new Error('a stream did not open within 60 s')), 60_000).unref();
  });
  const done = (async () => {
    const response = await fetch(`${url}/api/events`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (response.status !== 200) throw new Error(`GET /api/events answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      markOpen();
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data:'));
        if (!data) continue;
        const id = JSON.parse(data.slice(5)).id;
        const list = arrivals.get(id);
        if (list) list.push(performance.now());
      }
    }
  })().catch((error) => {
    if (error.name !== 'AbortError') markOpen(Promise.reject(error));
  });
  return { opened, close: () => controller.abort(), done };
}

/**
 * Opens `streams` streams, reads the memory, makes `decisions` decisions one after another (rejects
 * of PENDING approvals, which any USER may make) and prints the percentiles of the time from each
 * decision to its event at every stream.
 */
export async function benchLive(url, { streams = 1000, decisions = 20 } = {}) {
  const tokens = [];
  for (const email of ACCOUNTS) {
    for (let i = 0; i < SESSIONS_PER_ACCOUNT; i += 1) tokens.push(await signIn(url, email));
  }
  const decider = tokens[ACCOUNTS.indexOf('admin@example.com') * SESSIONS_PER_ACCOUNT];
  const pending = await fetch(`${url}/api/bill-approval/approvals?status=PENDING&limit=100`, {
    headers: { Authorization: `Bearer ${decider}` },
  }).then((r) => r.json());
  const ids = pending.data.map((row) => row.id);

  const before = await rss(url);
  const arrivals = new Map();
  const open = [];
  const started = performance.now();
  for (let i = 0; i < streams; i += 1) open.push(openStream(url, tokens[i % tokens.length], arrivals));
  await Promise.all(open.map((stream) => stream.opened));
  const openMs = performance.now() - started;
  // Let the sockets and the first session checks settle before reading the memory.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const withStreams = await rss(url);

  const fromRequest = [];
  const fromAnswer = [];
  let made = 0;
  for (const id of ids) {
    if (made >= decisions) break;
    const list = [];
    arrivals.set(id, list);
    const sent = performance.now();
    const response = await fetch(`${url}/api/bill-approval/approvals/${id}/reject`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${decider}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ rejectionReason: 'bench' }),
    });
    const answered = performance.now();
    if (response.status !== 200) {
      arrivals.delete(id);
      continue;
    }
    made += 1;
    // Every stream but the GUEST's ones would see it anyway; rejects are for everyone.
    const deadline = Date.now() + 10_000;
    while (list.length < streams && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    for (const at of list) {
      fromRequest.push(at - sent);
      fromAnswer.push(Math.max(0, at - answered));
    }
    const missing = streams - list.length;
    if (missing > 0) console.warn(`  decision ${made}: ${missing} streams had no event after 10 s`);
  }
  for (const stream of open) stream.close();
  await Promise.allSettled(open.map((stream) => stream.done));

  fromRequest.sort((a, b) => a - b);
  fromAnswer.sort((a, b) => a - b);
  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
  console.info(`\nLive events: ${streams} open streams on one API process (${tokens.length} sessions)`);
  console.info(
    `  opened in ${(openMs / 1000).toFixed(1)} s; resident memory ${mb(before)} MB → ${mb(withStreams)} MB`,
  );
  console.info(`  memory per open stream: ${((withStreams - before) / streams / 1024).toFixed(1)} KB`);
  console.info(
    `  decision → event at every stream, ${made} decisions × ${streams} streams (${fromRequest.length} deliveries):`,
  );
  for (const [label, sorted] of [
    ['from the request (upper bound)', fromRequest],
    ['from the answer (the commit is before it)', fromAnswer],
  ]) {
    console.info(
      `    ${label.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms  max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`,
    );
  }
}
