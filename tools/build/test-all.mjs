// `pnpm test`: lint, typecheck, one build of every frontend and the API, unit and API tests of every
// package, the browser tests against that build, then, on the same build, the compatibility gate over
// every remote, the bundle budgets and Lighthouse. `pnpm test:full` (`--full`) runs the same stages with
// TEST_FULL=1: the release journey with a real webpack build instead of a copy of a built section.
//
// Each stage has a budget, its share of 30 minutes on a quiet two-core machine; the table at the end
// prints it beside the time taken and warns past 80 % of it, so growth shows long before CI's limit.
// Past the overall deadline (85 minutes: CI stops a run at 90 and then nothing lands) the running stage
// is stopped and the table is printed all the same, with the reason. Ends with one line
// "N passed, N failed" summing the runners' own counts.
import { spawn } from 'node:child_process';
import { ROOT } from './frontends.mjs';
import { pnpmCommand } from './run.mjs';

const FULL = process.argv.includes('--full');
const DEADLINE_MS = Number(process.env.TEST_DEADLINE_MINUTES ?? 85) * 60_000;
const WARN_SHARE = 0.8;

const { command, prefix } = pnpmCommand();
/**
 * Budgets in seconds; they add up to 30 minutes (the full run has no budget of its own). Each is
 * the stage's time on a quiet two-core machine with at least a quarter more above it (the figures
 * are in docs/operations.md), so a stage that grows warns before the total does.
 */
const stages = [
  { name: 'lint', args: ['lint'], budget: 45 },
  { name: 'typecheck', args: ['typecheck'], budget: 120 },
  // Every frontend and the API bundle, two at a time; the later stages serve this build and build
  // nothing themselves.
  { name: 'build', args: ['build'], budget: 330 },
  { name: 'unit and API tests', args: ['test:unit'], budget: 480 },
  { name: 'end-to-end tests', args: ['test:e2e'], budget: 600 },
  // Each remote's build must fit the host and the other remotes as `pnpm release` would require.
  { name: 'compatibility gate', args: ['gate'], budget: 15 },
  { name: 'bundle size budgets', args: ['size'], budget: 30 },
  // Every page in both themes, one run each: Accessibility, Best Practices and CLS enforced,
  // Performance printed (`pnpm lighthouse --runs 3` is the median sweep for performance claims).
  { name: 'lighthouse', args: ['lighthouse'], budget: 180 },
];

const env = { ...process.env, ...(FULL ? { TEST_FULL: '1' } : {}) };

/** What one stage's runners reported: test counts, and any per-project/engine breakdown lines. */
function countsOf(output) {
  // eslint-disable-next-line no-control-regex
  const text = output.replace(/\x1b\[[0-9;]*m/g, '');
  const counts = { passed: 0, failed: 0, skipped: 0, flaky: 0, breakdown: [] };
  for (const line of text.split('\n')) {
    // node --test (tools/build/release) prints "# pass N", "# fail N", "# skipped N".
    const nodeTest = line.match(/^# (pass|fail|skipped) (\d+)$/);
    if (nodeTest) {
      const key = { pass: 'passed', fail: 'failed', skipped: 'skipped' }[nodeTest[1]];
      counts[key] += Number(nodeTest[2]);
      continue;
    }
    // Lines a runner prints for the table: tests per project and per database engine.
    const breakdown = line.match(/^\s*tests by (?:project|engine):\s*(.+)$/);
    if (breakdown) {
      counts.breakdown.push(breakdown[1].trim());
      continue;
    }
    // vitest: "Tests  1 failed | 80 passed | 2 skipped (83)"; Playwright: "  80 passed (3.2m)",
    // "  1 flaky", "  2 skipped".
    const vitest = line.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/);
    const source = vitest ? vitest[1] : /^\s+\d+ (passed|failed|flaky|skipped)\b/.test(line) ? line : null;
    if (!source) continue;
    for (const key of ['passed', 'failed', 'skipped', 'flaky'])
      counts[key] += Number(source.match(new RegExp(`(\\d+) ${key}`))?.[1] ?? 0);
  }
  return counts;
}

let running = null;
let stopReason = null;

/** Ends the running stage's whole process group (its builds, servers and browsers). */
function stopRunning(reason) {
  stopReason ??= reason;
  if (!running?.pid) return;
  try {
    process.kill(-running.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  const pid = running.pid;
  setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone
    }
  }, 10_000).unref();
}

