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

export interface UserActivityStats {
  totalLogins: number;
  lastLogin: string | null;
  companiesManaged: number;
  approvalsCreated: number;
}

export interface UserOverviewStats {
  totalUsers: number;
  activeUsers: number;
  newUsersThisMonth: number;
  usersByRole: Record<Role, number>;
}
