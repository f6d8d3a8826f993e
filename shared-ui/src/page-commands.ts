// What the page on screen offers the command palette ('Approve', 'Export', 'Add Company'): a page
// (host or remote) lists its commands while it is mounted, the host's palette reads them. One store
// for the whole console because this module is a Module Federation singleton (shared-ui/commands).
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

const pages = new Map<symbol, readonly PageCommand[]>();
const listeners = new Set<() => void>();
let current: readonly PageCommand[] = [];

function publish() {
  current = [...pages.values()].flat();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
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
    pages.set(
      key,
      latest.current.map((command) => ({
        ...command,
        run: () => latest.current.find((candidate) => candidate.id === command.id)?.run(),
      })),
    );
    publish();
    return () => {
      pages.delete(key);
      publish();
    };
  }, [signature]);
}

/** The commands of every mounted page, in mounting order; re-renders when they change. */
export function usePageCommandList(): readonly PageCommand[] {
  return useSyncExternalStore(subscribe, () => current);
}
