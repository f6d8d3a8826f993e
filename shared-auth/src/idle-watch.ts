// Signs an unused console out after the server's idle limit. Without it an open tab never goes idle:
// the HTTP client and the live stream refresh the access token whenever it expires, so the server's
// idle limit would only ever end sessions whose tab was closed. The signed-in layout fetches this
// (loadIdleWatch), so none of it is part of the sign-in page's JavaScript.
//
// The person's last use of the page (a press, a key, the wheel, the window or tab coming back) is
// kept in memory and, at most every few seconds, in localStorage, which every tab of the console
// reads: using one tab keeps the others signed in. A minute before the limit the listener is told
// (the layout shows "Stay signed in"); at the limit the session ends as a sign-out does, and until
// then no refresh is made for an absent person, whoever asks for it.
import { ERROR_CODES, IDLE_TEXT, STORAGE_KEYS } from 'shared-contracts';
import { startTransition } from 'react';
import { ApiError } from './api-error';
import { logout } from './auth-actions';
import { goToLogin, renewAccessToken, setRefreshGate } from './http';
import { clearSessionUser } from './session-store';
import { tokenStorage } from './token-storage';

/** The idle limit when the server did not say one (an older API): the server's own default. */
export const DEFAULT_IDLE_SECONDS = 30 * 60;
/** How long before the limit the person is warned. */
export const WARNING_BEFORE_MS = 60_000;
/** Shortest time between two writes of the last activity to localStorage. */
export const ACTIVITY_WRITE_MS = 5_000;
/** Longest wait between two checks, so another tab's activity or a changed limit is seen. */
const CHECK_MAX_MS = 15_000;
/** When someone last used any tab of the console (epoch ms): the tabs of one browser share it. */
export const LAST_ACTIVITY_KEY = 'last_activity';

/** The warning a minute before the limit. */
export interface IdleWarning {
  /** When the session ends unless someone uses the console (epoch ms). */
  signOutAt: number;
  /** Counts as use of the console: the warning goes and the session is refreshed once. */
  staySignedIn: () => void;
}

/** Called with the warning when it is due and with null when it is over. */
export type IdleListener = (warning: IdleWarning | null) => void;

