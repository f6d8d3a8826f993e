// Which frontend builds exist and whether they are older than their sources; shared by start and size.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES } from './webpack/remotes.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const APPS = ['host', ...REMOTES.map((remote) => remote.dir)];
const SHARED_SOURCES = ['shared-ui', 'shared-auth', 'shared-contracts', 'tools/build/webpack'];

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** The apps whose dist is missing or older than their own or the shared sources. */
export function appsNeedingBuild() {
  const shared = Math.max(...SHARED_SOURCES.map((dir) => newestMtime(path.join(ROOT, dir))));
  return APPS.filter((app) => {
    const manifest = path.join(ROOT, app, 'dist', 'mf-manifest.json');
    if (!existsSync(manifest)) return true;
    const built = statSync(manifest).mtimeMs;
    const sources = Math.max(
      shared,
      newestMtime(path.join(ROOT, app, 'src')),
      newestMtime(path.join(ROOT, app, 'public')),
      statSync(path.join(ROOT, app, 'webpack.config.js')).mtimeMs,
    );
    return sources > built;
  });
}
