import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useHasRole } from 'shared-auth';
import { MANAGER_NOTICES, PAGE_SIZE, type Manager } from 'shared-contracts';
import {
  Button,
  EmptyState,
  NoMatchesState,
  ErrorState,
  HStack,
  Link,
  PageHeader,
  Stack,
  StatusBadge,
  Text,
  notifyError,
  notifySuccess,
} from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/dialog';
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
import { useManagers } from '../api/get-managers';
import { deleteManagers, unlinkManagers } from '../api/mutations';
import {
  LINKED_FILTER_OPTIONS,
  MANAGER_TEXT,
  STATUS_FILTER_OPTIONS,
  formatListDate,
  managerLabel,
  personName,
} from '../manager-format';
import { DeleteManagerDialog } from './delete-manager-dialog';
import { LinkUserDialog } from './link-user-dialog';
import { ManagerAvatar } from './manager-avatar';
import { ManagerRowActions } from './manager-row-actions';

// Default order: newest first. A sort removed by a third click is kept as '' in the URL.
const LIST_DEFAULTS = { search: '', status: '', linked: '', page: 1, sortBy: 'createdAt', sortOrder: 'desc' };

const COLUMNS: Array<DataTableColumn<Manager>> = [
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
          <Link asChild fontWeight="semibold" color="blue.700">
            <RouterLink to={`/managers/${manager.id}`}>{managerLabel(manager)}</RouterLink>
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

const FILTER_KEYS = ['search', 'status', 'linked'] as const;

const plural = (count: number) => (count === 1 ? 'manager' : 'managers');

/** /managers: filter, sort and page on the server; the view lives in the URL. */
export function ManagerListPage() {
  const canManage = useHasRole('MODERATOR');
  const canDelete = useHasRole('ADMIN');
  const { state, setState, reset } = useListSearchParams(LIST_DEFAULTS);
  const sort = fromSortParams(state.sortBy, state.sortOrder);
  const params = {
    search: state.search || undefined,
    status: state.status || undefined,
    linked: state.linked || undefined,
    page: state.page,
    limit: PAGE_SIZE,
    ...toSortParams(sort),
  };
  const { data, error, isLoading, isValidating, mutate } = useManagers(params);
  const [selected, setSelected] = useState<Set<RowId>>(new Set());
  const [bulkBusy, setBulkBusy] = useState<'unlink' | 'delete' | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const [deleting, setDeleting] = useState<Manager | null>(null);
  const [linking, setLinking] = useState<Manager | null>(null);
  const rows = useMemo(() => data?.data ?? [], [data]);
  const activeFilters = [state.search, state.status, state.linked].filter(Boolean).length;
  const totalPages = data?.pagination.totalPages ?? 0;
  const viewKey = JSON.stringify(params);

  // Selection belongs to the rows on screen: a new page, filter or sort starts with none.
  useEffect(() => setSelected(new Set()), [viewKey]);

  // After deletes, a page past the end moves back to the last page (page 1 when nothing is left).
  useEffect(() => {
    if (data && state.page > Math.max(1, totalPages)) {
      setState({ page: Math.max(1, totalPages) }, { resetPage: false, replace: true });
    }
  }, [data, totalPages, state.page, setState]);

  const selectedRows = rows.filter((manager) => selected.has(manager.id));

  /** One notice for what was done, one for what failed (with the first reason): a bulk run never stops early. */
  function report(verb: string, done: number, failed: Array<{ reason: unknown }>, skipped = 0) {
    // One row: the notice of the single action.
    const single = verb === 'deleted' ? MANAGER_NOTICES.deleted : MANAGER_NOTICES.unlinked;
    const parts = [
      done === 1 && failed.length === 0 && skipped === 0 ? single : `${done} ${plural(done)} ${verb}`,
    ];
    if (skipped > 0) parts.push(`${skipped} ${skipped === 1 ? 'was' : 'were'} not linked`);
    if (done > 0 || failed.length === 0) notifySuccess(parts.join('; '));
    if (failed.length > 0) {
      notifyError(
        `${failed.length} of ${done + failed.length} could not be ${verb}: ${errorMessage(failed[0]!.reason)}`,
      );
    }
  }

  async function bulkUnlink() {
    const linked = selectedRows.filter((manager) => manager.userId !== null).map((manager) => manager.id);
    setBulkBusy('unlink');
    const { done, failed } = await unlinkManagers(linked);
    setBulkBusy(null);
    report('unlinked', done.length, failed, selectedRows.length - linked.length);
    setSelected(new Set());
  }

  async function bulkDelete() {
    setBulkBusy('delete');
    const { done, failed } = await deleteManagers([...selected].map(Number));
    setBulkBusy(null);
    setConfirmBulkDelete(false);
    report('deleted', done.length, failed);
    setSelected(new Set());
  }

  const total = data?.pagination.total;
  return (
    <Stack gap="6">
      <PageHeader
        title="Managers"
        description={total === undefined ? 'Loading managers...' : `${total} total managers`}
        breadcrumbs={[{ label: 'Managers' }]}
        actions={
          <HStack gap="2" wrap="wrap">
            <Button
              variant="outline"
              loading={isValidating && !isLoading}
              loadingText="Refresh"
              onClick={() => void mutate()}
            >
              Refresh
            </Button>
            {canManage && (
              <Button asChild colorPalette="blue">
                <RouterLink to="/managers/new">Add Manager</RouterLink>
              </Button>
            )}
          </HStack>
        }
      />
      <FilterPanel activeCount={activeFilters} onReset={() => reset(FILTER_KEYS)}>
        <SearchInput
          label="Search"
          placeholder="Search by name, email or title"
          value={state.search}
          onChange={(search) => setState({ search }, { replace: true })}
        />
        <SelectFilter
          label="Status"
          value={state.status}
          options={STATUS_FILTER_OPTIONS}
          onChange={(status) => setState({ status })}
        />
        <SelectFilter
          label="Linked user"
          value={state.linked}
          options={LINKED_FILTER_OPTIONS}
          onChange={(linked) => setState({ linked })}
        />
      </FilterPanel>

      {canManage && selected.size > 0 && (
        <BulkActionBar count={selected.size} itemLabel="manager(s)" onClear={() => setSelected(new Set())}>
          <Button
            size="sm"
            variant="outline"
            loading={bulkBusy === 'unlink'}
            loadingText="Unlinking..."
            disabled={bulkBusy !== null}
            onClick={() => void bulkUnlink()}
          >
            Unlink Users
          </Button>
          {canDelete && (
            <Button
              size="sm"
              colorPalette="red"
              disabled={bulkBusy !== null}
              onClick={() => setConfirmBulkDelete(true)}
            >
              Delete
            </Button>
          )}
        </BulkActionBar>
      )}

      {error && !isValidating ? (
        <ErrorState
          message={`Error loading managers: ${errorMessage(error)}`}
          onRetry={() => void mutate()}
        />
      ) : (
        <Stack gap="4">
          {isLoading && (
            <Text role="status" color="fg.muted">
              Loading managers...
            </Text>
          )}
          <DataTable
            caption="Managers"
            columns={COLUMNS}
            rows={rows}
            getRowId={(manager) => manager.id}
            rowLabel={managerLabel}
            sort={sort}
            onSortChange={(key) => setState(toSortQuery(nextSortDirection(sort, key)))}
            selectedIds={canManage ? selected : undefined}
            onSelectionChange={canManage ? setSelected : undefined}
            rowActions={(manager) => (
              <ManagerRowActions manager={manager} onLink={setLinking} onDelete={setDeleting} />
            )}
            isLoading={isLoading}
            emptyState={
              activeFilters > 0 ? (
                <NoMatchesState itemLabel="managers" onClearFilters={() => reset(FILTER_KEYS)} />
              ) : (
                <EmptyState
                  title="No managers found"
                  description="Create your first manager to get started"
                  action={
                    canManage && (
                      <Button asChild size="sm" colorPalette="blue">
                        <RouterLink to="/managers/new">Add Manager</RouterLink>
                      </Button>
                    )
                  }
                />
              )
            }
          />
          {data && (
            <SimplePagination
              page={state.page}
              pageSize={PAGE_SIZE}
              total={data.pagination.total}
              itemLabel="managers"
              onPageChange={(page) => setState({ page }, { resetPage: false })}
            />
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={confirmBulkDelete}
        onOpenChange={setConfirmBulkDelete}
        title={`Delete ${selected.size} ${plural(selected.size)}`}
        description={`Are you sure you want to delete ${selected.size} ${plural(selected.size)}? This action cannot be undone. Companies they manage will have no manager; approvals keep the manager's name and e-mail.`}
        confirmLabel={`Delete ${selected.size} ${plural(selected.size)}`}
        pendingLabel="Deleting..."
        destructive
        isPending={bulkBusy === 'delete'}
        onConfirm={() => void bulkDelete()}
      />
      {deleting && (
        <DeleteManagerDialog manager={deleting} open onOpenChange={(open) => !open && setDeleting(null)} />
      )}
      {linking && (
        <LinkUserDialog manager={linking} open onOpenChange={(open) => !open && setLinking(null)} />
      )}
    </Stack>
  );
}
