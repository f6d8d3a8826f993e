// Entry of `pnpm bench -- --staff N` under tsx (bench.mjs starts it): the simulated consoles import
// the console's live policy from shared-auth, which is TypeScript.
import { benchStaff } from './bench-staff.mjs';

await benchStaff(process.argv.slice(2));
