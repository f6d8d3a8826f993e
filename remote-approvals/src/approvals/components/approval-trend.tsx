// A stat card's small trend: an SVG sparkline (shared-ui/charts' Sparkline, no chart library), in a
// chunk of its own imported by the stat cards once their counts are shown.
import { CHART_DAYS, type DashboardCharts } from 'shared-contracts';
import { Sparkline, formatChartDay } from 'shared-ui/charts';

export type TrendCard = 'total' | 'approved' | 'rejected';

const TRENDS = {
  total: { color: 'blue.solid', noun: 'created' },
  approved: { color: 'green.solid', noun: 'approved' },
  rejected: { color: 'red.solid', noun: 'rejected' },
} as const;

/** The card's series: approvals created per day for Total, decided with that outcome for the others. */
export function trendDays(charts: DashboardCharts, card: TrendCard): { day: string; value: number }[] {
  if (card === 'total') return charts.createdPerDay.map((day) => ({ day: day.day, value: day.created }));
  return charts.decidedPerDay.map((day) => ({ day: day.day, value: day[card] }));
}

/** '12 approved in the last 30 days, 2 today.' */
export function trendSummary(days: readonly { value: number }[], card: TrendCard): string {
  const total = days.reduce((sum, day) => sum + day.value, 0);
  const today = days.at(-1)?.value ?? 0;
  return `${total.toLocaleString('en-US')} ${TRENDS[card].noun} in the last ${days.length} days, ${today.toLocaleString('en-US')} today.`;
}

export default function ApprovalTrend({
  charts,
  card,
  height,
}: {
  charts: DashboardCharts;
  card: TrendCard;
  height: string;
}) {
  const days = trendDays(charts, card);
  const trend = TRENDS[card];
  return (
    <Sparkline
      data={days.map((day) => ({ label: formatChartDay(day.day), value: day.value }))}
      color={trend.color}
      summary={trendSummary(days, card)}
      emptyText={`None in ${CHART_DAYS} days`}
      height={height}
      data-testid={`trend-${card}`}
    />
  );
}
