// `pnpm test`: lint, typecheck, unit and API tests of every package, the browser tests against the
// production build, then, on that build, the compatibility gate over every remote, the bundle budgets (`pnpm size`: sign-in page ≤ 200 KB gzip of
// JavaScript, dashboard ≤ 120 KB more) and Lighthouse. Ends with one line "N passed, N failed" summing
// the runners' own counts.
import { spawn } from 'node:child_process';
import { ROOT } from './frontends.mjs';
import { pnpmCommand } from './run.mjs';

const { command, prefix } = pnpmCommand();
const steps = [
  { name: 'lint', args: ['lint'] },
  { name: 'typecheck', args: ['typecheck'] },
  { name: 'unit and API tests', args: ['test:unit'] },
  { name: 'end-to-end tests', args: ['test:e2e'] },
  // The compatibility gate over every remote's production build (the e2e stage has just made them):
  // each must fit the host and the other remotes as `pnpm release` would require. Seconds.
  { name: 'compatibility gate', args: ['gate'] },
  // After the e2e stage on purpose: its server (tools/build/start.mjs) has just built every stale frontend,
  // so `pnpm size` (which serves the build through the same script) reuses that build and adds only a
  // server start and two page loads, well under a minute.
  { name: 'bundle size budgets', args: ['size'] },
  // On the build the end-to-end tests made: scores and metrics printed, Accessibility, Best
  // Practices and CLS enforced on every page (tools/lab/lighthouse.mjs). Each page's median of three runs, Lighthouse's own
  // advice for a score taken on a machine that is also doing other work.
  { name: 'lighthouse', args: ['lighthouse', '--runs', '3'] },
];

let passed = 0;
let failed = 0;

function runStep(step) {
  return new Promise((resolve) => {
    console.info(`\n=== ${step.name} ===`);
    const child = spawn(command, [...prefix, ...step.args], { cwd: ROOT, env: process.env });
    let buffer = '';
    const consume = (chunk, out) => {
      out.write(chunk);
      buffer += String(chunk);
    };
    child.stdout.on('data', (chunk) => consume(chunk, process.stdout));
    child.stderr.on('data', (chunk) => consume(chunk, process.stderr));
    child.on('exit', (code) => {
      // Strip colours, then read vitest's "Tests  N failed | M passed" and Playwright's "N passed" lines.
      // eslint-disable-next-line no-control-regex
      const text = buffer.replace(/\x1b\[[0-9;]*m/g, '');
      for (const line of text.split('\n')) {
        // node --test (tools/build/release) prints "# pass N" and "# fail N".
        const nodeTest = line.match(/^# (pass|fail) (\d+)$/);
        if (nodeTest) {
          if (nodeTest[1] === 'pass') passed += Number(nodeTest[2]);
          else failed += Number(nodeTest[2]);
          continue;
        }
        const vitest = line.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/);
        const source = vitest ? vitest[1] : /^\s+\d+ (passed|failed|flaky)/.test(line) ? line : null;
        if (!source) continue;
        passed += Number(source.match(/(\d+) passed/)?.[1] ?? 0);
        failed += Number(source.match(/(\d+) failed/)?.[1] ?? 0);
      }
      resolve(code === 0);
    });
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const durations = [];
const started = Date.now();
let ok = true;
for (const step of steps) {
  const stepStarted = Date.now();
  const stepOk = await runStep(step);
  durations.push([step.name, Date.now() - stepStarted]);
  console.info(
    `\n=== ${step.name}: ${stepOk ? 'passed' : 'FAILED'} in ${seconds(Date.now() - stepStarted)} ===`,
  );
  if (!stepOk) {
    ok = false;
    break;
  }
}
if (!ok && failed === 0) failed = 1;
// Each stage's duration, so growth is visible run after run (CI's limit is 90 minutes).
console.info('\nStage durations:');
for (const [name, ms] of durations) console.info(`  ${name.padEnd(22)} ${seconds(ms).padStart(7)}`);
console.info(`  ${'total'.padEnd(22)} ${seconds(Date.now() - started).padStart(7)}`);
console.info(`\n${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
