// The console's one notice area: bottom-end, one notice at a time, closing after
// TOAST_DURATION_MS. A new notice replaces the one on screen instead of queueing behind it, so a burst
// of failures never keeps the user reading stale messages for 5 s each. Bottom-end, not top-end: page
// headers carry the actions (Activate, Edit) a user reaches for right after a notice, and a top notice
// covered them for its 5 s; the layouts keep room at the end of the page so the last controls can be
// scrolled clear of it (NOTICE_CLEARANCE).
//
// The toasts themselves (./notice-area.tsx: Chakra's toaster, Ark's toast and dismissable machines)
// load on first use or when a signed-in layout calls preloadNotices(), so the sign-in page never
// downloads them. notify* stay synchronous for their callers: a notice asked for before the area has
// loaded is shown as soon as it has.
import { useSyncExternalStore } from 'react';
import { UI_TEXT } from 'shared-contracts';
import type * as NoticeAreaModule from './notice-area';

/** Space a layout leaves below its content so nothing must stay under a notice (toast height + offset). */
export const NOTICE_CLEARANCE = '7rem';

type NoticeModule = typeof NoticeAreaModule;
type NoticeType = 'success' | 'error' | 'info' | 'warning';

let loaded: NoticeModule | undefined;
let loading: Promise<NoticeModule> | undefined;
const listeners = new Set<() => void>();

/** The notice area's module, loaded once; a failed load (offline) is tried again on the next call. */
function loadNoticeArea(): Promise<NoticeModule> {
  loading ??= import('./notice-area').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Loads the notice area ahead of its first notice. Signed-in layouts call it once mounted, so a notice
 * about a failure shows at once even when the network has gone since.
 */
export function preloadNotices(): void {
  loadNoticeArea().catch(() => undefined);
}

let lastId = 0;

function notify(type: NoticeType, title: string, description?: string): string {
  lastId += 1;
  const id = `notice-${lastId}`;
  loadNoticeArea().then(
    (area) => area.show({ id, type, title, description }),
    (error: unknown) => console.error('The notice area could not be loaded', error),
  );
  return id;
}

/** Shows a success notice, e.g. notifySuccess('Company created successfully'). */
export function notifySuccess(message: string): string {
  return notify('success', message);
}

/** Shows the destructive notice of every failed action: title 'Error', the message as description. */
export function notifyError(message: string): string {
  return notify('error', UI_TEXT.errorTitle, message);
}

/** Shows a neutral notice, e.g. notifyInfo('Coming Soon'). */
export function notifyInfo(title: string, description?: string): string {
  return notify('info', title, description);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getLoaded = () => loaded;

/** The notice area once loaded (nothing before: no notice can be on screen yet); UiProvider mounts it once. */
export function Toaster() {
  const area = useSyncExternalStore(subscribe, getLoaded, getLoaded);
  return area ? <area.NoticeArea /> : null;
}