function readNumber(key: string): number | null {
  try {
    const raw = window.localStorage.getItem(key);
    const value = raw === null || raw === '' ? NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

function writeActivity(at: number): void {
  try {
    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    // Private mode or a full quota: this tab still counts its own activity.
  }
}

/** The server's idle limit in milliseconds, as the last sign-in or refresh answer gave it. */
export function idleLimitMs(): number {
  const seconds = readNumber(STORAGE_KEYS.idleTimeout);
  const valid = seconds !== null && Number.isInteger(seconds) && seconds >= 60;
  return (valid ? seconds : DEFAULT_IDLE_SECONDS) * 1000;
}

// Scroll events are not counted: the page scrolls itself too (a list growing with live changes, a
// dialog locking the page), and a person scrolls with the wheel, a key or a touch, all counted.
// Focus is heard on the window only, so the console moving focus itself (a dialog opening) is not
// mistaken for use.
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel'] as const;
const LISTEN = { passive: true } as const;

/**
 * Watches this tab for use until the answer is called; `onWarning` hears of the warning. Starting
 * counts as use: it happens on sign-in or when someone opens or reloads a signed-in page.
 */
export function watchIdle(onWarning: IdleListener): () => void {
  let lastLocal = 0;
  let lastWritten = 0;
  let warned = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // When this tab last saw a new access token (its own refresh or another tab's).
  let seenToken = tokenStorage.getAccessToken();
  let refreshedAt = Date.now();

  const lastActivity = () => Math.max(lastLocal, readNumber(LAST_ACTIVITY_KEY) ?? 0);
  const idleFor = (now: number) => now - lastActivity();

  // One refresh, so the server's idle clock restarts with the person's return.
  const keepAlive = () => {
    refreshedAt = Date.now();
    void renewAccessToken(tokenStorage.getAccessToken(), true).catch(() => {});
  };

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    setRefreshGate(null);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
    window.removeEventListener('focus', onActivity);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('storage', onStorage);
  };

  /** Ends the session as signing out does, and tells the sign-in page why. */
  const endForInactivity = (): ApiError => {
    // The server's own answer to a session past its idle limit, in words that say what happened.
    const error = new ApiError(IDLE_TEXT.signedOut(Math.round(idleLimitMs() / 60_000)), {
      status: 401,
      code: ERROR_CODES.sessionExpired,
    });
    if (stopped) return error;
    stop();
    if (warned) onWarning(null);
    warned = false;
    // The server is told with the refresh token as it is now (logout reads it at once), and no
    // request of this tab uses the tokens any more.
    void logout();
    tokenStorage.clear();
    goToLogin(error, error.message);
    // The router moves to sign-in in a transition: the user leaves in that same transition, or the
    // signed-in route would render first without a user and go to sign-in itself, without the reason.
    startTransition(clearSessionUser);
    return error;
  };

  const check = () => {
    clearTimeout(timer);
    if (stopped) return;
    const now = Date.now();
    const limit = idleLimitMs();
    const idle = idleFor(now);
    // Signed out meanwhile (another tab, a refused refresh): nothing to end; the layout is leaving,
    // and should another tab sign in again first, this one watches that session.
    if (tokenStorage.getRefreshToken() === null) {
      timer = setTimeout(check, CHECK_MAX_MS);
      return;
    }
    if (idle >= limit) {
      endForInactivity();
      return;
    }
    const token = tokenStorage.getAccessToken();
    if (token !== seenToken) {
      seenToken = token;
      refreshedAt = now;
    }
    if (idle >= limit - WARNING_BEFORE_MS) {
      if (!warned) {
        warned = true;
        onWarning({ signOutAt: now - idle + limit, staySignedIn });
      }
    } else if (warned) {
      warned = false;
      onWarning(null);
      keepAlive();
    } else if (lastActivity() > refreshedAt && now - refreshedAt >= limit / 2) {
      // Someone working without calling the API (a long form) would otherwise reach the server's
      // limit, which counts refreshes, not keys.
      keepAlive();
    }
    const next = warned ? limit - idle : limit - WARNING_BEFORE_MS - idle;
    timer = setTimeout(check, Math.min(Math.max(next, 250), CHECK_MAX_MS));
  };

  function record(force: boolean): void {
    if (stopped) return;
    const now = Date.now();
    // Coming back to a tab after the limit (a laptop woken from sleep, whose timers stood still)
    // does not bring an absent person's session back.
    if (lastLocal !== 0 && idleFor(now) >= idleLimitMs()) {
      endForInactivity();
      return;
    }
    lastLocal = now;
    if (force || now - lastWritten >= ACTIVITY_WRITE_MS) {
      lastWritten = now;
      writeActivity(now);
    }
    if (warned) check();
  }

  function onActivity(): void {
    record(false);
  }
  function onVisibility(): void {
    if (document.visibilityState === 'visible') record(false);
  }
  function onStorage(event: StorageEvent): void {
    // Another tab's use ends this tab's warning at once.
    if (event.key === LAST_ACTIVITY_KEY && warned) check();
  }
  function staySignedIn(): void {
    record(true);
  }

  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, LISTEN);
  window.addEventListener('focus', onActivity, LISTEN);
  document.addEventListener('visibilitychange', onVisibility, LISTEN);
  window.addEventListener('storage', onStorage);
  // Whoever asks for a refresh (a request's 401, the live stream, the check above) gets none for
  // an absent person: the session ends instead.
  setRefreshGate(() => {
    if (idleFor(Date.now()) >= idleLimitMs()) throw endForInactivity();
  });
  record(true);
  check();
  return stop;
}
