// Compiles the API (and the shared-contracts sources it imports) into one ES module,
// api/dist/main.js, so `pnpm start` runs plain JavaScript instead of a TypeScript loader.
// npm packages stay external (native argon2, PGlite's WebAssembly, pg) and load from node_modules.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const API = path.join(ROOT, 'api');
export const API_BUNDLE = path.join(API, 'dist', 'main.js');
const SOURCES = [
  path.join(API, 'src'),
  path.join(ROOT, 'shared-contracts', 'src'),
  path.join(ROOT, 'qbo-emulator', 'src'),
];
const INPUTS = ['api', 'shared-contracts', 'qbo-emulator'].map((dir) => path.join(ROOT, dir, 'package.json'));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when api/dist/main.js is missing or older than any source it is built from. */
export function apiNeedsBuild() {
  if (!existsSync(API_BUNDLE)) return true;
  const sources = Math.max(...SOURCES.map(newestMtime), ...INPUTS.map((file) => statSync(file).mtimeMs));
  return sources > statSync(API_BUNDLE).mtimeMs;
}

export async function buildApi() {
  // esbuild is the API's dev dependency: resolve it from there.
  const esbuild = createRequire(path.join(API, 'package.json'))('esbuild');
  const pkg = JSON.parse(readFileSync(path.join(API, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter((name) => name !== 'shared-contracts' && name !== 'qbo-emulator')
    .flatMap((name) => [name, `${name}/*`]);
  await esbuild.build({
    entryPoints: [path.join(API, 'src', 'main.ts')],
    outfile: API_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    // Stack traces point at the TypeScript sources (node --enable-source-maps); the map stays on
    // the server and is never served.
    sourcemap: 'linked',
    // Some dependencies are CommonJS and call require(); give the ES module one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}

// `node tools/build/build-api.mjs [--if-stale]`
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale') && !apiNeedsBuild()) process.exit(0);
  const started = Date.now();
  await buildApi();
  console.info(`Built ${path.relative(ROOT, API_BUNDLE)} in ${Date.now() - started} ms`);
}
