import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Runs `exportName` of a TypeScript/TSX module in Node at build time and resolves to what it returns
 * (HTML or CSS text for a page). The module is bundled for Node with esbuild first, so it can import
 * the app's and shared-ui's sources and their packages as the browser build does.
 *
 * @param {{ entry: string, exportName: string, define?: Record<string, string> }} options
 *   entry: absolute path of the module
 */
export async function renderAtBuild({ entry, exportName, define = {} }) {
  // shared-ui owns the modules rendered at build time (its global styles, the sign-in page).
  const esbuild = createRequire(path.join(ROOT, 'shared-ui', 'package.json'))('esbuild');
  const dir = mkdtempSync(path.join(tmpdir(), 'render-at-build-'));
  try {
    const outfile = path.join(dir, 'render.cjs');
    await esbuild.build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"', ...define },
      logLevel: 'error',
    });
    const render = createRequire(outfile)(outfile)[exportName];
    if (typeof render !== 'function') throw new Error(`renderAtBuild: ${entry} has no ${exportName}()`);
    return await render();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
