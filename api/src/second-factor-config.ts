/**
 * Second factors, read from the environment with the rest of the configuration (config.ts): where
 * passkeys are bound (the WebAuthn relying party), how fresh a factor the actions that pay need,
 * and how long people who must have a factor may go on without one. Its own file so config.ts
 * stays one idea a screen.
 */
import { isIP } from 'node:net';
import * as v from 'valibot';
import { ConfigError, decimalFromEnv, intFromEnv } from './env-values';

export interface SecondFactorConfig {
  /**
   * The WebAuthn relying party: the domain passkeys are bound to (WEBAUTHN_RP_ID) and the origins
   * the console is served from (WEBAUTHN_ORIGIN, comma-separated). A passkey made for one RP ID
   * never signs for another, so a phishing page on another domain gets nothing it can use.
   */
  webAuthn: { rpId: string; origins: string[] };
  /** A second factor counts as fresh for the actions that need one for this many minutes (STEP_UP_MINUTES). */
  stepUpMinutes: number;
  /** From this total (whole dollars, STEP_UP_AMOUNT) approving a bill needs a fresh second factor. */
  stepUpAmount: number;
  /**
   * Days an account made from now on may go without a second factor when it must have one
   * (MFA_GRACE_DAYS, counted from its creation; 0: none). Accounts that existed when second
   * factors came were given 7 days in the database itself.
   */
  mfaGraceDays: number;
  /**
   * 32-byte key for authenticator apps' secrets at rest (AES-256-GCM, MFA_SECRET_KEY, or generated
   * in DATA_DIR as the other keys are): a copy of the database alone cannot compute anyone's codes.
   */
  mfaSecretKey: Buffer;
}

export const SecondFactorEnvSchema = v.object({
  WEBAUTHN_RP_ID: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i,
        'WEBAUTHN_RP_ID must be a domain name such as console.example.com (no scheme, port or path)',
      ),
    ),
  ),
  WEBAUTHN_ORIGIN: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^\s*https?:\/\/[^\s,/]+\s*(,\s*https?:\/\/[^\s,/]+\s*)*$/,
        'WEBAUTHN_ORIGIN must be comma-separated origins like https://console.example.com',
      ),
    ),
  ),
  // Fractions allowed (0.1 is six seconds): a test of the step-up itself cannot wait minutes.
  STEP_UP_MINUTES: v.optional(decimalFromEnv('STEP_UP_MINUTES', 0.1, 60), '5'),
  STEP_UP_AMOUNT: v.optional(intFromEnv('STEP_UP_AMOUNT', 0, 999_999_999), '10000'),
  MFA_GRACE_DAYS: v.optional(intFromEnv('MFA_GRACE_DAYS', 0, 90), '0'),
  MFA_SECRET_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{64}$/, 'MFA_SECRET_KEY must be 64 hex characters (32 bytes)')),
  ),
});
type SecondFactorEnv = v.InferOutput<typeof SecondFactorEnvSchema>;

/** What the defaults follow: where the API listens and who may call it across origins. */
interface Listening {
  host: string;
  port: number;
  corsOrigins: string[];
}

/**
 * An IP address or a wildcard cannot be an RP ID (browsers refuse it), so an API listening on one
 * is reached as `localhost`; a name it listens on is the RP ID itself. The origins default to that
 * host on the API's port plus the CORS origins (`pnpm dev`'s servers on localhost).
 */
export function secondFactorConfigFrom(
  e: SecondFactorEnv,
  listening: Listening,
  mfaSecretKeyHex: string,
): SecondFactorConfig {
  const listensOnName = isIP(listening.host) === 0 && listening.host !== 'localhost';
  const rpId = (e.WEBAUTHN_RP_ID ?? (listensOnName ? listening.host : 'localhost')).toLowerCase();
  const onRpId = (origin: string) => {
    const { hostname } = new URL(origin);
    return hostname === rpId || hostname.endsWith(`.${rpId}`);
  };
  const origins = e.WEBAUTHN_ORIGIN
    ? e.WEBAUTHN_ORIGIN.split(',').map((origin) => origin.trim())
    : [
        `http://${listensOnName ? listening.host : 'localhost'}:${listening.port}`,
        // Only those a passkey of this RP ID can sign for: other CORS origins keep working without passkeys.
        ...listening.corsOrigins.filter(onRpId),
      ];
  const elsewhere = origins.find((origin) => !onRpId(origin));
  if (elsewhere) {
    throw new ConfigError(
      `Invalid configuration:\n  WEBAUTHN_ORIGIN ${elsewhere} is not on WEBAUTHN_RP_ID ${rpId} (nor a subdomain of it)`,
    );
  }
  return {
    webAuthn: { rpId, origins: [...new Set(origins)] },
    stepUpMinutes: e.STEP_UP_MINUTES,
    stepUpAmount: e.STEP_UP_AMOUNT,
    mfaGraceDays: e.MFA_GRACE_DAYS,
    mfaSecretKey: Buffer.from(mfaSecretKeyHex, 'hex'),
  };
}
