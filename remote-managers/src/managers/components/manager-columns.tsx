import { Link as RouterLink } from 'react-router-dom';
import { personName, type Manager } from 'shared-contracts';
import { HStack, Link, Stack, StatusBadge, Text } from 'shared-ui';
import type { DataTableColumn } from 'shared-ui/table';
import { MANAGER_TEXT, formatListDate } from '../manager-format';
import { ManagerAvatar } from './manager-avatar';

export const MANAGER_COLUMNS: Array<DataTableColumn<Manager>> = [
  {
    key: 'name',
    header: 'Manager',
    sortable: true,
    minWidth: '16rem',
    card: 'title',
    render: (manager) => (
      <HStack gap="3" align="center">
        <ManagerAvatar person={manager} />
        <Stack gap="0" minW="0">
          <Link asChild fontWeight="semibold" color="blue.fg">
            <RouterLink to={`/managers/${manager.id}`}>{personName(manager)}</RouterLink>
          </Link>
          <Text fontSize="sm" color="fg.muted">
            {manager.email}
          </Text>
          {manager.phone && (
            <Text fontSize="sm" color="fg.muted">
              {manager.phone}
            </Text>
          )}
        </Stack>
      </HStack>
    ),
  },
  {
    key: 'title',
    header: 'Title',
    sortable: true,
    render: (manager) =>
      manager.title ?? (
        <Text as="span" color="fg.muted">
          {MANAGER_TEXT.noTitle}
        </Text>
      ),
  },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    card: 'badge',
    render: (manager) => <StatusBadge status={manager.status} />,
  },
  {
    key: 'user',
    header: 'Linked User',
    minWidth: '12rem',
    render: (manager) =>
      manager.user ? (
        <Stack gap="0">
          <Text>{personName(manager.user)}</Text>
          <Text fontSize="sm" color="fg.muted">
            {manager.user.email}
          </Text>
        </Stack>
      ) : (
        <Text as="span" color="fg.muted">
          {MANAGER_TEXT.notLinked}
        </Text>
      ),
  },
  {
    key: 'createdAt',
    header: 'Created',
    sortable: true,
    render: (manager) => formatListDate(manager.createdAt),
  },
  {
    key: 'updatedAt',
    header: 'Last Updated',
    sortable: true,
    render: (manager) => formatListDate(manager.updatedAt),
  },
];
