import type { FastifyInstance } from 'fastify';
import { DashboardStatsSchema, RECENT_ACTIVITY_SHOWN, type DashboardStats } from 'shared-contracts';
import { ok } from '../../http/envelope';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth } from '../../plugins/auth';
import { recentActivity } from '../activity/activity.service';
import { dashboardCounts } from './dashboard.repository';

/** /api/dashboard: headline counts and recent activity for any signed-in role. */
export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const schema = {
    summary: 'Headline counts and the latest activity of the dashboard',
    tags: ['Dashboard'],
    response: { 200: okSchema(DashboardStatsSchema) },
  };
  app.get('/stats', { onRequest: authenticate, schema }, async (request) => {
    // Two statements side by side: the four counts in one, the latest activity.
    const [counts, activity] = await Promise.all([
      dashboardCounts(app.db),
      recentActivity(app.db, currentAuth(request).user.role, RECENT_ACTIVITY_SHOWN),
    ]);
    const stats: DashboardStats = { ...counts, recentActivity: activity };
    return ok(stats);
  });
}
