import { Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from 'shared-auth';
import {
  ABOUT_TEXT,
  CHART_DAYS,
  CHART_WEEKS,
  RECENT_ACTIVITY_SHOWN,
  hasRole,
  sectionNamed,
  type DashboardCharts,
} from 'shared-contracts';
import {
  Badge,
  Box,
  Button,
  Card,
  PageHeader,
  SectionCard,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from 'shared-ui';
import { ActivityList, formatUptime } from 'shared-ui/format';
import { lazyRetry, OptionalContent, useInView } from 'shared-ui/viewport';
import { useDashboardCharts } from './api/get-dashboard-charts';
import { useDashboardStats } from './api/get-dashboard-stats';
import { useSystemHealth } from './api/get-system-health';
import { healthSummary, quickActionsFor } from './dashboard-model';
import { QuickBooksLine } from './quickbooks-line';
import { YourWork } from './your-work';

const STAT_CARDS = [
  { key: 'totalCompanies', title: 'Total Companies', hint: 'Active business accounts' },
  { key: 'activeUsers', title: 'Active Users', hint: 'Registered users' },
  { key: 'pendingApprovals', title: 'Pending Approvals', hint: 'Awaiting review' },
] as const;

/**
 * System Health as one line (status, uptime, version), with Details opening the About page (the
 * build ids): the dashboard leads with work, and support reads the releases there.
 */
function HealthCard() {
  const { data: health, isLoading } = useSystemHealth();
  const healthy = health?.status === 'healthy';
  return (
    <SectionCard
      title="System Health"
      actions={
        <>
          {health ? (
            <Badge colorPalette={healthy ? 'green' : 'red'} size="md" data-testid="health-status">
              {health.status}
            </Badge>
          ) : (
            // The badge's place, so the title row keeps its height when it arrives (no layout shift).
            <Skeleton height="6" width="16" />
          )}
          <Button asChild size="xs" variant="ghost">
            <RouterLink to="/about">{ABOUT_TEXT.link}</RouterLink>
          </Button>
        </>
      }
    >
      {isLoading || !health ? (
        // One line's height, so the card does not grow when the figures arrive (Lighthouse CLS).
        <Skeleton height="6" aria-hidden="true" />
      ) : (
        <Text fontSize="sm" truncate>
          <Text
            as="span"
            fontWeight="semibold"
            color={healthy ? 'green.fg' : 'red.fg'}
            data-testid="health-summary"
          >
            {healthSummary(health.status)}
          </Text>
          {' · Uptime '}
          <Text as="span" data-testid="health-uptime">
            {formatUptime(health.uptime)}
          </Text>
          {' · Version '}
          <Text as="span" data-testid="health-version">
            {health.version}
          </Text>
        </Text>
      )}
    </SectionCard>
  );
}

function StatCards() {
  const { data, isLoading } = useDashboardStats();
  if (isLoading || !data) {
    return (
      // The cards' own layout with a placeholder of each card's height (8.3125rem) and of the QuickBooks line below
      // them, so the page below does not move when the figures arrive: one row from `lg`, two from
      // `sm`, one column on a phone (an e2e test adds up the layout shifts at 1440 and 390 px).
      <Stack gap="2" aria-busy="true" aria-label="Loading statistics">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {STAT_CARDS.map((card) => (
            <Skeleton key={card.key} height="8.3125rem" borderRadius="lg" data-testid="stat-placeholder" />
          ))}
        </SimpleGrid>
        {/* The figures line is two lines on a phone (QuickBooks, then returns), one from md. */}
        <Skeleton height={{ base: '2.625rem', md: '1.3125rem' }} width="72" data-testid="stat-placeholder" />
      </Stack>
    );
  }
  return (
    <Stack gap="2">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {STAT_CARDS.map((card) => (
          <Card.Root key={card.key} variant="outline" bg="bg" data-testid={`stat-${card.key}`}>
            <Card.Body>
              <Text fontSize="sm" fontWeight="medium" color="fg.muted">
                {card.title}
              </Text>
              <Text fontSize="3xl" fontWeight="bold" color="fg" lineHeight="1.2" mt="1">
                {data.stats[card.key].toLocaleString('en-US')}
              </Text>
              <Text fontSize="xs" color="fg.muted" mt="1">
                {card.hint}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <QuickBooksLine
        connected={data.stats.qbConnected}
        needAttention={data.stats.qbNeedAttention}
        returnedThisMonth={data.stats.returnedThisMonth}
        partlyReturnedThisMonth={data.stats.partlyReturnedThisMonth}
      />
      {data.failed && (
        <Text fontSize="sm" color="orange.fg" role="status">
          The figures could not be read from the server; zeros are shown until it answers.
        </Text>
      )}
    </Stack>
  );
}

function RecentActivity() {
  const { data, isLoading } = useDashboardStats();
  return (
    <SectionCard title="Recent Activity">
      <ActivityList
        items={data?.stats.recentActivity.slice(0, RECENT_ACTIVITY_SHOWN)}
        isLoading={isLoading}
        emptyText="No recent activity."
        data-testid="recent-activity"
      />
    </SectionCard>
  );
}

function QuickActions() {
  // Only what the role may open: a GUEST is not sent to Access Denied.
  const { user } = useSession();
  return (
    <SectionCard title="Quick Actions">
      <Stack gap="2">
        {quickActionsFor(user?.role).map((action) => (
          <Button key={action.to} asChild variant="outline" justifyContent="flex-start">
            <RouterLink to={action.to}>{action.label}</RouterLink>
          </Button>
        ))}
      </Stack>
    </SectionCard>
  );
}

// The charts' chunk (shared-ui/charts with @chakra-ui/charts and recharts, about 120 KB gzip) is
// fetched only when the charts come near the viewport: they stand last on the page, below the fold,
// so neither the dashboard's first render nor its budget in `pnpm size` pays for them.
const DecidedChart = lazyRetry(() => import('./dashboard-charts').then((m) => ({ default: m.DecidedChart })));
const PaidChart = lazyRetry(() => import('./dashboard-charts').then((m) => ({ default: m.PaidChart })));

/** The legend, the plot, its one- or two-line summary and their gaps: what a placeholder reserves. */
const CHART_BLOCK_HEIGHT = 'calc(var(--chakra-sizes-48) + 5.25rem)';

function ChartCard({
  title,
  charts,
  failed,
  children,
}: {
  title: string;
  charts: DashboardCharts | undefined;
  failed: boolean;
  children: (charts: DashboardCharts) => ReactNode;
}) {
  const placeholder = <Skeleton height={CHART_BLOCK_HEIGHT} borderRadius="md" />;
  return (
    <SectionCard title={title}>
      <Box minHeight={CHART_BLOCK_HEIGHT}>
        {failed ? (
          <Text fontSize="sm" color="orange.fg" role="status">
            The chart could not be read from the server.
          </Text>
        ) : charts ? (
          <OptionalContent
            fallback={
              <Text fontSize="sm" color="orange.fg" role="status">
                The chart could not be loaded. Reload the page to try again.
              </Text>
            }
          >
            <Suspense fallback={placeholder}>{children(charts)}</Suspense>
          </OptionalContent>
        ) : (
          placeholder
        )}
      </Box>
    </SectionCard>
  );
}

/** Approvals decided per day and the amount paid per week, read and drawn once scrolled near. */
function Charts() {
  const [ref, near] = useInView<HTMLDivElement>();
  const { data, error } = useDashboardCharts(near);
  return (
    <SimpleGrid ref={ref} columns={{ base: 1, lg: 2 }} gap="6" data-testid="dashboard-charts">
      <ChartCard title={`Approvals decided, last ${CHART_DAYS} days`} charts={data} failed={Boolean(error)}>
        {(charts) => <DecidedChart charts={charts} />}
      </ChartCard>
      <ChartCard title={`Paid per week, last ${CHART_WEEKS} weeks`} charts={data} failed={Boolean(error)}>
        {(charts) => <PaidChart charts={charts} />}
      </ChartCard>
    </SimpleGrid>
  );
}

/**
 * The dashboard leads with work: what waits for the person (for whoever decides payments), the
 * headline counts, then health as a line, recent activity and quick actions, then the charts.
 */
export function DashboardPage() {
  const { user } = useSession();
  return (
    <Stack gap="6">
      <PageHeader
        title="Dashboard"
        description={`Welcome to the ${process.env.PRODUCT_NAME} admin panel`}
        breadcrumbs={[{ label: 'Dashboard' }]}
      />
      {hasRole(user?.role, sectionNamed('approvals').decideRole) && <YourWork />}
      <StatCards />
      <HealthCard />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <RecentActivity />
        <QuickActions />
      </SimpleGrid>
      <Charts />
    </Stack>
  );
}
