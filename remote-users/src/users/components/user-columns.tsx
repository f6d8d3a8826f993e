import { Link as RouterLink } from 'react-router-dom';
import { personName, type User } from 'shared-contracts';
import { ActiveBadge, Box, Link, RoleBadge, TruncatedText } from 'shared-ui';
import { formatDate } from 'shared-ui/format';
import type { DataTableColumn } from 'shared-ui/table';

// On a phone each row is a card: the User cell as its title, role and status as badges,
// the dates as labelled fields.
export const USER_COLUMNS: Array<DataTableColumn<User>> = [
  {
    key: 'name',
    header: 'User',
    sortable: true,
    minWidth: '14rem',
    // The cell cuts the name and the e-mail itself, each on its own line with the full text on hover.
    maxWidth: 'none',
    card: 'title',
    render: (user) => (
      <Box as="span" display="block" minW={0} maxW={{ base: 'full', md: '26rem' }}>
        <TruncatedText>
          <Link asChild fontWeight="semibold" color="blue.fg">
            <RouterLink to={`/users/${user.id}`}>{personName(user)}</RouterLink>
          </Link>
        </TruncatedText>
        <TruncatedText fontSize="sm" fontWeight="normal" color="fg.muted">
          {user.email}
        </TruncatedText>
      </Box>
    ),
  },
  {
    key: 'role',
    header: 'Role',
    sortable: true,
    card: 'badge',
    render: (user) => <RoleBadge role={user.role} />,
  },
  {
    key: 'isActive',
    header: 'Status',
    sortable: true,
    card: 'badge',
    render: (user) => <ActiveBadge isActive={user.isActive} />,
  },
  {
    key: 'createdAt',
    header: 'Created',
    sortable: true,
    card: 'field',
    render: (user) => formatDate(user.createdAt),
  },
  {
    key: 'updatedAt',
    header: 'Last Updated',
    sortable: true,
    card: 'field',
    render: (user) => formatDate(user.updatedAt),
  },
];
