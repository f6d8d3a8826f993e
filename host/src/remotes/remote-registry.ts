import {
  getInstance,
  loadRemote,
  registerGlobalPlugins,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import type { RouteObject } from 'react-router-dom';
import {
  buildIdOf,
  exposesModule,
  sharedMismatches,
  type RemoteManifest,
  type SharedMismatch,
} from './compatibility';
import { hostSharedFirst, type SharedEntry } from './host-shared-first';
import type { SectionName } from 'shared-contracts';

/** What every remote exposes as `./routes`: its section's routes, relative to the section path. */
export interface SectionModule {
  routes: RouteObject[];
}

/** The module the host's section registry loads from every remote. */
export const ROUTES_EXPOSE = './routes';

/** Why a section did not load, with what the error panel shows. */
export class SectionLoadError extends Error {
  constructor(
    message: string,
    /**
     * unreachable: files missing or refused (Retry starts the section again);
     * incompatible: its release does not fit this console (refused before any of its code ran);
     * reload: its code ran and failed, and the page's shared modules are no longer the host's.
     */
    readonly kind: 'unreachable' | 'incompatible' | 'reload',
    readonly buildId?: string,
    readonly mismatches: SharedMismatch[] = [],
    readonly missingExpose?: string,
  ) {
    super(message);
    this.name = 'SectionLoadError';
  }
}

/** A section loaded in this page: its routes and the release they came from. */
interface LoadedSection {
  module: SectionModule;
  /** The /remotes.json entry it was loaded from (its release's manifest address). */
  entry: string;
  buildId?: string;
}

/** The versions of the shared singletons this host build provides (tools/build/webpack/create-config.js). */
const PROVIDED = JSON.parse(process.env.SHARED_VERSIONS) as Record<string, string>;

let remotesFile: Promise<Record<string, string>> | null = null;
const loaded = new Map<SectionName, LoadedSection>();
/** First loads under way, by section. */
const pendingLoads = new Map<SectionName, Promise<SectionModule>>();
/** Sections whose remote has been registered with the federation runtime in this page. */
const registered = new Set<SectionName>();
/** The host's entries of the share scope, by package, remembered before the first remote is registered. */
let hostShared: Map<string, { version: string; entry: SharedEntry }> | null = null;

const shareScope = () =>
  getInstance()?.shareScopeMap.default as Record<string, Record<string, SharedEntry>> | undefined;

/**
 * Remembers the host's share-scope entries (only the host has registered any yet) and makes every
 * remote use them (host-shared-first.ts).
 */
function takeHostShared(): void {
  if (hostShared) return;
  hostShared = new Map();
  for (const [pkg, versions] of Object.entries(shareScope() ?? {})) {
    const own = Object.entries(versions);
    // One version each: nothing but the host has registered shared modules yet.
    const [version, entry] = own.find(([, e]) => e.from === 'host') ?? own[0] ?? [];
    if (version !== undefined && entry) hostShared.set(pkg, { version, entry });
  }
  registerGlobalPlugins([hostSharedFirst((pkg) => hostShared?.get(pkg)?.entry)]);
}

/**
 * Puts the host's entries back as the host's, and says whether the page can still be trusted. The
 * runtime renames an entry's owner to the first app that loads it, and re-registering a remote
 * deletes the entries it "owns": without this, Retry after a failed section removed shared modules
 * the host provides and the next load made second copies of them (the other sections broke). A copy
 * other than the host's that has already run means a section holds a second React or design system:
 * only a reload cleans that.
 */
function repairShareScope(): boolean {
  const scope = shareScope();
  if (!scope || !hostShared) return false;
  let trusted = true;
  for (const [pkg, { version, entry }] of hostShared) {
    const versions = (scope[pkg] ??= {});
    versions[version] = entry;
    entry.from = 'host';
    for (const other of Object.values(versions)) {
      if (other !== entry && (other.loaded || other.lib)) trusted = false;
    }
  }
  return trusted;
}

/**
 * Manifests this page has just read to check them, by address, for the federation runtime's own read
 * of the same address: handed over once instead of read a second time (a round trip more, with the
 * manifest revalidated on every load, before remoteEntry.js can even be requested).
 */
const checkedManifests = new Map<string, RemoteManifest>();
let handingOverManifests = false;

function handOverManifest(url: string, manifest: RemoteManifest): void {
  if (!handingOverManifests) {
    handingOverManifests = true;
    registerPlugins([
      {
        name: 'console-checked-manifest',
        fetch(address: string) {
          const checked = checkedManifests.get(address);
          if (!checked) return undefined;
          checkedManifests.delete(address);
          return Promise.resolve(
            new Response(JSON.stringify(checked), { headers: { 'Content-Type': 'application/json' } }),
          );
        },
      },
    ]);
  }
  checkedManifests.set(url, manifest);
}

/** /remotes.json as the server has it now (no-store: a release repoints a section at once). */
export async function readRemotesFile(): Promise<Record<string, string>> {
  const response = await fetch('/remotes.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  return (await response.json()) as Record<string, string>;
}

/** The section's module if it has already been loaded in this page. */
export function getLoadedSection(name: SectionName): SectionModule | undefined {
  return loaded.get(name)?.module;
}

/** The release (manifest address and build id) a section of this page was loaded from. */
export function loadedRelease(name: SectionName): { entry: string; buildId?: string } | undefined {
  const section = loaded.get(name);
  return section ? { entry: section.entry, buildId: section.buildId } : undefined;
}

/**
 * Whether /remotes.json now names another release of the section than the one this page runs (a
 * release or rollback happened since the section loaded).
 */
export async function newerReleaseLive(name: SectionName): Promise<boolean> {
  const running = loaded.get(name);
  if (!running) return false;
  const remotes = await readRemotesFile();
  const live = remotes[name];
  return live !== undefined && absolute(live) !== running.entry;
}

const absolute = (entry: string) => new URL(entry, window.location.origin).href;

async function fetchManifest(url: string): Promise<RemoteManifest> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as RemoteManifest;
}

/**
 * Finds the section's entry in /remotes.json, checks its manifest against what this page provides,
 * registers it and loads its `./routes`. A remote whose shared requirements the page does not meet is
 * refused before any of its code runs. A retry (`attempt > 0`) is a clean start: /remotes.json and the
 * manifest are read again (the manifest with a cache-buster) and the remote registered anew.
 */
export function loadSection(name: SectionName, attempt = 0): Promise<SectionModule> {
  const cached = loaded.get(name);
  if (cached) return Promise.resolve(cached.module);
  // A retry is a clean start of its own; a first load already under way (one the signed-in layout
  // started, preloadSection) is joined rather than started twice.
  if (attempt > 0) return startSection(name, attempt);
  let pending = pendingLoads.get(name);
  if (!pending) {
    pending = startSection(name, 0).finally(() => pendingLoads.delete(name));
    pendingLoads.set(name, pending);
  }
  return pending;
}

/**
 * Starts loading a section before it is shown: /remotes.json, its manifest, remoteEntry.js and its
 * routes' chunks are fetched while the signed-in layout runs and renders, not after it. A failure is
 * left to the section itself, which shows it.
 */
export function preloadSection(name: SectionName): void {
  loadSection(name).catch(() => undefined);
}

async function startSection(name: SectionName, attempt: number): Promise<SectionModule> {
  const fresh = attempt > 0;
  if (fresh) remotesFile = null;
  remotesFile ??= readRemotesFile().catch((error: unknown) => {
    remotesFile = null;
    throw error;
  });
  let remotes: Record<string, string>;
  try {
    remotes = await remotesFile;
  } catch (error) {
    throw new SectionLoadError(String(error), 'unreachable');
  }
  const listed = remotes[name];
  if (!listed) throw new SectionLoadError(`/remotes.json has no entry for "${name}"`, 'unreachable');
  const entry = absolute(listed);
  // The cache-buster makes a retry read the manifest from the server, not from a cache that kept a
  // failed or outdated answer; the remote's chunks are addressed relative to it without the query.
  const manifestUrl = fresh ? `${entry}${entry.includes('?') ? '&' : '?'}retry=${Date.now()}` : entry;

  let manifest: RemoteManifest;
  try {
    manifest = await fetchManifest(manifestUrl);
  } catch (error) {
    // A section on another origin that this page's Content-Security-Policy (fixed when the page was
    // loaded) may not allow yet: a reload gets the server's current policy.
    const elsewhere = new URL(entry).origin !== window.location.origin;
    throw new SectionLoadError(String(error), elsewhere ? 'reload' : 'unreachable', buildIdOf(null, entry));
  }
  const buildId = buildIdOf(manifest, entry);
  const mismatches = sharedMismatches(manifest, PROVIDED);
  const missingExpose = exposesModule(manifest, ROUTES_EXPOSE) ? undefined : ROUTES_EXPOSE;
  if (mismatches.length > 0 || missingExpose) {
    const what = mismatches.map((m) => `${m.pkg} ${m.required} (this page has ${m.provided})`);
    throw new SectionLoadError(
      `The ${name} release ${buildId ?? ''} does not fit this console: ${[...what, missingExpose].filter(Boolean).join(', ')}`,
      'incompatible',
      buildId,
      mismatches,
      missingExpose,
    );
  }

  takeHostShared();
  if (registered.has(name) && !repairShareScope()) {
    throw new SectionLoadError(`A second copy of a shared module has run in this page`, 'reload', buildId);
  }
  handOverManifest(manifestUrl, manifest);
  registerRemotes([{ name, entry: manifestUrl }], { force: registered.has(name) });
  registered.add(name);
  let module: SectionModule | null | undefined;
  try {
    module = await loadRemote<SectionModule>(`${name}/${ROUTES_EXPOSE.slice(2)}`);
  } catch (error) {
    throw new SectionLoadError(
      error instanceof Error ? error.message : String(error),
      repairShareScope() ? 'unreachable' : 'reload',
      buildId,
    );
  } finally {
    checkedManifests.delete(manifestUrl);
  }
  if (!module || !Array.isArray(module.routes)) {
    throw new SectionLoadError(
      `The ${name} remote exposes no routes`,
      'incompatible',
      buildId,
      [],
      ROUTES_EXPOSE,
    );
  }
  loaded.set(name, { module, entry, buildId });
  return module;
}
