import type { User } from './auth';
import type { Role } from './roles';
import type { CompanyStatus, QbConnectionStatus } from './statuses';

/** A user embedded in another entity (assignee, linked user). */
export type UserRef = Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'role'>;

/** Company of SPEC §3. */
export interface Company {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  description: string | null;
  industry: string | null;
  status: CompanyStatus;
  isActive: boolean;
  qbConnectionStatus: QbConnectionStatus | null;
  qbRealmId: string | null;
  qbLastRefresh: string | null;
  managerId: number | null;
  processorId: number | null;
  approverId: number | null;
  accountantId: number | null;
  manager: ManagerRef | null;
  processor: UserRef | null;
  approver: UserRef | null;
  accountant: UserRef | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/company/companies/{id}/qb-token-status (SPEC §3). */
export interface QbTokenStatus {
  hasTokens: boolean;
  isExpired: boolean;
  expiresIn: number;
}

export interface ManagerRef {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** Where and how the user last signed in (from the newest 'auth.login' activity row). */
export interface LastLoginDetails {
  timestamp: string;
  ip: string | null;
  userAgent: string | null;
}

/** GET /api/user/statistics?userId= (per-user activity, SPEC §2 "Activity statistics"). */
export interface UserActivityStats {
  userId: number;
  /** Successful sign-ins recorded in the activity table. */
  totalLogins: number;
  lastLogin: string | null;
  lastLoginDetails: LastLoginDetails | null;
  /** Distinct companies where the user is processor, approver or accountant, or whose manager is linked to them. */
  companiesManaged: number;
  /** Approvals whose creator is this user. */
  approvalsCreated: number;
}

/** GET /api/user/overview-stats (the overview block of /users). */
export interface UserOverviewStats {
  totalUsers: number;
  activeUsers: number;
  /** Created since the first day of the current month (server time, UTC). */
  newUsersThisMonth: number;
  /** Active users who signed in during the last 30 days. */
  recentlyActiveUsers: number;
  /**
   * recentlyActiveUsers ÷ activeUsers as a percentage with one decimal (0 when nobody is active):
   * how many of the accounts that may sign in actually did in the last 30 days.
   */
  activityRate: number;
  usersByRole: Record<Role, number>;
}
