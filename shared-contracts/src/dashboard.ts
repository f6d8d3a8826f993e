export interface ActivityItem {
  id: number;
  description: string;
  timestamp: string;
}

/** GET /api/dashboard/stats (SPEC §3). */
export interface DashboardStats {
  totalCompanies: number;
  activeUsers: number;
  pendingApprovals: number;
  totalApiKeys: number;
  recentActivity: ActivityItem[];
}

export const EMPTY_DASHBOARD_STATS: DashboardStats = {
  totalCompanies: 0,
  activeUsers: 0,
  pendingApprovals: 0,
  totalApiKeys: 0,
  recentActivity: [],
};

export interface UsageFigure {
  used: number;
  total: number;
  percentage: number;
}
export interface ComponentHealth {
  status: string;
  responseTime: number;
}

/** GET /api/health/detailed (SPEC §3). */
export interface SystemHealth {
  status: string;
  uptime: number;
  version: string;
  database: ComponentHealth;
  api: ComponentHealth;
  memory: UsageFigure;
  disk: UsageFigure;
}

export const DOWN_HEALTH: SystemHealth = {
  status: 'down',
  uptime: 0,
  version: 'unknown',
  database: { status: 'down', responseTime: 0 },
  api: { status: 'down', responseTime: 0 },
  memory: { used: 0, total: 0, percentage: 0 },
  disk: { used: 0, total: 0, percentage: 0 },
};
