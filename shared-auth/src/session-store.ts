import { atom, getDefaultStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { STORAGE_KEYS, type User } from 'shared-contracts';

/** What survives a reload under `auth-storage`. */
export interface PersistedSession {
  user: User | null;
  isAuthenticated: boolean;
}

/** The session as components see it. */
export interface Session extends PersistedSession {
  isLoading: boolean;
}

const ANONYMOUS: PersistedSession = { user: null, isAuthenticated: false };

function isPersistedSession(value: unknown): value is PersistedSession {
  if (typeof value !== 'object' || value === null) return false;
  const { user, isAuthenticated } = value as Record<string, unknown>;
  if (typeof isAuthenticated !== 'boolean') return false;
  if (user === null) return !isAuthenticated;
  return typeof user === 'object' && typeof (user as Record<string, unknown>).email === 'string';
}

// localStorage, or none where there is none (the build-time render of the sign-in page runs in Node)
// or access is refused (a sandboxed frame): jotai's default then keeps the session in memory only.
const jsonStorage = createJSONStorage<PersistedSession>();
// A hand-edited or stale-format value must not sign anyone in: fall back to anonymous.
const validatedStorage: typeof jsonStorage = {
  ...jsonStorage,
  getItem: (key, initialValue) => {
    const value: unknown = jsonStorage.getItem(key, initialValue);
    return isPersistedSession(value) ? value : initialValue;
  },
};

/** The persisted part of the session (`{ user, isAuthenticated }` under `auth-storage`). */
export const sessionAtom = atomWithStorage<PersistedSession>(
  STORAGE_KEYS.session,
  ANONYMOUS,
  validatedStorage,
  {
    getOnInit: true,
  },
);

/** True until the start-up check has settled. */
export const isLoadingAtom = atom(true);

// Host and remotes share this module as a Module Federation singleton, so the one default
// store is the one session for the whole page, whatever Providers the apps render.
export const sessionStore = getDefaultStore();

/** Current signed-in user outside React, or null. */
export function getSessionUser(): User | null {
  return sessionStore.get(sessionAtom).user;
}

export function setSessionUser(user: User): void {
  sessionStore.set(sessionAtom, { user, isAuthenticated: true });
}

export function clearSessionUser(): void {
  sessionStore.set(sessionAtom, ANONYMOUS);
}

export function setSessionLoading(isLoading: boolean): void {
  sessionStore.set(isLoadingAtom, isLoading);
}
