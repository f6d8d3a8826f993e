/**
 * How long a sign-in lasts, read from the environment with the rest of the configuration
 * (config.ts): the access token, the refresh token, the session's absolute and idle limits, and
 * the password-guess throttle of sign-in. Its own file so config.ts stays one idea a screen.
 */
import * as v from 'valibot';
import { ConfigError, intFromEnv } from './env-values';

export interface LoginThrottleConfig {
  /** Failures within the window: per e-mail and address pair → 429 until the oldest ages out. */
  maxPerPair: number;
  /** Per address across e-mails (one client probing many accounts). */
  maxPerIp: number;
  /** Per e-mail from all addresses: beyond this, a growing wait after each failure (no lockout). */
  maxPerEmail: number;
  /** Cap of that per-e-mail wait: nobody can keep the owner out longer after their last try. */
  maxBackoffSeconds: number;
  windowSeconds: number;
}

export interface SessionConfig {
  /** Seconds an access token is valid (ACCESS_TOKEN_TTL). */
  accessTokenTtl: number;
  /** Seconds a refresh token is valid at most (REFRESH_TOKEN_TTL); the two limits below come first. */
  refreshTokenTtl: number;
  /**
   * Seconds after its sign-in at which a session (refresh-token family) ends, however often it
   * was refreshed: SESSION_MAX_AGE, and ADMIN_SESSION_MAX_AGE for ADMIN accounts.
   */
  sessionMaxAge: { default: number; admin: number };
  /**
   * Seconds without a refresh after which a session ends (SESSION_IDLE_TIMEOUT): each refresh
   * token expires this long after it was issued, and a session's access tokens stop with it.
   */
  sessionIdleTimeout: number;
  /**
   * Seconds during which a just-rotated refresh token, presented again, answers the same
   * successor instead of counting as reuse (two tabs refreshing at once).
   */
  refreshGraceSeconds: number;
  /** Password-guess throttle of sign-in and password change (sessions/throttle.ts). */
  loginThrottle: LoginThrottleConfig;
}

const HOUR = 3_600;
const DAY = 24 * HOUR;
/**
 * A stolen session is worth a working day at most, and a device left signed in half an hour: the
 * figures OWASP's verification standard asks of applications that move money.
 */
const MAX_AGE_DEFAULT = 12 * HOUR;
const IDLE_DEFAULT = 30 * 60;

/** The environment variables of this group; config.ts merges the entries into its schema. */
export const SessionEnvSchema = v.object({
  ACCESS_TOKEN_TTL: v.optional(intFromEnv('ACCESS_TOKEN_TTL', 30, DAY), '900'),
  REFRESH_TOKEN_TTL: v.optional(intFromEnv('REFRESH_TOKEN_TTL', 300, 365 * DAY), String(30 * DAY)),
  SESSION_MAX_AGE: v.optional(intFromEnv('SESSION_MAX_AGE', 300, 365 * DAY), String(MAX_AGE_DEFAULT)),
  // Unset: SESSION_MAX_AGE, but never beyond 12 hours (raising everyone's limit leaves ADMIN's).
  ADMIN_SESSION_MAX_AGE: v.optional(intFromEnv('ADMIN_SESSION_MAX_AGE', 300, 365 * DAY)),
  SESSION_IDLE_TIMEOUT: v.optional(intFromEnv('SESSION_IDLE_TIMEOUT', 60, 30 * DAY), String(IDLE_DEFAULT)),
});
type SessionEnv = v.InferOutput<typeof SessionEnvSchema>;

export function sessionConfigFrom(e: SessionEnv): SessionConfig {
  // A console refreshes only when its access token has expired: with an access token outliving
  // the idle limit, a person working without pause would be signed out for being idle.
  if (e.ACCESS_TOKEN_TTL >= e.SESSION_IDLE_TIMEOUT) {
    throw new ConfigError(
      `Invalid configuration:\n  SESSION_IDLE_TIMEOUT (${e.SESSION_IDLE_TIMEOUT}) must be longer than ACCESS_TOKEN_TTL (${e.ACCESS_TOKEN_TTL})`,
    );
  }
  return {
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    sessionMaxAge: {
      default: e.SESSION_MAX_AGE,
      admin: e.ADMIN_SESSION_MAX_AGE ?? Math.min(e.SESSION_MAX_AGE, MAX_AGE_DEFAULT),
    },
    sessionIdleTimeout: e.SESSION_IDLE_TIMEOUT,
    refreshGraceSeconds: 10,
    loginThrottle: {
      maxPerPair: 5,
      maxPerIp: 20,
      maxPerEmail: 10,
      maxBackoffSeconds: 30,
      windowSeconds: 15 * 60,
    },
  };
}
