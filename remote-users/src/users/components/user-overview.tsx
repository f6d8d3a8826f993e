import { ROLE_DESCRIPTIONS, ROLES, type UserOverviewStats } from 'shared-contracts';
import { Box, Flex, SectionCard, SimpleGrid, Skeleton, Stack, Text, roleBadgeStyle } from 'shared-ui';

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Box borderWidth="1px" borderColor="gray.200" borderRadius="md" p="4" bg="white">
      <Text fontSize="sm" color="gray.600">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" color="gray.900">
        {value}
      </Text>
      {hint && (
        <Text fontSize="xs" color="gray.600">
          {hint}
        </Text>
      )}
    </Box>
  );
}

/** The overview block of /users: headline figures and users by role as a bar chart. */
export function UserOverview({ stats }: { stats: UserOverviewStats | undefined }) {
  if (!stats) {
    return (
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }} aria-busy="true">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} h="24" borderRadius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const { totalUsers, activeUsers } = stats;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }}>
        <Figure label="Total Users" value={totalUsers.toLocaleString('en-US')} />
        <Figure
          label="Active Users"
          value={activeUsers.toLocaleString('en-US')}
          hint={`${percent(activeUsers, totalUsers)}% of total`}
        />
        <Figure label="New This Month" value={stats.newUsersThisMonth.toLocaleString('en-US')} />
        <Figure
          label="Activity Rate"
          value={`${stats.activityRate}%`}
          hint="Active users who signed in during the last 30 days"
        />
      </SimpleGrid>
      <SectionCard title="Users by Role">
        <Stack gap="3" role="list" aria-label="Users by role">
          {ROLES.map((role) => {
            const count = stats.usersByRole[role];
            const share = percent(count, totalUsers);
            return (
              <Box
                key={role}
                role="listitem"
                aria-label={`${ROLE_DESCRIPTIONS[role].label}: ${count} users, ${share}%`}
              >
                <Flex justify="space-between" fontSize="sm" mb="1" gap="2">
                  <Text fontWeight="medium">{ROLE_DESCRIPTIONS[role].label}</Text>
                  <Text color="gray.700">
                    {count.toLocaleString('en-US')} ({share}%)
                  </Text>
                </Flex>
                <Box h="3" bg="gray.100" borderRadius="full" overflow="hidden" aria-hidden="true">
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
    </Stack>
  );
}
