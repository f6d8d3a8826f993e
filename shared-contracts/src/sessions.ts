import * as v from 'valibot';
import { IsoDateTimeSchema } from './common';

/**
 * A person's signed-in sessions (one per sign-in: a refresh-token family), as the profile page
 * lists them. `id` is the family's random UUID, never a row number, so it says nothing about
 * anyone else's sessions.
 */
export const SessionSchema = v.object({
  id: v.string(),
  /** 'Chrome on Linux': a short summary of the browser's User-Agent (deviceSummary). */
  device: v.string(),
  /** The User-Agent as the browser sent it at the last sign-in or refresh (cut to 512 characters). */
  userAgent: v.nullable(v.string()),
  /** The address of the last sign-in or refresh. */
  ip: v.nullable(v.string()),
  signedInAt: IsoDateTimeSchema,
  /** The last sign-in or refresh: an open console refreshes once per access-token lifetime. */
  lastUsedAt: IsoDateTimeSchema,
  /** The session whose access token asked. */
  current: v.boolean(),
});
export type Session = v.InferOutput<typeof SessionSchema>;

/** At most this many sessions are listed (the current one always among them). */
export const SESSION_LIST_LIMIT = 100;

/** GET /api/auth/sessions: the newest sessions first, and how many are live in all. */
export const SessionListSchema = v.object({ sessions: v.array(SessionSchema), total: v.number() });
export type SessionList = v.InferOutput<typeof SessionListSchema>;

/** How many sessions a sign-out ended (POST …/sign-out-others, POST /api/user/users/{id}/sessions/end). */
export const SessionsEndedSchema = v.object({ ended: v.number() });
export type SessionsEnded = v.InferOutput<typeof SessionsEndedSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SESSION_ERRORS = {
  invalidId: 'The session id must be a UUID',
  /** Also for someone else's session: the answer does not say whether it exists. */
  notFound: 'Session not found or already ended',
  selfEnd: 'To end your own sessions, use Sign out other sessions on your profile',
} as const;

/** DELETE /api/auth/sessions/{id}. */
export const SessionIdParamSchema = v.object({
  id: v.pipe(
    v.string(SESSION_ERRORS.invalidId),
    v.trim(),
    v.regex(UUID, SESSION_ERRORS.invalidId),
    v.toLowerCase(),
  ),
});

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, iOS says 'like Mac OS X'
// and Android says Linux.
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|Chromium|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * 'Chrome on Linux', 'Safari on iOS', 'Unknown device': the browser family and operating system a
 * User-Agent names, and nothing more (no versions or device models; a User-Agent is the browser's
 * own claim, so the list says only what it plainly says). A script's own agent (curl, a test
 * client) is named by its first word.
 */
export function deviceSummary(userAgent: string | null | undefined): string {
  const agent = userAgent?.trim() ?? '';
  if (!agent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  const program = /^([A-Za-z][\w.-]{0,39})\//.exec(agent)?.[1];
  return program ?? 'Unknown device';
}
