/**
 * The API as the benchmarks run it: the product's server (src/server.ts), plus the lab's measuring
 * routes (bench-routes.ts), which the product never registers. `pnpm bench` starts it compiled
 * (tools/lab/lab-api.mjs builds api/dist/lab.js), as `pnpm start` runs the product's.
 */
import { registerBenchRoutes } from './bench-routes';
import { runServer } from '../src/server';

runServer({ extend: registerBenchRoutes });
