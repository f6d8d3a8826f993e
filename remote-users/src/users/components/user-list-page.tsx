import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useHasRole, useSession } from 'shared-auth';
import { PAGE_SIZE, userActionDenial, type User } from 'shared-contracts';
import {
  ActiveBadge,
  Box,
  Button,
  EmptyState,
  ErrorState,
  HStack,
  Link,
  NoMatchesState,
  PageHeader,
  RoleBadge,
  Stack,
  TruncatedText,
  notifyError,
  notifySuccess,
} from 'shared-ui';
import { formatDate } from 'shared-ui/format';
import {
  BulkActionBar,
  DataTable,
  FilterPanel,
  SearchInput,
  SelectFilter,
  SimplePagination,
  fromSortParams,
  nextSortDirection,
  toSortParams,
  toSortQuery,
  useListSearchParams,
  type DataTableColumn,
  type RowId,
} from 'shared-ui/table';
import { useOverviewStats, useUsers } from '../api/get-users';
import { setUsersActive } from '../api/mutations';
import { ROLE_FILTER_OPTIONS, STATUS_FILTER_OPTIONS, fullName } from '../user-text';
import { ChangeRoleDialog } from './change-role-dialog';
import { UserOverview } from './user-overview';
import { UserRowActions } from './user-row-actions';

// Default order: newest first. A sort removed by a third click is kept as '' in the URL.
const LIST_DEFAULTS = { search: '', role: '', status: '', page: 1, sortBy: 'createdAt', sortOrder: 'desc' };

const FILTER_KEYS = ['search', 'role', 'status'] as const;

