// One step of `pnpm bench -- --staff N` (bench-staff.mjs): N consoles open their streams and load
// the list page, then for the window a driver decides R approvals a second, a prober loads the list
// page as a new console every half second and, with --import, an import runs from the middle; the
// readings before and after give the step's figures.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import http from 'node:http';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../build/frontends.mjs';
import { createConsole } from './bench-staff-console.mjs';
import {
  backendsDelta,
  bucketDelta,
  routeDeltas,
  databaseBackends,
  labJson,
  percentile,
  postgresCpuSeconds,
  processCpuSeconds,
  processTreeCpuSeconds,
  sumCounters,
} from './bench-staff-measure.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Consoles that open their streams, or load their page, at once. */
const BATCH = 50;
/** After the window: the last events' deliveries and the re-reads they fold into are answered. */
const TAIL_MS = 3000;

/** PUT …/approve or …/reject as the driver; resolves with 200, or the status and the error code. */
function decide(agent, url, token, { id, approve }) {
  const body = JSON.stringify(approve ? {} : { rejectionReason: 'Declined by the staff bench' });
  return new Promise((resolve) => {
    const request = http.request(
      `${url}/api/bill-approval/approvals/${id}/${approve ? 'approve' : 'reject'}`,
      {
        agent,
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-bench-client': 'driver',
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        // A refusal is told by its code, so the table says why (say a step the account may not take).
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status === 200) return resolve(200);
          let code = '';
          try {
            code = JSON.parse(text).error?.code ?? '';
          } catch {
            // Not the API's envelope: the status alone.
          }
          resolve(code ? `${status} ${code}` : status);
        });
      },
    );
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

async function inBatches(items, run) {
  for (let i = 0; i < items.length; i += BATCH) await Promise.all(items.slice(i, i + BATCH).map(run));
}

/** Consoles whose page is compared with a fresh read at the end of a step. */
const SAMPLE = 200;

/**
 * Up to SAMPLE consoles, spread over all, each compared with a fresh read of its page (no ETag): the
 * same rows in the same order with the same status and last change. Waits first for the re-reads
 * still on their way (at most 10 s), as a person looks at the page after the burst.
 */
async function sampleAgainstFresh(consoles) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(250)) {
    if (consoles.every((c) => c.stats.inFlight === 0 && !c.pending())) break;
  }
  const every = Math.max(1, Math.floor(consoles.length / SAMPLE));
  const picked = consoles.filter((_, i) => i % every === 0).slice(0, SAMPLE);
  let same = 0;
  const differing = [];
  for (let i = 0; i < picked.length; i += BATCH) {
    const results = await Promise.all(picked.slice(i, i + BATCH).map((c) => c.compareWithFresh()));
    for (const result of results) {
      if (result.same) same += 1;
      else if (differing.length < 3) differing.push(result.detail);
    }
  }
  return { sampled: picked.length, same, differing };
}

