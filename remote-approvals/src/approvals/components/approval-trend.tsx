// A stat card's small trend: a chunk of its own (shared-ui/charts, @chakra-ui/charts and recharts),
// imported by the stat cards once their counts are shown.
import { CHART_DAYS, type DashboardCharts } from 'shared-contracts';
import { BarChartFigure, formatChartDay } from 'shared-ui/charts';

export type TrendCard = 'total' | 'approved' | 'rejected';

const TRENDS = {
  total: { label: 'Created', color: 'blue.solid', noun: 'created' },
  approved: { label: 'Approved', color: 'green.solid', noun: 'approved' },
  rejected: { label: 'Rejected', color: 'red.solid', noun: 'rejected' },
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
    <BarChartFigure
      data={days}
      xKey="day"
      xLabel="Day"
      formatX={formatChartDay}
      series={[{ key: 'value', label: trend.label, color: trend.color }]}
      caption={`${trend.label} per day, last ${CHART_DAYS} days`}
      summary={trendSummary(days, card)}
      emptyText={`None in ${CHART_DAYS} days`}
      height={height}
      compact
      data-testid={`trend-${card}`}
    />
  );
}