// On a phone each row is a card (issue 13): the User cell as its title, role and status as badges,
// the dates as labelled fields.
const COLUMNS: Array<DataTableColumn<User>> = [
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
          <Link asChild fontWeight="semibold" color="blue.700">
            <RouterLink to={`/users/${user.id}`}>{fullName(user)}</RouterLink>
          </Link>
        </TruncatedText>
        <TruncatedText fontSize="sm" fontWeight="normal" color="gray.600">
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

/** /users: overview statistics and the user list, filtered, sorted and paged on the server. */
export function UserListPage() {
  const canManage = useHasRole('MODERATOR');
  const { user: me } = useSession();
  const { state, setState, reset } = useListSearchParams(LIST_DEFAULTS);
  const sort = fromSortParams(state.sortBy, state.sortOrder);
  const params = {
    search: state.search || undefined,
    role: state.role || undefined,
    isActive: state.status || undefined,
    page: state.page,
    limit: PAGE_SIZE,
    ...toSortParams(sort),
  };
  const { data, error, isLoading, isValidating, mutate } = useUsers(params);
  const overview = useOverviewStats();
  const [selected, setSelected] = useState<Set<RowId>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);
  const [roleFor, setRoleFor] = useState<User | null>(null);
  const rows = useMemo(() => data?.data ?? [], [data]);
  const activeFilters = [state.search, state.role, state.status].filter(Boolean).length;
  const totalPages = data?.pagination.totalPages ?? 0;
  const viewKey = JSON.stringify(params);

  // Selection belongs to the rows on screen: a new page, filter or sort starts with none.
  useEffect(() => setSelected(new Set()), [viewKey]);

  // After deletes, a page past the end moves back to the last page.
  useEffect(() => {
    if (data && state.page > Math.max(1, totalPages)) {
      setState({ page: Math.max(1, totalPages) }, { resetPage: false, replace: true });
    }
  }, [data, totalPages, state.page, setState]);

  async function bulkSetActive(active: boolean) {
    setBulkBusy(true);
    const ids = [...selected].map(Number);
    const outcomes = await setUsersActive(ids, active);
    setBulkBusy(false);
    const failed = outcomes.filter((outcome) => outcome.result.status === 'rejected');
    const done = ids.length - failed.length;
    const verb = active ? 'activated' : 'deactivated';
    if (done > 0)
      notifySuccess(done === 1 ? `User ${verb} successfully` : `${done} users ${verb} successfully`);
    if (failed.length > 0) {
      const names = failed.map(({ id, result }) => {
        const user = rows.find((row) => row.id === id);
        const reason = result.status === 'rejected' ? errorMessage(result.reason) : '';
        return `${user ? fullName(user) : `#${id}`} (${reason})`;
      });
      // Bulk activation logs failures and continues.
      console.warn(`Bulk ${verb}: failed for`, names);
      notifyError(`${done} of ${ids.length} ${verb}; failed: ${names.join(', ')}`);
    }
    setSelected(new Set(failed.map(({ id }) => id)));
  }

  const refresh = () => {
    void mutate();
    void overview.mutate();
  };

  return (
    <Stack gap="6">
      <PageHeader
        title="User Management"
        description="User accounts, their roles and activity"
        breadcrumbs={[{ label: 'Users' }]}
        actions={
          <HStack gap="2">
            <Button variant="outline" onClick={refresh} loading={isValidating && !isLoading}>
              Refresh
            </Button>
            {canManage && (
              <Button asChild colorPalette="blue">
                <RouterLink to="/users/new">Add User</RouterLink>
              </Button>
            )}
          </HStack>
        }
      />
      <UserOverview stats={overview.data} />
      <FilterPanel activeCount={activeFilters} onReset={() => reset(FILTER_KEYS)}>
        <SearchInput
          label="Search"
          placeholder="Search by name or email"
          value={state.search}
          onChange={(search) => setState({ search }, { replace: true })}
        />
        <SelectFilter
          label="Role"
          value={state.role}
          options={ROLE_FILTER_OPTIONS}
          onChange={(role) => setState({ role })}
        />
        <SelectFilter
          label="Status"
          value={state.status}
          options={STATUS_FILTER_OPTIONS}
          onChange={(status) => setState({ status })}
        />
      </FilterPanel>

      {canManage && selected.size > 0 && (
        <BulkActionBar
          count={selected.size}
          itemLabel={selected.size === 1 ? 'user' : 'users'}
          onClear={() => setSelected(new Set())}
        >
          <Button size="sm" colorPalette="green" loading={bulkBusy} onClick={() => void bulkSetActive(true)}>
            Activate
          </Button>
          <Button size="sm" variant="outline" loading={bulkBusy} onClick={() => void bulkSetActive(false)}>
            Deactivate
          </Button>
        </BulkActionBar>
      )}

      {error && !isValidating ? (
        <ErrorState message={`Error loading users: ${errorMessage(error)}`} onRetry={() => void mutate()} />
      ) : (
        <Stack gap="4">
          <DataTable
            caption="Users"
            columns={COLUMNS}
            rows={rows}
            getRowId={(user) => user.id}
            rowLabel={(user) => fullName(user)}
            sort={sort}
            onSortChange={(key) => setState(toSortQuery(nextSortDirection(sort, key)))}
            selectedIds={canManage ? selected : undefined}
            onSelectionChange={canManage ? setSelected : undefined}
            rowActions={(user) => <UserRowActions user={user} onChangeRole={setRoleFor} />}
            isLoading={isLoading}
            emptyState={
              activeFilters > 0 ? (
                <NoMatchesState itemLabel="users" onClearFilters={() => reset(FILTER_KEYS)} />
              ) : (
                <EmptyState
                  title="No users found"
                  description="Create your first user to get started"
                  action={
                    canManage && (
                      <Button asChild size="sm" colorPalette="blue">
                        <RouterLink to="/users/new">Add User</RouterLink>
                      </Button>
                    )
                  }
                />
              )
            }
          />
          {data && data.pagination.total > 0 && (
            <SimplePagination
              page={state.page}
              pageSize={PAGE_SIZE}
              total={data.pagination.total}
              itemLabel="users"
              onPageChange={(page) => setState({ page }, { resetPage: false })}
            />
          )}
        </Stack>
      )}
      {roleFor && me && !userActionDenial(me, roleFor, 'changeRole') && (
        <ChangeRoleDialog user={roleFor} onClose={() => setRoleFor(null)} />
      )}
    </Stack>
  );
}