export async function runStep(options) {
  const {
    n,
    url,
    apiPids,
    labUrls,
    monitor,
    database,
    tokens,
    driverToken,
    proberToken,
    work,
    rate,
    seconds,
  } = options;
  // With several API processes, each one's CPU, counters and memory, added up.
  const apiCpu = () => apiPids.reduce((sum, pid) => sum + (processCpuSeconds(pid) ?? NaN), 0);
  const counters = async () =>
    sumCounters(await Promise.all(labUrls.map((u) => labJson(u, '/api/bench/counters'))));
  const rss = async () =>
    (await Promise.all(labUrls.map((u) => labJson(u, '/api/bench/memory')))).reduce(
      (sum, m) => sum + m.rss,
      0,
    );
  console.info(`\nN = ${n}: opening ${n} consoles…`);
  // Approval id → when its decision was sent and answered, and when its event reached each console.
  const decisions = new Map();
  // Per delivery: from the event's time (the decision's transaction, which commits it; the same
  // machine's clock) to its bytes on the stream.
  const fromCommit = [];
  const consoles = tokens.map((token, index) =>
    createConsole({
      url,
      token,
      baseline: options.baseline,
      onChange(event, at) {
        if (event.entity !== 'approval') return;
        const decision = decisions.get(event.id);
        // The first event of the approval at this console: its decision's.
        if (decision && decision.arrivals[index] === 0) {
          decision.arrivals[index] = at;
          decision.eventAt ??= Date.parse(event.at) - performance.timeOrigin;
          fromCommit.push(performance.timeOrigin + at - Date.parse(event.at));
        }
      },
    }),
  );
  const rssBefore = await rss();
  await inBatches(consoles, (console_) => console_.open());
  await sleep(3000);
  const rssStreams = await rss();
  console.info(`  streams open; loading ${n} list pages…`);
  await inBatches(consoles, (console_) => console_.load());
  await sleep(2000);

  // A new console's loads come from a process of its own, loaded before the window opens.
  const prober = await startProber(url, proberToken);

  // The window.
  const before = {
    api: apiCpu(),
    proxy: options.proxyPid ? processTreeCpuSeconds(options.proxyPid) : null,
    pg: postgresCpuSeconds(),
    own: await databaseBackends(monitor, database),
    counters: await counters(),
    events: consoles.map((c) => c.stats.events),
    failed: consoles.reduce((sum, c) => sum + c.stats.failed, 0),
    patches: consoles.reduce((sum, c) => sum + c.stats.patches, 0),
    figures: consoles.reduce((sum, c) => sum + c.stats.figures, 0),
  };
  const started = performance.now();
  console.info(`  ${seconds} s: ${rate} decisions a second…`);
  const driverAgent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  let driverInFlight = 0;
  const driverStatuses = {};
  const driver = setInterval(() => {
    // A driver that cannot keep up stops adding decisions instead of piling them on the server.
    if (driverInFlight >= 20) return;
    const item = work.shift();
    if (!item) return;
    const decision = { sent: performance.now(), answered: 0, ok: false, arrivals: new Float64Array(n) };
    decisions.set(item.id, decision);
    driverInFlight += 1;
    void decide(driverAgent, url, driverToken, item).then(async (first) => {
      let answer = first;
      let status = `${item.approve ? 'approve' : 'reject'} ${answer}`;
      if (String(first).endsWith('STEP_UP_REQUIRED')) {
        // Approving this one asks for a fresh second factor, which the generated accounts have not:
        // it is rejected instead, a decision all the same.
        decision.sent = performance.now();
        answer = await decide(driverAgent, url, driverToken, { id: item.id, approve: false });
        status = `reject after a step-up refusal ${answer}`;
      }
      driverInFlight -= 1;
      decision.answered = performance.now();
      decision.ok = answer === 200;
      driverStatuses[status] = (driverStatuses[status] ?? 0) + 1;
    });
  }, 1000 / rate);
  const fresh = { list: [], page: [], connect: [], slow: [] };
  // The bench's own event loop: the simulated consoles share it, so a stall here is time they count
  // that the server never saw. The prober has a process of its own (bench-prober.mjs).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  prober.start();
  let underLoad = null;
  if (options.importBills) {
    await sleep((seconds * 1000) / 2);
    console.info('  importing 2,500 bills…');
    underLoad = await options.importBills();
    console.info(
      `  import: ${underLoad.seconds.toFixed(1)} s, ${underLoad.bills} bills, ${underLoad.status}${underLoad.error ? `: ${underLoad.error}` : ''}`,
    );
  }
  await sleep(Math.max(0, started + seconds * 1000 - performance.now()));
  clearInterval(driver);
  const probes = prober.stop();
  probes.catch(() => {});
  loopDelay.disable();
  await sleep(TAIL_MS);
  const after = {
    api: apiCpu(),
    proxy: options.proxyPid ? processTreeCpuSeconds(options.proxyPid) : null,
    pg: postgresCpuSeconds(),
    own: await databaseBackends(monitor, database),
    counters: await counters(),
  };
  const elapsed = (performance.now() - started) / 1000;
  const unanswered = consoles.reduce((sum, c) => sum + c.stats.inFlight, 0);
  const failed = consoles.reduce((sum, c) => sum + c.stats.failed, 0) - before.failed;
  const events = Math.max(...consoles.map((c, i) => c.stats.events - before.events[i]));
  const sample = await sampleAgainstFresh(consoles);
  for (const console_ of consoles) console_.close();
  driverAgent.destroy();
  // Let the server see the streams close (their accounts' places) before the next step opens more;
  // the readings below are taken already, late answers no longer counted.
  for (const { sentAt, list, pageMs } of await probes) {
    fresh.list.push(list.ms);
    fresh.connect.push(list.connectMs);
    if (list.ms > 2000 && fresh.slow.length < 10) fresh.slow.push({ ...list, sentAt });
    fresh.page.push(pageMs);
  }
  const freshList = [...fresh.list].sort((a, b) => a - b);
  const freshPage = [...fresh.page].sort((a, b) => a - b);
  const freshConnect = [...fresh.connect].sort((a, b) => a - b);
  // The slowest fresh loads one by one: whether the answer's headers came late, or its body.
  for (const slow of fresh.slow)
    console.info(
      `  slow fresh list: ${slow.status} in ${slow.ms.toFixed(0)} ms (sent ${(slow.sentAt / 1000).toFixed(1)} s into the window, connected ${(slow.connectMs ?? 0).toFixed(0)}, headers ${(slow.headersMs ?? NaN).toFixed(0)})`,
    );
  const serverList = after.counters.proberLists
    .flatMap((list, i) => list.slice(before.counters.proberLists[i]?.length ?? 0))
    .sort((a, b) => a - b);
  await sleep(2000);

  const deliveries = [];
  const fromRequest = [];
  let missing = 0;
  let made = 0;
  for (const decision of decisions.values()) {
    if (!decision.ok) continue;
    made += 1;
    for (const at of decision.arrivals) {
      if (at === 0) missing += 1;
      else {
        // The event may reach the stream before the answer reaches the driver (both follow the
        // commit): from the answer is a lower bound, from the request an upper one.
        deliveries.push(Math.max(0, at - decision.answered));
        fromRequest.push(at - decision.sent);
      }
    }
  }
  // The decisions whose event reached some console over 2 s after it was asked for, one by one:
  // whether the decision itself was slow (its transaction began late, or its answer came late) or
  // only its delivery.
  const slowDecisions = [...decisions.values()]
    .filter((decision) => decision.ok && decision.arrivals.some((at) => at - decision.sent > 2000))
    .slice(0, 10);
  for (const decision of slowDecisions) {
    const arrived = [...decision.arrivals].filter((at) => at > 0).sort((a, b) => a - b);
    const since = (at) => (at - decision.sent).toFixed(0);
    console.info(
      `  slow decision (sent ${((decision.sent - started) / 1000).toFixed(1)} s into the window): its transaction began at +${since(decision.eventAt)} ms, answered at +${since(decision.answered)}, reached the first console at +${since(arrived[0])}, the median at +${since(arrived[arrived.length >> 1])}, the last at +${since(arrived.at(-1))}`,
    );
  }
  deliveries.sort((a, b) => a - b);
  fromRequest.sort((a, b) => a - b);
  const reReads = bucketDelta(before.counters, after.counters, 'client console');
  const apiSeconds = after.api - before.api;
  const pgSeconds = after.pg === null || before.pg === null ? NaN : after.pg - before.pg;
  const perEventConsole = (cpuSeconds) => (cpuSeconds * 1000) / (events * n);
  const importAlone = options.importAlone;
  fromCommit.sort((a, b) => a - b);
  return {
    n,
    events,
    decisions: made,
    apiMsPerEventConsole: perEventConsole(apiSeconds),
    pgMsPerEventConsole: perEventConsole(pgSeconds),
    dbOwnMsPerEventConsole: perEventConsole(backendsDelta(before.own, after.own)),
    cpu: perEventConsole(apiSeconds + pgSeconds),
    proxyMsPerEventConsole:
      after.proxy === null || before.proxy === null ? NaN : perEventConsole(after.proxy - before.proxy),
    processes: apiPids.length,
    sample,
    routes: routeDeltas(before.counters, after.counters),
    apiCores: apiSeconds / elapsed,
    pgCores: pgSeconds / elapsed,
    deliveryP50: percentile(fromCommit, 50),
    deliveryP99: percentile(fromCommit, 99),
    answerP50: percentile(deliveries, 50),
    answerP99: percentile(deliveries, 99),
    requestP50: percentile(fromRequest, 50),
    requestP99: percentile(fromRequest, 99),
    driverStatuses: Object.entries(driverStatuses)
      .map(([status, count]) => `${count}×${status}`)
      .join(' '),
    deliveries: deliveries.length,
    missing,
    freshP50: percentile(freshList, 50),
    freshP99: percentile(freshList, 99),
    freshPageP99: percentile(freshPage, 99),
    freshConnectP99: percentile(freshConnect, 99),
    freshServerP99: percentile(serverList, 99),
    apiLoopP99: after.counters.loopP99Ms,
    apiLoopMax: after.counters.loopMaxMs,
    loopDelayP99: loopDelay.percentile(99) / 1e6,
    loopDelayMax: loopDelay.max / 1e6,
    kbPerStream: (rssStreams - rssBefore) / n / 1024,
    requestsPerEvent: reReads.requests / events,
    dbRequestsPerEvent: reReads.dbRequests / events,
    notModifiedPerEvent: reReads.notModified / events,
    patchesPerEvent: (consoles.reduce((sum, c) => sum + c.stats.patches, 0) - before.patches) / events,
    figuresPerEvent: (consoles.reduce((sum, c) => sum + c.stats.figures, 0) - before.figures) / events,
    queriesPerEvent: (after.counters.queries - before.counters.queries) / events,
    unanswered,
    failed,
    // Two imports compare only when both imported about the same bills (a second import of a
    // company already imported finds nothing to do, and a failed one stops early: both look fast).
    importRatio: comparable(importAlone, underLoad) ? underLoad.seconds / importAlone.seconds : NaN,
    importText: !(importAlone && underLoad)
      ? undefined
      : comparable(importAlone, underLoad)
        ? `${importAlone.seconds.toFixed(1)} → ${underLoad.seconds.toFixed(1)} (${(underLoad.seconds / importAlone.seconds).toFixed(2)}×)`
        : `not comparable: ${importAlone.bills} bills alone, ${underLoad.bills} under load`,
  };
}

