import { satisfy } from '@module-federation/enhanced/runtime';

/** The parts of a remote's mf-manifest.json the host reads before running any of its code. */
export interface RemoteManifest {
  metaData?: { buildInfo?: { buildVersion?: string } };
  shared?: { name: string; version?: string; requiredVersion?: string | false; singleton?: boolean }[];
  exposes?: { name?: string; path?: string }[];
}

/** A shared package the remote needs in a version the page does not provide. */
export interface SharedMismatch {
  pkg: string;
  required: string;
  provided: string;
}

/**
 * The key under which a shared module is provided: 'react/jsx-runtime' is shared through the 'react/'
 * prefix entry, 'shared-ui/table' is its own entry.
 */
function providedVersion(provided: Record<string, string>, pkg: string): string | undefined {
  if (provided[pkg] !== undefined) return provided[pkg];
  const prefix = `${pkg.split('/')[0]}/`;
  return pkg.includes('/') ? provided[prefix] : undefined;
}

/**
 * Every shared module of the remote that the page provides must be provided in a version the remote
 * accepts: the page's copy is the one it will get (host-shared-first.ts), and a second copy of React,
 * the design system or the session state breaks every section that shares it.
 */
export function sharedMismatches(
  manifest: RemoteManifest,
  provided: Record<string, string>,
): SharedMismatch[] {
  const mismatches: SharedMismatch[] = [];
  for (const item of manifest.shared ?? []) {
    const version = providedVersion(provided, item.name);
    const required = item.requiredVersion;
    if (version === undefined || typeof required !== 'string' || required === '*') continue;
    if (!satisfy(version, required)) mismatches.push({ pkg: item.name, required, provided: version });
  }
  return mismatches;
}

/** Whether the remote exposes `expose` (e.g. './routes'), the module the host's section registry loads. */
export function exposesModule(manifest: RemoteManifest, expose: string): boolean {
  return (manifest.exposes ?? []).some((item) => item.path === expose || `./${item.name}` === expose);
}

/** The build id of a release: its manifest's buildVersion, else the folder before mf-manifest.json. */
export function buildIdOf(manifest: RemoteManifest | null, entryUrl: string): string | undefined {
  const fromManifest = manifest?.metaData?.buildInfo?.buildVersion;
  if (fromManifest) return fromManifest;
  return /\/releases\/[^/]+\/([^/]+)\/mf-manifest\.json(?:\?|$)/.exec(entryUrl)?.[1];
}
