import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasRole, type Role } from 'shared-contracts';
import type { AppConfig } from '../config';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../http/http-error';
import type { DatabaseListener } from '../db/listener';
import type { AuthCache } from '../sessions/auth-cache';
import { findUserInLiveSession, sessionLimitsOf } from '../sessions/sessions.repository';
import { verifyAccessToken } from '../security/access-tokens';
import { createPasswordHasher, type PasswordHasher } from '../security/passwords';

/** Who is calling: the user as the database has it now, and their session (refresh family). */
export interface AuthContext {
  user: UserRow;
  sessionId: string;
  /** When the access token of this request expires (epoch milliseconds). */
  tokenExpiresAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordHasher;
    authCache: AuthCache;
    dbListener: DatabaseListener;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function registerAuth(app: FastifyInstance, config: AppConfig): void {
  const passwords = createPasswordHasher(config.passwordHashing);
  app.decorate('passwords', passwords);
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
  request.auth = { user, sessionId: claims.sessionId, tokenExpiresAt: claims.expiresAt };
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

/** Who may call a route, by its onRequest hooks: what the API description says of each route. */
export type RouteAccess = { signedIn: false } | { signedIn: true; role: Role | null };

const ACCESS = new WeakMap<object, Role | null>([[authenticate, null]]);

/** The access a route's `onRequest` option (one hook or several) demands. */
export function routeAccess(onRequest: unknown): RouteAccess {
  const hooks: unknown[] = Array.isArray(onRequest) ? onRequest : onRequest ? [onRequest] : [];
  let access: RouteAccess = { signedIn: false };
  for (const hook of hooks) {
    if (typeof hook !== 'function' || !ACCESS.has(hook)) continue;
    const role = ACCESS.get(hook) ?? null;
    if (!access.signedIn || access.role === null) access = { signedIn: true, role };
  }
  return access;
}

/** The caller of a route guarded by `authenticate` or `requireRole`. */
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