/**
 * Two imports that both ran to the end with about as many bills (each company's realm is generated
 * from its own id, so their unpaid bills differ by a few).
 */
function comparable(alone, underLoad) {
  return Boolean(
    alone?.status === 'done' &&
    underLoad?.status === 'done' &&
    alone.bills > 0 &&
    Math.abs(underLoad.bills - alone.bills) <= alone.bills * 0.05,
  );
}

const LAB_DIR = path.dirname(fileURLToPath(import.meta.url));
const TSX = path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx');

/**
 * The prober in a process of its own (bench-prober.mjs, under tsx): `stop()` ends its probing and
 * resolves with its probes once those under way are answered.
 */
async function startProber(url, token) {
  const child = spawn(TSX, [path.join(LAB_DIR, 'bench-prober.mjs'), url, token], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = [];
  const reader = createInterface({ input: child.stdout });
  const exited = new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the prober exited with ${code}`)),
    );
  });
  exited.catch(() => {});
  await new Promise((resolve, reject) => {
    reader.on('line', (line) => {
      if (line === 'ready') resolve();
      else lines.push(line);
    });
    child.once('exit', () => reject(new Error('the prober exited before it was ready')));
  });
  return {
    start: () => child.stdin.write('start\n'),
    stop: async () => {
      child.stdin.end();
      await exited;
      return JSON.parse(lines.at(-1) ?? '[]');
    },
  };
}
