import * as v from 'valibot';
import { UserSchema } from './auth';
import { IsoDateTimeSchema } from './common';
import { ROLES, type Role } from './roles';
import { COMPANY_STATUSES, QB_CONNECTION_STATUSES } from './statuses';

/**
 * Answer schemas: what the API sends. The server serializes answers through them (unknown
 * properties are dropped), the API description is generated from them, and the TypeScript types
 * the frontends use are inferred from them.
 */

/** A user embedded in another entity (assignee, linked user). */
export const UserRefSchema = v.pick(UserSchema, ['id', 'email', 'firstName', 'lastName', 'role']);
export type UserRef = v.InferOutput<typeof UserRefSchema>;

/** A manager embedded in a company. */
export const ManagerRefSchema = v.object({
  id: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
});
export type ManagerRef = v.InferOutput<typeof ManagerRefSchema>;

/** Company. */
export const CompanySchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  website: v.nullable(v.string()),
  address: v.nullable(v.string()),
  description: v.nullable(v.string()),
  industry: v.nullable(v.string()),
  status: v.picklist(COMPANY_STATUSES),
  isActive: v.boolean(),
  qbConnectionStatus: v.nullable(v.picklist(QB_CONNECTION_STATUSES)),
  qbRealmId: v.nullable(v.string()),
  qbLastRefresh: v.nullable(IsoDateTimeSchema),
  managerId: v.nullable(v.number()),
  processorId: v.nullable(v.number()),
  approverId: v.nullable(v.number()),
  accountantId: v.nullable(v.number()),
  manager: v.nullable(ManagerRefSchema),
  processor: v.nullable(UserRefSchema),
  approver: v.nullable(UserRefSchema),
  accountant: v.nullable(UserRefSchema),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Company = v.InferOutput<typeof CompanySchema>;

/** GET /api/company/companies/{id}/qb-token-status. */
export const QbTokenStatusSchema = v.object({
  hasTokens: v.boolean(),
  isExpired: v.boolean(),
  expiresIn: v.number(),
});
export type QbTokenStatus = v.InferOutput<typeof QbTokenStatusSchema>;

/** Where and how the user last signed in (from the newest 'auth.login' activity row). */
export const LastLoginDetailsSchema = v.object({
  timestamp: IsoDateTimeSchema,
  ip: v.nullable(v.string()),
  userAgent: v.nullable(v.string()),
});
export type LastLoginDetails = v.InferOutput<typeof LastLoginDetailsSchema>;

/** GET /api/user/statistics?userId= (per-user activity). */
export const UserActivityStatsSchema = v.object({
  userId: v.number(),
  /**
   * Successful sign-ins recorded in the activity table, and the last one (null: never). Answered to
   * the user themselves and to MODERATOR and up; absent for a GUEST or USER reading someone else.
   */
  totalLogins: v.optional(v.number()),
  lastLogin: v.optional(v.nullable(IsoDateTimeSchema)),
  /**
   * The address and browser of the last sign-in: answered only to the user themselves and to an
   * ADMIN (absent for everyone else, who get the counts); null when they never signed in.
   */
  lastLoginDetails: v.optional(v.nullable(LastLoginDetailsSchema)),
  /** Distinct companies where the user is processor, approver or accountant, or whose manager is linked to them. */
  companiesManaged: v.number(),
  /** Approvals whose creator is this user. */
  approvalsCreated: v.number(),
});
export type UserActivityStats = v.InferOutput<typeof UserActivityStatsSchema>;

/** GET /api/user/overview-stats (the overview block of /users). */
export const UserOverviewStatsSchema = v.object({
  totalUsers: v.number(),
  activeUsers: v.number(),
  /** Created since the first day of the current month (server time, UTC). */
  newUsersThisMonth: v.number(),
  /** Active users who signed in during the last 30 days. */
  recentlyActiveUsers: v.number(),
  /**
   * recentlyActiveUsers ÷ activeUsers as a percentage with one decimal (0 when nobody is active):
   * how many of the accounts that may sign in actually did in the last 30 days.
   */
  activityRate: v.number(),
  usersByRole: v.object(
    Object.fromEntries(ROLES.map((role) => [role, v.number()])) as Record<Role, v.NumberSchema<undefined>>,
  ),
});
export type UserOverviewStats = v.InferOutput<typeof UserOverviewStatsSchema>;
