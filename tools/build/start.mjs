// `pnpm start`: builds the frontends and the API that are missing or stale, then starts the compiled
// API (plain JavaScript, no TypeScript loader at run time), which migrates, seeds an empty embedded
// database and serves /api, the host, the remotes and /remotes.json on one port. In the demo (the
// embedded database, no QB_TOKEN_URL) the QuickBooks Online emulator runs beside it, and the API
// talks to it through its QB_* settings (launch-api.mjs).
// `--api-only` (`pnpm --filter api start`): the API alone, without building the frontends.
import { PRODUCT_API } from './build-api.mjs';
import { startConsole } from './launch-api.mjs';

// The demo (the embedded database) offers its bank simulator: an ADMIN can have the bank return
// bills of a bank file (BANK_SIMULATOR; the API's default is off). PostgreSQL is no demo.
if (!process.env.DATABASE_URL) process.env.BANK_SIMULATOR ??= 'on';

await startConsole(PRODUCT_API, { frontends: !process.argv.includes('--api-only') });
