import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { Role, User } from 'shared-contracts';
import { hasRole } from 'shared-contracts';
import { login, logout, refreshUser, type SecondStepNeeded } from './auth-actions';
import { isLoadingAtom, sessionAtom, sessionStore, type Session } from './session-store';

/** The session plus the actions that change it. */
export interface AuthValue extends Session {
  /** Signs in; stores both tokens and the user, or answers the second step's ticket; throws ApiError. */
  login: (email: string, password: string) => Promise<User | SecondStepNeeded>;
  /** Signs out; clears tokens and user even when the call fails. */
  logout: () => Promise<void>;
  /** Re-reads the current user from the server. */
  refreshUser: () => Promise<void>;
}

/**
 * The session: `{ user, isAuthenticated, isLoading }`, from the page-wide store.
 * @example const { user, isLoading } = useSession();
 */
export function useSession(): Session {
  // The store is passed explicitly so an app-level jotai <Provider> cannot split the session.
  const { user, isAuthenticated } = useAtomValue(sessionAtom, { store: sessionStore });
  const isLoading = useAtomValue(isLoadingAtom, { store: sessionStore });
  return useMemo(() => ({ user, isAuthenticated, isLoading }), [user, isAuthenticated, isLoading]);
}

/**
 * The session plus `login`, `logout` and `refreshUser`.
 * @example const { login } = useAuth(); await login(email, password);
 */
export function useAuth(): AuthValue {
  const session = useSession();
  return useMemo(() => ({ ...session, login, logout, refreshUser }), [session]);
}

/** True when the signed-in user's role equals `role` or ranks higher. */
export function useHasRole(role: Role): boolean {
  const { user } = useSession();
  return hasRole(user?.role, role);
}
