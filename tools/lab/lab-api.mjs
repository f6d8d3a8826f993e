// The lab's API: the product's server plus the measuring routes (api/lab/server.ts), compiled like
// the product's into api/dist/lab.js (two folders below the repository, as the API finds its files
// from there). The benchmarks start it; `pnpm start` and the product's build never touch it.
import path from 'node:path';
import { API_INPUTS, API_SOURCES, bundle } from '../build/build-api.mjs';
import { ROOT } from '../build/frontends.mjs';

export const LAB_API = bundle({
  entry: path.join(ROOT, 'api', 'lab', 'server.ts'),
  outfile: path.join(ROOT, 'api', 'dist', 'lab.js'),
  sources: [...API_SOURCES, path.join(ROOT, 'api', 'lab')],
  inputs: API_INPUTS,
});
