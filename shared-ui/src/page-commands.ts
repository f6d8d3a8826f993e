// What the page on screen offers the command palette ('Approve', 'Export', 'Delete approval'): a page
// (host or remote) lists its commands while it is mounted, the host's palette reads them. The host and
// each remote bundle their own copy of this module (shared-ui/commands is not a Module Federation
// singleton: every singleton adds to the sign-in page), so the store they share lives on the window.
import { useEffect, useRef, useSyncExternalStore } from 'react';

/** One command of the page: what the palette shows and what choosing it does. */
export interface PageCommand {
  /** Stable within the page, e.g. 'approve'. */
  id: string;
  /** What the palette shows, e.g. 'Approve'; the words the palette's filter matches. */
  label: string;
  /** More words the filter matches, e.g. ['download', 'csv'] for Export. */
  keywords?: readonly string[];
  /** Runs after the palette has closed (a dialog it opens gets the focus). */
  run: () => void;
}

interface Store {
  pages: Map<symbol, readonly PageCommand[]>;
  listeners: Set<() => void>;
  current: readonly PageCommand[];
}

const STORE_KEY = '__consolePageCommands';
const holder = globalThis as typeof globalThis & { [STORE_KEY]?: Store };
const store: Store = (holder[STORE_KEY] ??= { pages: new Map(), listeners: new Set(), current: [] });

function publish() {
  store.current = [...store.pages.values()].flat();
  for (const listener of store.listeners) listener();
}

function subscribe(listener: () => void) {
  store.listeners.add(listener);
  return () => store.listeners.delete(listener);
}

/**
 * Offers `commands` in the palette while the calling page is mounted. Only the commands the signed-in
 * person may run should be passed (the server refuses the rest anyway). A command's `run` is read when
 * it is chosen, so it may close over the page's latest state; the list is re-published only when the
 * ids or labels change.
 */
export function usePageCommands(commands: readonly PageCommand[]): void {
  const latest = useRef(commands);
  useEffect(() => {
    latest.current = commands;
  });
  const signature = commands.map((command) => `${command.id}\u0000${command.label}`).join('\u0001');
  useEffect(() => {
    const key = Symbol('page commands');
    store.pages.set(
      key,
      latest.current.map((command) => ({
        ...command,
        run: () => latest.current.find((candidate) => candidate.id === command.id)?.run(),
      })),
    );
    publish();
    return () => {
      store.pages.delete(key);
      publish();
    };
  }, [signature]);
}

/** The commands of every mounted page, in mounting order; re-renders when they change. */
export function usePageCommandList(): readonly PageCommand[] {
  return useSyncExternalStore(subscribe, () => store.current);
}
