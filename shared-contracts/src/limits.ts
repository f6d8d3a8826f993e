/** Business constants. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const STORAGE_KEYS = {
  accessToken: 'auth_token',
  refreshToken: 'refresh_token',
  session: 'auth-storage',
  /** The server's idle limit in seconds, from the last sign-in or refresh answer. */
  idleTimeout: 'session_idle_timeout',
} as const;
export const LOGIN_PASSWORD_MIN = 6;
/** Shortest new password (account creation, password change); existing ones keep working. */
export const USER_PASSWORD_MIN = 12;
export const LOGIN_FAILURE_WARNING_THRESHOLD = 3;
export const COMPANY_NAME_MAX = 255;
export const PAGE_SIZE = 10;
export const APPROVAL_PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const MAX_PAGE_BUTTONS = 5;
export const PICKER_LIMIT = 100;
export const COMPANY_FILTER_LIMIT = 1000;
/** Largest `limit` any list accepts. */
export const MAX_LIST_LIMIT = 1000;
export const POLL_INTERVAL_MS = 30_000;
export const RECENT_ACTIVITY_SHOWN = 5;
export const APPROVAL_ID_SHOWN = 8;
export const TOAST_DURATION_MS = 5_000;
export const LOGIN_FREQUENCY = { high: 100, medium: 20 } as const;
export const SYSTEM_USAGE = { companies: 5, approvals: 50 } as const;
/** Longest text accepted for free-text fields that have no limit of their own. */
export const TEXT_MAX = 255;
export const LONG_TEXT_MAX = 5000;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;
/**
 * Largest amount of one bank-file (NACHA) entry: 10 digits of cents, $99,999,999.99. An approval's
 * total is held to it when the approval is created, so its file can always be written.
 */
export const BANK_ENTRY_AMOUNT_MAX_CENTS = 9_999_999_999;
