// Where releases live and which remotes file the server reads: the same defaults as the API's
// configuration (api/src/config.ts), from the same environment variables.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECTIONS } from '../../../shared-contracts/src/sections.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The sections, as in /remotes.json. */
export const REMOTE_SECTIONS = SECTIONS.map((section) => section.name);

const fromRoot = (value) => path.resolve(ROOT, value);

export function releasePaths(env = process.env) {
  const staticRoot = fromRoot(env.STATIC_ROOT ?? '.');
  const releasesDir = env.RELEASES_DIR ? fromRoot(env.RELEASES_DIR) : path.join(staticRoot, 'releases');
  return {
    staticRoot,
    releasesDir,
    remotesFile: env.REMOTES_FILE ? fromRoot(env.REMOTES_FILE) : path.join(releasesDir, 'remotes.json'),
    originsFile: env.REMOTE_ORIGINS_FILE
      ? fromRoot(env.REMOTE_ORIGINS_FILE)
      : path.join(releasesDir, 'remote-origins.txt'),
  };
}

/** /remotes.json while no remotes file exists: each section from its own build (the server's default). */
export function defaultRemotes() {
  return Object.fromEntries(REMOTE_SECTIONS.map((name) => [name, `/remotes/${name}/mf-manifest.json`]));
}
