// Sign-ins per day: a chunk of its own (shared-ui/charts, @chakra-ui/charts and recharts), imported by
// the overview once its figures are shown.
import { CHART_DAYS, type SignInDay } from 'shared-contracts';
import { BarChartFigure, formatChartDay } from 'shared-ui/charts';

const SERIES = [{ key: 'signIns', label: 'Sign-ins', color: 'teal.solid' }] as const;

/** '42 sign-ins in the last 30 days; the most on Nov 4 (9).' */
export function signInsSummary(days: readonly SignInDay[]): string {
  const total = days.reduce((sum, day) => sum + day.signIns, 0);
  const busiest = days.reduce<SignInDay | undefined>(
    (best, day) => (!best || day.signIns > best.signIns ? day : best),
    undefined,
  );
  const most =
    busiest && busiest.signIns > 0 ? `; the most on ${formatChartDay(busiest.day)} (${busiest.signIns})` : '';
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'sign-in' : 'sign-ins'} in the last ${days.length} days${most}.`;
}

export default function SignInsChart({ days, height }: { days: SignInDay[]; height: string }) {
  return (
    <BarChartFigure
      data={days}
      xKey="day"
      xLabel="Day"
      formatX={formatChartDay}
      series={SERIES}
      caption={`Sign-ins per day, last ${CHART_DAYS} days`}
      summary={signInsSummary(days)}
      emptyText={`No sign-ins in the last ${CHART_DAYS} days.`}
      height={height}
      data-testid="sign-ins-chart"
    />
  );
}
