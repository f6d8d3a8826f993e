// `pnpm start` with the lab's API (lab-api.mjs) in place of the product's: the frontends and the API
// built when stale, the demo's QuickBooks emulator beside it; for serve-temp.mjs's `lab` servers.
import { startConsole } from '../build/launch-api.mjs';
import { LAB_API } from './lab-api.mjs';

await startConsole(LAB_API);
