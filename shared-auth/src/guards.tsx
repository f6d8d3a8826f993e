import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Role } from 'shared-contracts';
import { initializeSession } from './auth-actions';
import { LOGIN_PATH } from './http';
import { useHasRole, useSession } from './use-session';

/** Props of {@link RequireAuth}. */
export interface RequireAuthProps {
  children?: ReactNode;
  /** Shown while the session is being checked (the host passes its 'Loading...' spinner). */
  loadingFallback?: ReactNode;
}

/**
 * Renders children for a signed-in user; sends anyone else to /login, remembering the page.
 * @example <RequireAuth loadingFallback={<Spinner />}><Layout /></RequireAuth>
 */
export function RequireAuth({ children, loadingFallback = null }: RequireAuthProps): ReactNode {
  const { isAuthenticated, isLoading, user } = useSession();
  const location = useLocation();

  // Memoized, so this only matters for an app that forgot to start the check itself.
  useEffect(() => {
    void initializeSession();
  }, []);

  if (isLoading) return loadingFallback;
  if (!isAuthenticated || !user) {
    // Only the parts of the location needed to come back: it goes into history state.
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to={LOGIN_PATH} replace state={{ from }} />;
  }
  return children;
}

/** Props of {@link RequireRole}. */
export interface RequireRoleProps {
  /** Lowest role that may see the children. */
  role: Role;
  children?: ReactNode;
  /** Shown to lower roles (the host passes its Access Denied view). */
  fallback?: ReactNode;
}

/**
 * Renders children when the user's role equals `role` or ranks higher, else `fallback`.
 * @example <RequireRole role="MODERATOR" fallback={<AccessDenied />}><CompanyForm /></RequireRole>
 */
export function RequireRole({ role, children, fallback = null }: RequireRoleProps): ReactNode {
  return useHasRole(role) ? children : fallback;
}
