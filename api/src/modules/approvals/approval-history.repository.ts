import { and, desc, eq } from 'drizzle-orm';
import {
  APPROVAL_PRIORITIES,
  APPROVAL_STATUSES,
  type ApprovalHistoryEntry,
  type ApprovalStats,
  type Role,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import { literalCount } from '../../db/prepared';
import { activity, approvalCounts, users } from '../../db/schema';
import { activityVisibleTo } from '../../security/payment-details';

// ---- statistics and history -------------------------------------------------------------------

/** Statistics from approval_counts: never a scan of approvals. */
export async function approvalStats(db: Db): Promise<ApprovalStats> {
  const rows = await db.select().from(approvalCounts);
  const byStatus = Object.fromEntries(APPROVAL_STATUSES.map((s) => [s, 0])) as ApprovalStats['byStatus'];
  const byPriority = Object.fromEntries(
    APPROVAL_PRIORITIES.map((p) => [p, 0]),
  ) as ApprovalStats['byPriority'];
  let total = 0;
  for (const row of rows) {
    byStatus[row.status] += row.count;
    byPriority[row.priority] += row.count;
    total += row.count;
  }
  return {
    total,
    pending: byStatus.PENDING,
    approved: byStatus.APPROVED,
    rejected: byStatus.REJECTED,
    expired: byStatus.EXPIRED,
    byStatus,
    byPriority,
  };
}

const HISTORY_LABELS: Record<string, string> = {
  'approval.create': 'Created',
  'approval.update': 'Updated',
  'approval.recipients': 'Recipients updated',
  'approval.approve': 'Approved',
  'approval.step_approve': 'Step approved',
  'approval.escalate': 'Escalated',
  'approval.duplicate_flag': 'Possible duplicate',
  'approval.reject': 'Rejected',
  'approval.vendor_account_change': 'Bank account changed',
  'approval.vendor_account_confirm': 'Bank account confirmed',
  'approval.expire': 'Expired',
  'approval.delete': 'Deleted',
  'approval.nacha_pending': 'NACHA file requested',
  'approval.nacha_generated': 'NACHA file generated',
  'approval.nacha_failed': 'NACHA file not generated',
  'approval.nacha_download': 'NACHA file downloaded',
  'approval.bank_uploaded': 'Bank file uploaded',
  'approval.payment_completed': 'Payment completed',
};

/** Most history entries one approval answers (its whole life is far shorter). */
export const HISTORY_MAX = 500;

/** The approval's activity rows, newest first, in the history shape the API answers. */
export async function approvalHistory(db: Db, reader: Role, id: string): Promise<ApprovalHistoryEntry[]> {
  const rows = await db
    .select({
      id: activity.id,
      action: activity.action,
      userId: activity.userId,
      userName: activity.userName,
      userEmail: users.email,
      createdAt: activity.createdAt,
      description: activity.description,
      details: activity.details,
    })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.userId))
    .where(and(eq(activity.entityType, 'approval'), eq(activity.entityId, id), activityVisibleTo(reader)))
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(literalCount(HISTORY_MAX));
  return rows.map((row) => {
    const downloadUrl = row.details?.downloadUrl;
    return {
      id: row.id,
      action: HISTORY_LABELS[row.action] ?? row.action,
      userName: row.userName ?? 'System',
      userId: row.userId,
      userEmail: row.userEmail,
      timestamp: row.createdAt.toISOString(),
      details: row.description,
      downloadUrl: typeof downloadUrl === 'string' ? downloadUrl : null,
    };
  });
}
