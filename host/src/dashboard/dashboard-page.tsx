import { Link as RouterLink } from 'react-router-dom';
import { useSession } from 'shared-auth';
import { RECENT_ACTIVITY_SHOWN } from 'shared-contracts';
import {
  Badge,
  Box,
  Button,
  Card,
  Link,
  PageHeader,
  SectionCard,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from 'shared-ui';
import { ActivityList, formatUptime } from 'shared-ui/format';
import { useDashboardStats, useWaitingCount } from './api/get-dashboard-stats';
import { useSystemHealth } from './api/get-system-health';
import { healthSummary, quickActionsFor } from './dashboard-model';
import { ReleasesList } from './releases-list';

const STAT_CARDS = [
  { key: 'totalCompanies', title: 'Total Companies', hint: 'Active business accounts' },
  { key: 'activeUsers', title: 'Active Users', hint: 'Registered users' },
  { key: 'pendingApprovals', title: 'Pending Approvals', hint: 'Awaiting review' },
] as const;

/** Four placeholder cards show while the three stat cards load. */
const PLACEHOLDER_CARDS = 4;

function HealthCard() {
  const { data: health, isLoading } = useSystemHealth();
  const healthy = health?.status === 'healthy';
  return (
    <SectionCard
      title="System Health"
      actions={
        health ? (
          <Badge colorPalette={healthy ? 'green' : 'red'} size="md" data-testid="health-status">
            {health.status}
          </Badge>
        ) : (
          // The badge's place, so the title row keeps its height when it arrives (no layout shift).
          <Skeleton height="6" width="16" />
        )
      }
    >
      {isLoading || !health ? (
        // The figures' grid with a placeholder of each figure's height (a label and its value), so
        // the card does not grow when they arrive and push the page down (Lighthouse CLS).
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" aria-hidden="true">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height="10" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <Box>
            <Text fontSize="xs" color="fg.muted">
              Status
            </Text>
            <Text
              fontWeight="semibold"
              color={healthy ? 'green.fg' : 'red.fg'}
              data-testid="health-summary"
            >
              {healthSummary(health.status)}
            </Text>
          </Box>
          <Box>
            <Text fontSize="xs" color="fg.muted">
              Uptime
            </Text>
            <Text fontWeight="semibold" data-testid="health-uptime">
              {formatUptime(health.uptime)}
            </Text>
          </Box>
          <Box>
            <Text fontSize="xs" color="fg.muted">
              Version
            </Text>
            <Text fontWeight="semibold" data-testid="health-version">
              {health.version}
            </Text>
          </Box>
        </SimpleGrid>
      )}
      <ReleasesList />
    </SectionCard>
  );
}

function StatCards() {
  const { data, isLoading } = useDashboardStats();
  if (isLoading || !data) {
    return (
      // Four placeholders for three cards, sized so that the loading grid is as tall as the
      // cards' grid at each width: one column of four as tall as three cards on a phone, two rows of
      // card-high placeholders from `sm`, one row from `lg` (where the cards stand three in a row).
      <SimpleGrid
        columns={{ base: 1, sm: 2, lg: 4 }}
        gap="4"
        aria-busy="true"
        aria-label="Loading statistics"
      >
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <Skeleton
            key={index}
            height={{ base: '24', sm: '8.25rem' }}
            borderRadius="lg"
            data-testid="stat-placeholder"
          />
        ))}
      </SimpleGrid>
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
              {card.key === 'pendingApprovals' && <WaitingForYou />}
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <QuickBooksLine connected={data.stats.qbConnected} needAttention={data.stats.qbNeedAttention} />
      {data.failed && (
        <Text fontSize="sm" color="orange.fg" role="status">
          The figures could not be read from the server; zeros are shown until it answers.
        </Text>
      )}
    </Stack>
  );
}

/**
 * 'QuickBooks: N connected, M need attention': each figure opens the Companies list filtered by
 * that QuickBooks status (a connection in its error state needs someone to reconnect it).
 */
function QuickBooksLine({ connected, needAttention }: { connected: number; needAttention: number }) {
  return (
    <Text fontSize="sm" color="fg" data-testid="quickbooks-line">
      QuickBooks:{' '}
      <Link asChild color="blue.fg">
        <RouterLink to="/companies?qb=connected">{connected.toLocaleString('en-US')} connected</RouterLink>
      </Link>
      ,{' '}
      <Link asChild color={needAttention > 0 ? 'red.fg' : 'blue.fg'}>
        <RouterLink to="/companies?qb=error">
          {needAttention.toLocaleString('en-US')} need attention
        </RouterLink>
      </Link>
    </Text>
  );
}

/** 'waiting for you: N': the reviewer's own queue, linked ('Waiting for me' on the approvals list). */
function WaitingForYou() {
  const { data } = useWaitingCount();
  return (
    <Text fontSize="xs" mt="1" data-testid="waiting-for-you">
      <Link asChild color="blue.fg">
        <RouterLink to="/approvals?view=waiting">
          waiting for you:{' '}
          {data === undefined ? '…' : `${data.count.toLocaleString('en-US')}${data.capped ? '+' : ''}`}
        </RouterLink>
      </Link>
    </Text>
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

/** The dashboard: health, headline counts, recent activity and quick actions. */
export function DashboardPage() {
  return (
    <Stack gap="6">
      <PageHeader
        title="Dashboard"
        description={`Welcome to the ${process.env.PRODUCT_NAME} admin panel`}
        breadcrumbs={[{ label: 'Dashboard' }]}
      />
      <HealthCard />
      <StatCards />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <RecentActivity />
        <QuickActions />
      </SimpleGrid>
    </Stack>
  );
}
