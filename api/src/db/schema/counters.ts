/**
 * Counts kept exact by triggers (see the migrations each names) in the same transaction as every
 * change they count, so statistics and list totals read a few rows instead of a COUNT(*).
 */
import { bigint, boolean, date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { approvalPriorityEnum, approvalStatusEnum } from './approvals';
import { companyStatusEnum } from './companies';
import { managerStatusEnum } from './managers';
import { roleEnum } from './users';

/**
 * Managers per (status, linked), kept exact by triggers on `managers` (migration 0008) in the
 * same transaction as every change, so the list's total without a search is a sum over at most
 * 6 rows instead of a COUNT(*) of the table.
 */
export const managerCounts = pgTable(
  'manager_counts',
  {
    status: managerStatusEnum('status').notNull(),
    linked: boolean('linked').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.linked] })],
);

/**
 * One row per approval status, kept exact by a trigger on `approvals` (migration
 * 0002_approval_status_counts) in the same transaction as every insert, status change and delete,
 * so the stat cards never COUNT(*) the whole table.
 */
export const approvalStatusCounts = pgTable('approval_status_counts', {
  status: approvalStatusEnum('status').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});

/**
 * Approvals per (status, priority), kept exact by a trigger on `approvals` (migration
 * 0009_approval_workbench) in the same transaction as every insert, delete and change of either
 * column: the statistics (byStatus, byPriority) and the list's totals without a search or company
 * filter are sums over at most 32 rows, never a COUNT(*) of the table.
 */
export const approvalCounts = pgTable(
  'approval_counts',
  {
    status: approvalStatusEnum('status').notNull(),
    priority: approvalPriorityEnum('priority').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.priority] })],
);

/**
 * Companies per (status, QuickBooks status), kept exact by a trigger on `companies` (migration
 * 0004_company_counts) in the same transaction as every insert, delete and change of either
 * column, so the company list's total for any status / QuickBooks filter without a search is a
 * sum over at most 12 rows instead of a COUNT(*) of the table. `qb_status` is the stored value or
 * 'none' for never connected.
 */
export const companyCounts = pgTable(
  'company_counts',
  {
    status: companyStatusEnum('status').notNull(),
    qbStatus: text('qb_status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.qbStatus] })],
);

/**
 * Users per (role, is_active), kept exact by triggers on `users` (migration 0007) in the same
 * transaction as every insert, delete and change of either column: the overview statistics and
 * the user list's total without a search read these at most 8 rows instead of COUNT(*).
 */
export const userCounts = pgTable(
  'user_counts',
  {
    role: roleEnum('role').notNull(),
    isActive: boolean('is_active').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.isActive] })],
);

/**
 * Users per UTC calendar month of created_at, kept exact by triggers on `users` (migration 0016):
 * the overview's "new this month" reads one row instead of counting a month of sign-ups.
 */
export const userCreatedMonths = pgTable('user_created_months', {
  month: date('month', { mode: 'string' }).primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});

/**
 * ACTIVE users per UTC day of their last sign-in, kept exact by triggers on `users` (migration
 * 0016): the overview's activity rate sums the whole days of its 30-day window from here and
 * counts only the window's first, partial day in users_recent_login_idx.
 */
export const userLoginDays = pgTable('user_login_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});
