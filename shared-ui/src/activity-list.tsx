import { Box, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ActivityItem } from 'shared-contracts';
import { formatDateLong, formatRelative } from './format';

/** Props of ActivityList. */
export interface ActivityListProps {
  items: readonly ActivityItem[] | undefined;
  isLoading?: boolean;
  /** Shown when there are no items. */
  emptyText: string;
  'data-testid'?: string;
}

/**
 * Activity rows (description, then how long ago, with the full date on hover), newest first.
 * @example <ActivityList items={stats.recentActivity} emptyText="No recent activity." />
 */
export function ActivityList({
  items,
  isLoading = false,
  emptyText,
  'data-testid': testId,
}: ActivityListProps) {
  if (isLoading) {
    return (
      <Stack gap="3" aria-busy="true">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height="10" />
        ))}
      </Stack>
    );
  }
  if (!items || items.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="0" listStyleType="none" m="0" p="0" data-testid={testId}>
      {items.map((item) => (
        <Box
          as="li"
          key={item.id}
          py="3"
          borderBottomWidth="1px"
          borderColor="border.muted"
          _last={{ borderBottomWidth: 0 }}
        >
          <Text fontSize="sm">{item.description}</Text>
          <Text fontSize="xs" color="fg.muted" title={formatDateLong(item.timestamp)}>
            <time dateTime={item.timestamp}>{formatRelative(item.timestamp)} ago</time>
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
