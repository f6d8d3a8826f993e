// The thousand-console bench's prober (`pnpm bench -- --staff N`): a new console loading the
// approvals list page twice a second, in a process of its own, as a person opening the console is on
// a machine of their own. In the bench's process its times included the bench's own event-loop
// delays (a thousand simulated consoles answering each event), which the server never saw.
//
// Usage (under tsx, as the bench starts it): bench-prober.mjs <api url> <access token>. It prints
// 'ready', probes from a 'start' line on stdin until stdin ends, waits for the probes under way, then
// prints one JSON line: `[{ sentAt, list: {ms, connectMs, headersMs, status}, pageMs }]`, sentAt in
// ms from the start.
import http from 'node:http';
import { createInterface } from 'node:readline';
import { get, PAGE_REQUESTS } from './bench-staff-console.mjs';

const [url, token] = process.argv.slice(2);
if (!url || !token) throw new Error('usage: bench-prober.mjs <api url> <access token>');

const probes = [];
const underWay = new Set();
let started = 0;
let timer = null;

/** One probe: a new console (new connections) asking for the page's four reads at once. */
function probe() {
  // At most ten at once: a server that stalls is measured, not buried under probes.
  if (underWay.size >= 10) return;
  const agent = new http.Agent({ keepAlive: false });
  const sentAt = performance.now() - started;
  const answered = Promise.all(
    ['list', 'stats', 'badge', 'companies'].map((name) =>
      get(agent, `${url}${PAGE_REQUESTS[name]}`, token, 'prober'),
    ),
  ).then((answers) => {
    const [list] = answers;
    probes.push({
      sentAt,
      list: { ms: list.ms, connectMs: list.connectMs ?? 0, headersMs: list.headersMs, status: list.status },
      pageMs: Math.max(...answers.map((answer) => answer.ms)),
    });
  });
  underWay.add(answered);
  void answered.finally(() => underWay.delete(answered));
}

// 'start' on stdin begins the probing (the bench sends it as its window opens, once this process
// has loaded); the end of stdin ends it.
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'start' || timer) return;
  started = performance.now();
  probe();
  timer = setInterval(probe, 500);
});
process.stdin.on('end', async () => {
  if (timer) clearInterval(timer);
  await Promise.all([...underWay]);
  process.stdout.write(`${JSON.stringify(probes)}\n`, () => process.exit(0));
});
process.stdout.write('ready\n');
