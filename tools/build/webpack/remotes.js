// The four sections, their federation names and dev-server ports. Production paths are served by the API.
export const REMOTES = [
  { name: 'companies', dir: 'remote-companies', port: 3001 },
  { name: 'users', dir: 'remote-users', port: 3002 },
  { name: 'managers', dir: 'remote-managers', port: 3003 },
  { name: 'approvals', dir: 'remote-approvals', port: 3004 },
];
export const HOST_PORT = 3000;

/** /remotes.json for the dev servers: each remote's manifest on its own port. */
export function devRemotesJson() {
  return Object.fromEntries(REMOTES.map((r) => [r.name, `http://localhost:${r.port}/mf-manifest.json`]));
}
