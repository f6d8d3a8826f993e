// Compiles the API (and the shared-contracts sources it imports) into one ES module,
// api/dist/main.js, so `pnpm start` runs plain JavaScript instead of a TypeScript loader.
// npm packages stay external (native argon2, PGlite's WebAssembly, pg) and load from node_modules.
// The lab's API (tools/lab/lab-api.mjs) and the demo's QuickBooks emulator (demo-emulator.mjs) are
// compiled the same way, each into a file of its own.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const API = path.join(ROOT, 'api');

/** The newest modification time under `dir`, leaving out build output and installed packages. */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && (entry.name === 'dist' || entry.name === 'node_modules')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** The API's npm packages (its dependencies of both kinds), which every bundle leaves external. */
function apiPackages() {
  const pkg = JSON.parse(readFileSync(path.join(API, 'package.json'), 'utf8'));
  return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter((name) => name !== 'shared-contracts' && name !== 'qbo-emulator')
    .flatMap((name) => [name, `${name}/*`]);
}

/**
 * One esbuild bundle: `entry` (TypeScript) compiled into `outfile`, stale when `outfile` is missing
 * or older than a file under `sources` or one of `inputs`. The API's npm packages stay external.
 */
export function bundle({ entry, outfile, sources, inputs = [] }) {
  return {
    path: outfile,
    needsBuild() {
      if (!existsSync(outfile)) return true;
      const newest = Math.max(...sources.map(newestMtime), ...inputs.map((file) => statSync(file).mtimeMs));
      return newest > statSync(outfile).mtimeMs;
    },
    async build() {
      // esbuild is the API's dev dependency: resolve it from there.
      const esbuild = createRequire(path.join(API, 'package.json'))('esbuild');
      await esbuild.build({
        entryPoints: [entry],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        external: apiPackages(),
        // Stack traces point at the TypeScript sources (node --enable-source-maps); the map stays on
        // the server and is never served.
        sourcemap: 'linked',
        // Some dependencies are CommonJS and call require(); give the ES module one.
        banner: {
          js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
        },
        logLevel: 'warning',
      });
    },
  };
}

/** What the API's bundles are built from: its sources, shared-contracts' and the bank simulator's, and the package files. */
// The demo's bank simulator is bundled too: the API loads it when BANK_SIMULATOR is on.
export const API_SOURCES = [
  path.join(API, 'src'),
  path.join(ROOT, 'shared-contracts', 'src'),
  path.join(ROOT, 'bank-simulator', 'src'),
];
export const API_INPUTS = ['api', 'shared-contracts'].map((dir) => path.join(ROOT, dir, 'package.json'));

/** The product's API: what `pnpm start` runs. */
export const PRODUCT_API = bundle({
  entry: path.join(API, 'src', 'main.ts'),
  outfile: path.join(API, 'dist', 'main.js'),
  sources: API_SOURCES,
  inputs: API_INPUTS,
});

export const API_BUNDLE = PRODUCT_API.path;

/** True when api/dist/main.js is missing or older than any source it is built from. */
export function apiNeedsBuild() {
  return PRODUCT_API.needsBuild();
}

export async function buildApi() {
  await PRODUCT_API.build();
}

// `node tools/build/build-api.mjs [--if-stale]`
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale') && !apiNeedsBuild()) process.exit(0);
  const started = Date.now();
  await buildApi();
  console.info(`Built ${path.relative(ROOT, API_BUNDLE)} in ${Date.now() - started} ms`);
}
