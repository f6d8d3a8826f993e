// shared-auth: the page-wide session, token storage, HTTP client and route guards.
// Loaded once per page as a Module Federation singleton by the host and every remote.

export { configureHttp, http, setNavigator, type SessionEndReason, type SessionNavigator } from './http';
export { downloadFile, readBody, saveBlob } from './download';
export {
  api,
  filenameFromDisposition,
  type ApiRequestOptions,
  type SearchParams,
  type UploadOptions,
} from './api';
export { ApiError, errorMessage, isApiError } from './api-error';
export { getLoginErrorMessage } from './login-error-message';
export { tokenStorage } from './token-storage';
export {
  sessionAtom,
  isLoadingAtom,
  getSessionUser,
  type PersistedSession,
  type Session,
} from './session-store';
export { initializeSession, type SecondStepNeeded } from './auth-actions';
export { SECURITY_OVERVIEW_KEY, SECURITY_PAGE_PATH } from './security-page';
export type { SecondFactorRefusals, StepUpPrompt } from './step-up';
/**
 * Second-step sign-in, step-up (the calls, and installing the answers to a 403 in the client) and
 * passkey ceremonies: fetched by the screens that ask for a factor, never by the sign-in page.
 */
export const loadSecondFactors = () => import('./second-factors');
/** The inactivity sign-out's code, fetched by the signed-in layout (never by the sign-in page). */
export const loadIdleWatch = () => import('./idle-watch');
export type { IdleListener, IdleWarning } from './idle-watch';
export { useSession, useAuth, useHasRole, type AuthValue } from './use-session';
export { useCanAdminister, useCanDecide, useCanManage, useIsReviewer } from './section-access';
export { RequireAuth, RequireRole, type RequireAuthProps, type RequireRoleProps } from './guards';
export { getRedirectTarget } from './redirect-target';
export {
  startLiveEvents,
  subscribeLiveEvents,
  useLiveBatches,
  useLiveEvents,
  useLiveRecord,
  useLiveState,
  listReaction,
  carriedFigures,
  relatedToReRead,
  patchRows,
  LIVE_PATCH_MARK,
  LIVE_COUNT_INTERVAL_MS,
  LIVE_REVALIDATE_INTERVAL_MS,
  type ListLivePolicy,
  type ListReaction,
  type LiveBatch,
  type LiveChange,
  type LiveEvent,
  type LiveResync,
  type LiveState,
} from './live-events';

/** Role ranks and checks, re-exported from shared-contracts for convenience. */
export { roleRank, hasRole, ROLE_RANKS } from 'shared-contracts';
/** Types of the session's user and role, re-exported from shared-contracts. */
export type { User, Role } from 'shared-contracts';
