import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES, SECOND_FACTOR_ERRORS, hasRole, type AuthMethod, type Role } from 'shared-contracts';
import type { AppConfig } from '../config';
import type { UserRow } from '../db/schema';
import { forbidden, HttpError, unauthorized } from '../http/http-error';
import type { HasSecondFactor } from '../ports/second-factors';
import type { DatabaseListener } from '../db/listener';
import type { AuthCache } from '../sessions/auth-cache';
import { findUserInLiveSession, sessionLimitsOf } from '../sessions/sessions.repository';
import { verifyAccessToken, type TokenEnrolment } from '../security/access-tokens';
import { openWhileEnrolling } from '../http/enrolment-routes';
import { createPasswordHasher, type PasswordHasher } from '../security/passwords';

/** Who is calling: the user as the database has it now, and their session (refresh family). */
export interface AuthContext {
  user: UserRow;
  sessionId: string;
  /** When the access token of this request expires (epoch milliseconds). */
  tokenExpiresAt: number;
  /** How the session signed in (the token's `amr`). */
  amr: AuthMethod[];
  /** When the person last gave a second factor (the token's `auth_time`, epoch seconds), or null. */
  authTime: number | null;
  /** The token's `mfa_enrol` claim: from when, and why, the person must add a second factor. */
  enrolment: TokenEnrolment | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordHasher;
    authCache: AuthCache;
    dbListener: DatabaseListener;
    hasSecondFactor: HasSecondFactor;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function registerAuth(
  app: FastifyInstance,
  config: AppConfig,
  secondFactors: { hasSecondFactor: HasSecondFactor },
): void {
  const passwords = createPasswordHasher(config.passwordHashing);
  app.decorate('passwords', passwords);
  app.decorate('hasSecondFactor', secondFactors.hasSecondFactor);
  app.decorateRequest('auth', null);
  app.addHook('onReady', () => passwords.warmUp());
}

const BEARER = /^Bearer\s+([A-Za-z0-9\-_.]+)\s*$/i;

/**
 * onRequest hook of every protected route (before validation, so an anonymous bad request is a
 * 401, not a 400): a valid access token, a session (refresh family) that is still alive and
 * younger than its absolute limit, AND a user that still exists and is active — all in the one
 * user read, or from the process's sign-in cache, which the database's notifications keep
 * current (sessions/auth-cache.ts). The role comes from the database, so a role change,
 * deactivation, sign-out or the session limit takes effect within a second instead of when the
 * token expires.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthorized();
  const claims = await verifyAccessToken(match[1], request.server.config.jwtSecret);
  if (!claims) throw unauthorized();
  const { db, config, authCache } = request.server;
  let user = authCache.get(claims.userId, claims.sessionId);
  if (!user) {
    const generation = authCache.generation;
    const found = await findUserInLiveSession(db, claims.userId, claims.sessionId, sessionLimitsOf(config));
    if (!found) throw unauthorized();
    user = found.user;
    authCache.store(generation, claims.userId, claims.sessionId, user, found.liveUntil);
  }
  if (!user.isActive) throw unauthorized();
  refuseUntilEnrolled(request, claims.enrolment);
  request.auth = {
    user,
    sessionId: claims.sessionId,
    tokenExpiresAt: claims.expiresAt,
    amr: claims.amr,
    authTime: claims.authTime,
    enrolment: claims.enrolment,
  };
}

/**
 * 403 MFA_ENROLMENT_REQUIRED when the token says its holder must add a second factor by now
 * (the `mfa_enrol` claim, decided when it was issued: see accessTokenFor), except on the routes
 * enrolling needs (http/enrolment-routes.ts). Only the claim is read: no query on this path.
 */
function refuseUntilEnrolled(request: FastifyRequest, enrolment: TokenEnrolment | null): void {
  if (!enrolment || enrolment.by * 1000 > Date.now()) return;
  if (openWhileEnrolling(request.method, request.routeOptions.url)) return;
  throw new HttpError(
    403,
    ERROR_CODES.mfaEnrolmentRequired,
    enrolment.reason === 'recovery'
      ? SECOND_FACTOR_ERRORS.enrolAfterRecovery
      : SECOND_FACTOR_ERRORS.enrolmentRequired,
  );
}

/** onRequest hook: signed in with `role` or a higher one (GUEST < USER < MODERATOR < ADMIN), else 403. */
export function requireRole(role: Role) {
  const hook = async function requireRoleHandler(request: FastifyRequest): Promise<void> {
    await authenticate(request);
    if (!hasRole(request.auth?.user.role, role)) throw forbidden();
  };
  ACCESS.set(hook, role);
  return hook;
}

const stepUpRequired = (message: string = SECOND_FACTOR_ERRORS.stepUpRequired) =>
  new HttpError(403, ERROR_CODES.stepUpRequired, message);

/**
 * 403 STEP_UP_REQUIRED unless the caller gave a second factor within STEP_UP_MINUTES (the access
 * token's auth_time, set by the second step of sign-in or POST /api/auth/step-up) and still has
 * one. The console answers it with its step-up dialog and sends the request again.
 */
export async function ensureFreshFactor(request: FastifyRequest): Promise<void> {
  const refusal = await freshFactorRefusal(request);
  if (refusal) throw refusal;
}

/** What ensureFreshFactor would throw for this request's caller, or null when their factor is fresh. */
async function freshFactorRefusal(request: FastifyRequest): Promise<HttpError | null> {
  const auth = currentAuth(request);
  const { config, db, hasSecondFactor } = request.server;
  const freshSince = Date.now() - config.stepUpMinutes * 60_000;
  const fresh = auth.authTime !== null && auth.authTime * 1000 > freshSince;
  // A factor removed since (by this session: removing needs a step-up) leaves nothing to vouch.
  const hasFactor = await hasSecondFactor(db, auth.user.id);
  if (fresh && hasFactor) return null;
  return hasFactor ? stepUpRequired() : stepUpRequired(SECOND_FACTOR_ERRORS.noFactor);
}

/**
 * Checks an amount (cents) against STEP_UP_AMOUNT for one request's caller: throws 403
 * STEP_UP_REQUIRED when it is that large and the caller's second factor is not fresh. Synchronous,
 * so a service can call it inside its transaction, once it has locked the row whose amount counts.
 */
export type AmountStepUp = (amountCents: number) => void;

/** The AmountStepUp of this request (the caller's freshness read once, before any transaction). */
export async function amountStepUp(request: FastifyRequest): Promise<AmountStepUp> {
  const from = request.server.config.stepUpAmount * 100;
  const refusal = await freshFactorRefusal(request);
  return (amountCents) => {
    if (refusal && amountCents >= from) throw refusal;
  };
}

/**
 * onRequest hook: signed in (with `role` or a higher one when given, else 403 FORBIDDEN) and a
 * fresh second factor (ensureFreshFactor). Recorded like requireRole's, so the access matrix reads
 * which routes ask for a step-up.
 */
export function requireStepUp(role: Role | null = null) {
  const hook = async function requireStepUpHandler(request: FastifyRequest): Promise<void> {
    await authenticate(request);
    if (role && !hasRole(request.auth?.user.role, role)) throw forbidden();
    await ensureFreshFactor(request);
  };
  ACCESS.set(hook, role);
  STEP_UP.add(hook);
  return hook;
}

/** Who may call a route, by its onRequest hooks: what the API description says of each route. */
export type RouteAccess = { signedIn: false } | { signedIn: true; role: Role | null; stepUp: boolean };

const ACCESS = new WeakMap<object, Role | null>([[authenticate, null]]);
const STEP_UP = new WeakSet<object>();

/** The access a route's `onRequest` option (one hook or several) demands. */
export function routeAccess(onRequest: unknown): RouteAccess {
  const hooks: unknown[] = Array.isArray(onRequest) ? onRequest : onRequest ? [onRequest] : [];
  let access: RouteAccess = { signedIn: false };
  for (const hook of hooks) {
    if (typeof hook !== 'function' || !ACCESS.has(hook)) continue;
    const role = ACCESS.get(hook) ?? null;
    const stepUp: boolean = STEP_UP.has(hook) || (access.signedIn && access.stepUp);
    const keptRole: Role | null = access.signedIn && access.role !== null ? access.role : role;
    access = { signedIn: true, role: keptRole, stepUp };
  }
  return access;
}

/** The caller of a route guarded by `authenticate`, `requireRole` or `requireStepUp`. */
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
