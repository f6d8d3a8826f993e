import * as v from 'valibot';
import { IsoDateTimeSchema } from './common';
import { YourWorkSchema } from './payments-board';

/** One line of the dashboard's recent activity or an entity's timeline. */
export const ActivityItemSchema = v.object({
  id: v.number(),
  description: v.string(),
  timestamp: IsoDateTimeSchema,
});
export type ActivityItem = v.InferOutput<typeof ActivityItemSchema>;

/** GET /api/dashboard/stats. */
export const DashboardStatsSchema = v.object({
  totalCompanies: v.number(),
  activeUsers: v.number(),
  pendingApprovals: v.number(),
  totalApiKeys: v.number(),
  /** Companies connected to QuickBooks, and those whose connection needs attention (error). */
  qbConnected: v.optional(v.number(), 0),
  qbNeedAttention: v.optional(v.number(), 0),
  /**
   * Approvals a return file applied this calendar month (UTC) sent back in full (PAYMENT_RETURNED),
   * and in part (PAYMENT_PARTLY_RETURNED): apart, as each opens the approvals list on its status.
   */
  returnedThisMonth: v.optional(v.number(), 0),
  partlyReturnedThisMonth: v.optional(v.number(), 0),
  recentActivity: v.array(ActivityItemSchema),
  /** What waits for the signed-in person, when they decide payments (USER and up); else null. */
  yourWork: v.optional(v.nullable(YourWorkSchema), null),
});
export type DashboardStats = v.InferOutput<typeof DashboardStatsSchema>;

export const EMPTY_DASHBOARD_STATS: DashboardStats = {
  totalCompanies: 0,
  activeUsers: 0,
  pendingApprovals: 0,
  totalApiKeys: 0,
  qbConnected: 0,
  qbNeedAttention: 0,
  returnedThisMonth: 0,
  partlyReturnedThisMonth: 0,
  recentActivity: [],
  yourWork: null,
};

export const UsageFigureSchema = v.object({ used: v.number(), total: v.number(), percentage: v.number() });
export type UsageFigure = v.InferOutput<typeof UsageFigureSchema>;

export const ComponentHealthSchema = v.object({ status: v.string(), responseTime: v.number() });
export type ComponentHealth = v.InferOutput<typeof ComponentHealthSchema>;

/** GET /api/health/detailed. */
export const SystemHealthSchema = v.object({
  status: v.string(),
  uptime: v.number(),
  version: v.string(),
  database: ComponentHealthSchema,
  api: ComponentHealthSchema,
  memory: UsageFigureSchema,
  disk: UsageFigureSchema,
});
export type SystemHealth = v.InferOutput<typeof SystemHealthSchema>;

/** GET /api/health: the public liveness probe. */
export const HealthPingSchema = v.object({ status: v.literal('ok') });
export type HealthPing = v.InferOutput<typeof HealthPingSchema>;

export const DOWN_HEALTH: SystemHealth = {
  status: 'down',
  uptime: 0,
  version: 'unknown',
  database: { status: 'down', responseTime: 0 },
  api: { status: 'down', responseTime: 0 },
  memory: { used: 0, total: 0, percentage: 0 },
  disk: { used: 0, total: 0, percentage: 0 },
};
