import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RouteObject } from 'react-router-dom';
import type { SectionName } from './sections';

/** What every remote exposes as `./routes`: its section's routes, relative to the section path. */
export interface SectionModule {
  routes: RouteObject[];
}

let remotesFile: Promise<Record<string, string>> | null = null;
const loaded = new Map<SectionName, SectionModule>();

async function readRemotesFile(): Promise<Record<string, string>> {
  // no-store: editing /remotes.json on the server repoints a section on the next page load.
  const response = await fetch('/remotes.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  return (await response.json()) as Record<string, string>;
}

/** The section's module if it has already been loaded in this page. */
export function getLoadedSection(name: SectionName): SectionModule | undefined {
  return loaded.get(name);
}

/**
 * Finds the section's entry in /remotes.json, registers it and loads its `./routes`.
 * A retry (`attempt > 0`) re-reads /remotes.json and re-registers the remote from scratch.
 */
export async function loadSection(name: SectionName, attempt = 0): Promise<SectionModule> {
  const cached = loaded.get(name);
  if (cached) return cached;
  if (attempt > 0) remotesFile = null;
  remotesFile ??= readRemotesFile().catch((error: unknown) => {
    remotesFile = null;
    throw error;
  });
  const remotes = await remotesFile;
  const entry = remotes[name];
  if (!entry) throw new Error(`/remotes.json has no entry for "${name}"`);
  registerRemotes([{ name, entry: new URL(entry, window.location.origin).href }], { force: attempt > 0 });
  const module = await loadRemote<SectionModule>(`${name}/routes`);
  if (!module || !Array.isArray(module.routes)) throw new Error(`The ${name} remote exposes no routes`);
  loaded.set(name, module);
  return module;
}
