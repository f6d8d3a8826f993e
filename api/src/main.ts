/**
 * `pnpm --filter api start` (through tools/build/start.mjs) and `pnpm start`: the API, as server.ts
 * serves it.
 */
import { runServer } from './server';

runServer();
