import type { FastifyInstance } from 'fastify';
import {
  CHART_DAYS,
  CHART_WEEKS,
  DashboardChartsSchema,
  DashboardStatsSchema,
  RECENT_ACTIVITY_SHOWN,
  fillDays,
  fillWeeks,
  firstDayStart,
  firstWeekStart,
  type DashboardCharts,
  type DashboardStats,
} from 'shared-contracts';
import { ok } from '../../http/envelope';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth } from '../../plugins/auth';
import { recentActivity } from '../activity/activity.service';
import { conditionalAnswer, VersionedSnapshot } from '../live/live.conditional';
import { yourWorkFor } from '../approvals/your-work.service';
import {
  createdPerDay,
  dashboardCounts,
  decidedPerDay,
  paidPerWeek,
  signInsPerDay,
} from './dashboard.repository';

/** /api/dashboard: headline counts and recent activity for any signed-in role. */
export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const schema = {
    summary: 'Headline counts and the latest activity of the dashboard, and what waits for the person',
    tags: ['Dashboard'],
    response: { 200: okSchema(DashboardStatsSchema) },
  };
  // The headline counts are everyone's: read once per data version, however many consoles ask.
  const countsSnapshot = new VersionedSnapshot((db) => dashboardCounts(db));
  app.get('/stats', { onRequest: authenticate, schema }, async (request, reply) => {
    const { user } = currentAuth(request);
    // Every open console re-reads this on any change: unchanged since its copy, it is a 304.
    return conditionalAnswer(request, reply, user, async () => {
      // Side by side: the counts, the latest activity, and for whoever decides payments what
      // waits for them (a fixed handful of statements, none per approval).
      const [counts, activity, work] = await Promise.all([
        countsSnapshot.get(request),
        recentActivity(app.db, user, RECENT_ACTIVITY_SHOWN),
        yourWorkFor(app.db, user, app.now(), app.config.waitingCountCap),
      ]);
      const stats: DashboardStats = { ...counts, recentActivity: activity, yourWork: work };
      return ok(stats);
    });
  });

  const chartsSchema = {
    summary: `The console's charts: approvals decided and created per day and sign-ins per day (last ${CHART_DAYS} days), the amount paid per week (last ${CHART_WEEKS} weeks)`,
    description:
      'Days and weeks are UTC; weeks start on Monday. Every day and week of the window is listed, oldest first, with zeros where nothing happened. Counts over the whole console, like the headline counts, for any signed-in role.',
    tags: ['Dashboard'],
    response: { 200: okSchema(DashboardChartsSchema) },
  };
  app.get('/charts', { onRequest: authenticate, schema: chartsSchema }, async () => {
    const now = new Date();
    const dayStart = firstDayStart(now, CHART_DAYS);
    const [decided, paid, created, signIns] = await Promise.all([
      decidedPerDay(app.db, dayStart),
      paidPerWeek(app.db, firstWeekStart(now, CHART_WEEKS)),
      createdPerDay(app.db, dayStart),
      signInsPerDay(app.db, dayStart),
    ]);
    // One row per day of the window: GROUP BY returns only the days that have rows.
    const days = <T extends { day: string }>(
      rows: { day: string; n: number }[],
      toRow: (day: string, n: number) => T,
    ) =>
      fillDays(
        rows.map((row) => toRow(row.day, row.n)),
        (row) => row.day,
        now,
        CHART_DAYS,
        (day) => toRow(day, 0),
      );
    const charts: DashboardCharts = {
      decidedPerDay: fillDays(
        decided,
        (row) => row.day,
        now,
        CHART_DAYS,
        (day) => ({
          day,
          approved: 0,
          rejected: 0,
        }),
      ),
      paidPerWeek: fillWeeks(
        paid,
        (row) => row.weekStart,
        now,
        CHART_WEEKS,
        (weekStart) => ({
          weekStart,
          amountCents: 0,
          payments: 0,
        }),
      ),
      createdPerDay: days(created, (day, n) => ({ day, created: n })),
      signInsPerDay: days(signIns, (day, n) => ({ day, signIns: n })),
    };
    return ok(charts);
  });
}
