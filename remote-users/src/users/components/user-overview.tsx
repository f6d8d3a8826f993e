import { Suspense } from 'react';
import { CHART_DAYS, ROLE_DESCRIPTIONS, ROLES, type UserOverviewStats } from 'shared-contracts';
import { Box, Flex, SectionCard, SimpleGrid, Skeleton, Stack, Text, roleBadgeStyle } from 'shared-ui';

import { lazyRetry, OptionalContent, useInView } from 'shared-ui/viewport';
import { useSignInsPerDay } from '../api/get-sign-ins';

const SignInsChart = lazyRetry(() => import('./sign-ins-chart'));

/** The plot's height and, under it, room for its summary on two lines: the card never changes height. */
const PLOT_HEIGHT = '32';
const CHART_BLOCK_HEIGHT = 'calc(var(--chakra-sizes-32) + 3.75rem)';

/**
 * Sign-ins per day: data and chart chunk fetched once the overview's figures are shown and the card is
 * in view, in a block
 * of fixed height (the table below must not move when the chart arrives).
 */
function SignInsCard({ ready }: { ready: boolean }) {
  // Only once the card is in view as well: the chart's chunk (recharts, about 125 KB gzip) and its
  // first render are a second of main-thread work on a phone, which the page's own first render
  // should not wait behind (Lighthouse's phone shows the card below the fold).
  const [ref, inView] = useInView<HTMLDivElement>();
  const { data, error } = useSignInsPerDay(ready && inView);
  const placeholder = <Skeleton height={CHART_BLOCK_HEIGHT} borderRadius="md" />;
  return (
    <SectionCard title={`Sign-ins per day, last ${CHART_DAYS} days`}>
      <Box ref={ref} height={CHART_BLOCK_HEIGHT} overflow="hidden">
        {error ? (
          <Text fontSize="sm" color="orange.fg" role="status">
            The chart could not be read from the server.
          </Text>
        ) : data ? (
          <OptionalContent
            fallback={
              <Text fontSize="sm" color="orange.fg" role="status">
                The chart could not be loaded. Reload the page to try again.
              </Text>
            }
          >
            <Suspense fallback={placeholder}>
              <SignInsChart days={data.signInsPerDay} height={PLOT_HEIGHT} />
            </Suspense>
          </OptionalContent>
        ) : (
          placeholder
        )}
      </Box>
    </SectionCard>
  );
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** A figure card; while the stats load its value (and a computed hint) are placeholders of the same height. */
function Figure({ label, value, hint }: { label: string; value: string | undefined; hint?: string | null }) {
  return (
    <Box borderWidth="1px" borderColor="border" borderRadius="md" p="4" bg="bg">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      {/* While loading, the placeholder wraps text of the same style, so it has the same height. */}
      <Skeleton loading={value === undefined} w={value === undefined ? '20' : undefined}>
        <Text fontSize="2xl" fontWeight="bold" color="fg">
          {value ?? '0'}
        </Text>
      </Skeleton>
      {hint !== undefined && (
        <Skeleton loading={hint === null} w={hint === null ? '24' : undefined}>
          <Text fontSize="xs" color="fg.muted">
            {hint ?? '0'}
          </Text>
        </Skeleton>
      )}
    </Box>
  );
}

const figure = (value: number | undefined) => value?.toLocaleString('en-US');

/**
 * The overview block of /users: headline figures and users by role as a bar chart. While the stats
 * load it keeps the same shape (labels in place, placeholders for the numbers), so the table below
 * does not move when they arrive.
 */
export function UserOverview({ stats }: { stats: UserOverviewStats | undefined }) {
  const totalUsers = stats?.totalUsers ?? 0;
  return (
    <Stack gap="4" aria-busy={stats ? undefined : 'true'}>
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }}>
        <Figure label="Total Users" value={figure(stats?.totalUsers)} />
        <Figure
          label="Active Users"
          value={figure(stats?.activeUsers)}
          hint={stats ? `${percent(stats.activeUsers, totalUsers)}% of total` : null}
        />
        <Figure label="New This Month" value={figure(stats?.newUsersThisMonth)} />
        <Figure
          label="Activity Rate"
          value={stats ? `${stats.activityRate}%` : undefined}
          hint="Active users who signed in during the last 30 days"
        />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '3', md: '4' }}>
        <SectionCard title="Users by Role">
          <Stack gap="3" role="list" aria-label="Users by role">
            {ROLES.map((role) => {
              const count = stats?.usersByRole[role];
              const share = count === undefined ? 0 : percent(count, totalUsers);
              return (
                <Box
                  key={role}
                  role="listitem"
                  aria-label={
                    count === undefined
                      ? ROLE_DESCRIPTIONS[role].label
                      : `${ROLE_DESCRIPTIONS[role].label}: ${count} users, ${share}%`
                  }
                >
                  <Flex justify="space-between" fontSize="sm" mb="1" gap="2">
                    <Text fontWeight="medium">{ROLE_DESCRIPTIONS[role].label}</Text>
                    <Skeleton loading={count === undefined}>
                      <Text color="fg">
                        {count === undefined ? '0 (0%)' : `${count.toLocaleString('en-US')} (${share}%)`}
                      </Text>
                    </Skeleton>
                  </Flex>
                  <Box h="3" bg="bg.muted" borderRadius="full" overflow="hidden" aria-hidden="true">
                    <Box
                      data-testid={`role-bar-${role}`}
                      h="full"
                      w={`${share}%`}
                      bg={`${roleBadgeStyle(role).palette}.500`}
                      borderRadius="full"
                    />
                  </Box>
                </Box>
              );
            })}
          </Stack>
        </SectionCard>
        <SignInsCard ready={stats !== undefined} />
      </SimpleGrid>
    </Stack>
  );
}
