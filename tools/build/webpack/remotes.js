// The remotes as the build and the dev servers see them: each section's federation name, folder and
// dev-server port, from the section registry. Production paths are served by the API.
import { remoteDir, SECTIONS } from '../../../shared-contracts/src/sections.js';

export const REMOTES = SECTIONS.map(({ name, devPort }) => ({ name, dir: remoteDir(name), port: devPort }));
export const HOST_PORT = 3000;

/** A remote by its section name; throws for a name that is not a section. */
export function remoteNamed(name) {
  const remote = REMOTES.find((entry) => entry.name === name);
  if (!remote) throw new Error(`No section called "${name}"`);
  return remote;
}

/** /remotes.json for the dev servers: each remote's manifest on its own port. */
export function devRemotesJson() {
  return Object.fromEntries(REMOTES.map((r) => [r.name, `http://localhost:${r.port}/mf-manifest.json`]));
}
