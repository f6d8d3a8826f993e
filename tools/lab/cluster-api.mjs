// `node tools/lab/cluster-api.mjs N [node options…]`: the compiled lab API (api/dist/lab.js) in N processes
// sharing one port through node:cluster, for `pnpm bench -- --scale --workers N`: does a second API
// process on the machine's two cores raise list throughput relative to the ceiling measured the same
// way? Each worker is a whole API process as `pnpm start` runs it (PostgreSQL only: the embedded
// database belongs to one process); migrations are serialised by their advisory lock, and the sign-in
// cache and the live events already follow other processes' writes through LISTEN.
// SIGTERM ends every worker and then the primary.
import cluster from 'node:cluster';
import { LAB_API } from './lab-api.mjs';

const [count, ...execArgv] = process.argv.slice(2);
const workers = Number(count);
if (!Number.isSafeInteger(workers) || workers < 1) {
  console.error('usage: cluster-api.mjs N [node options…] (N ≥ 1)');
  process.exit(1);
}
cluster.setupPrimary({ exec: LAB_API.path, execArgv: ['--enable-source-maps', ...execArgv] });
for (let i = 0; i < workers; i += 1) cluster.fork();
let stopping = false;
cluster.on('exit', (worker, code) => {
  if (!stopping) {
    console.error(`API worker ${worker.process.pid} exited with ${code}; stopping`);
    stop(1);
  } else if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
});
function stop(code = 0) {
  stopping = true;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code);
}
process.once('SIGTERM', () => stop());
process.once('SIGINT', () => stop());
