// The dashboard's two charts: a chunk of their own (with shared-ui/charts, @chakra-ui/charts and
// recharts), imported by dashboard-page.tsx only when the charts come near the viewport.
import { CHART_DAYS, CHART_WEEKS, type DashboardCharts } from 'shared-contracts';
import { BarChartFigure, formatChartDay } from 'shared-ui/charts';
import { decidedSummary, paidSummary, paidWeeksInDollars } from './dashboard-model';

export const CHART_HEIGHT = '48';

const DECIDED_SERIES = [
  { key: 'approved', label: 'Approved', color: 'green.solid' },
  { key: 'rejected', label: 'Rejected', color: 'red.solid' },
] as const;
const PAID_SERIES = [{ key: 'amount', label: 'Amount paid', color: 'blue.solid' }] as const;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdShort = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

export function DecidedChart({ charts }: { charts: DashboardCharts }) {
  return (
    <BarChartFigure
      data={charts.decidedPerDay}
      xKey="day"
      xLabel="Day"
      formatX={formatChartDay}
      series={DECIDED_SERIES}
      stacked
      caption={`Approvals decided per day, last ${CHART_DAYS} days`}
      summary={decidedSummary(charts.decidedPerDay)}
      emptyText={`No approvals decided in the last ${CHART_DAYS} days.`}
      height={CHART_HEIGHT}
      data-testid="decided-chart"
    />
  );
}

export function PaidChart({ charts }: { charts: DashboardCharts }) {
  return (
    <BarChartFigure
      data={paidWeeksInDollars(charts.paidPerWeek)}
      xKey="weekStart"
      xLabel="Week of"
      formatX={formatChartDay}
      series={PAID_SERIES}
      formatValue={(value) => usd.format(value)}
      formatTick={(value) => usdShort.format(value)}
      caption={`Amount paid per week, last ${CHART_WEEKS} weeks`}
      summary={paidSummary(charts.paidPerWeek)}
      emptyText={`No payments completed in the last ${CHART_WEEKS} weeks.`}
      height={CHART_HEIGHT}
      data-testid="paid-chart"
    />
  );
}