function runStage(stage) {
  return new Promise((resolve) => {
    console.info(`\n=== ${stage.name} ===`);
    // Its own process group, so a stop ends everything it started.
    const child = spawn(command, [...prefix, ...stage.args], { cwd: ROOT, env, detached: true });
    running = child;
    let output = '';
    const consume = (chunk, out) => {
      out.write(chunk);
      output += String(chunk);
    };
    child.stdout.on('data', (chunk) => consume(chunk, process.stdout));
    child.stderr.on('data', (chunk) => consume(chunk, process.stderr));
    child.on('close', (code) => {
      running = null;
      resolve({ ok: code === 0, counts: countsOf(output) });
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopRunning(`stopped by ${signal}`);
    // The loop below prints the table once the stage has ended.
  });
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const started = Date.now();
const deadline = setTimeout(
  () => stopRunning(`past the overall deadline of ${DEADLINE_MS / 60_000} minutes`),
  DEADLINE_MS,
);
const rows = [];
let ok = true;
for (const stage of stages) {
  if (stopReason) break;
  const stageStarted = Date.now();
  const result = await runStage(stage);
  const ms = Date.now() - stageStarted;
  rows.push({ stage, ms, ...result });
  const verdict = result.ok ? 'passed' : stopReason ? `STOPPED (${stopReason})` : 'FAILED';
  console.info(`\n=== ${stage.name}: ${verdict} in ${seconds(ms)} (budget ${stage.budget} s) ===`);
  if (!result.ok) {
    ok = false;
    break;
  }
}
clearTimeout(deadline);

const total = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const warnings = [];
console.info(`\nStages${FULL ? ' (full run: TEST_FULL=1)' : ''}:`);
console.info(
  `  ${'stage'.padEnd(22)} ${'time'.padStart(7)} ${'budget'.padStart(7)}  ${'passed'.padStart(6)} ${'failed'.padStart(6)} ${'skipped'.padStart(7)} ${'flaky'.padStart(5)}`,
);
for (const { stage, ms, ok: stageOk, counts } of rows) {
  for (const key of Object.keys(total)) total[key] += counts[key];
  const share = ms / 1000 / stage.budget;
  const flag = !stageOk ? '  ✗' : share > 1 ? '  over budget' : share > WARN_SHARE ? '  past 80 %' : '';
  if (share > WARN_SHARE)
    warnings.push(
      `${stage.name} took ${seconds(ms)}, ${Math.round(share * 100)} % of its ${stage.budget} s budget`,
    );
  const n = (value, width) => String(value).padStart(width);
  console.info(
    `  ${stage.name.padEnd(22)} ${seconds(ms).padStart(7)} ${`${stage.budget} s`.padStart(7)}  ${n(counts.passed, 6)} ${n(counts.failed, 6)} ${n(counts.skipped, 7)} ${n(counts.flaky, 5)}${flag}`,
  );
  for (const line of counts.breakdown) console.info(`  ${''.padEnd(22)}   ${line}`);
}
const budget = stages.reduce((sum, stage) => sum + stage.budget, 0);
console.info(
  `  ${'total'.padEnd(22)} ${seconds(Date.now() - started).padStart(7)} ${`${budget} s`.padStart(7)}  ${String(total.passed).padStart(6)} ${String(total.failed).padStart(6)} ${String(total.skipped).padStart(7)} ${String(total.flaky).padStart(5)}`,
);
for (const warning of warnings) console.warn(`warning: ${warning}`);
if (stopReason) console.error(`\nThe run was stopped: ${stopReason}.`);
if (!ok && total.failed === 0) total.failed = 1;
console.info(`\n${total.passed} passed, ${total.failed} failed`);
process.exit(ok ? 0 : 1);
