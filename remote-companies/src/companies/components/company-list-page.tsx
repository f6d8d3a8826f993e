import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useHasRole, errorMessage } from 'shared-auth';
import { PAGE_SIZE, type Company } from 'shared-contracts';
import {
  Button,
  EmptyState,
  ErrorState,
  Link,
  NoMatchesState,
  PageHeader,
  QbStatusBadge,
  Stack,
  StatusBadge,
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
import { useCompanies } from '../api/get-companies';
import { setCompaniesActive } from '../api/mutations';
import { QB_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from '../company-options';
import { CompanyRowActions } from './company-row-actions';
import { DeleteCompanyDialog } from './delete-company-dialog';

// Default order: newest first. A sort removed by a third click is kept as '' in the URL.
const LIST_DEFAULTS = { search: '', status: '', qb: '', page: 1, sortBy: 'createdAt', sortOrder: 'desc' };

const FILTER_KEYS = ['search', 'status', 'qb'] as const;

const COLUMNS: Array<DataTableColumn<Company>> = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    minWidth: '12rem',
    maxWidth: '20rem',
    card: 'title',
    render: (company) => (
      <Link asChild fontWeight="semibold" color="blue.700">
        <RouterLink to={`/companies/${company.id}`}>{company.name}</RouterLink>
      </Link>
    ),
  },
  { key: 'email', header: 'Email', sortable: true, render: (company) => company.email ?? '—' },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    card: 'badge',
    render: (company) => <StatusBadge status={company.status} />,
  },
  {
    key: 'qbConnectionStatus',
    header: 'QB Status',
    sortable: true,
    card: 'badge',
    render: (company) => <QbStatusBadge status={company.qbConnectionStatus} />,
  },
  { key: 'industry', header: 'Industry', sortable: true, render: (company) => company.industry ?? '—' },
  { key: 'createdAt', header: 'Created', sortable: true, render: (company) => formatDate(company.createdAt) },
];

/** /companies: filter, sort and page on the server; the view lives in the URL. */
export function CompanyListPage() {
  const canManage = useHasRole('MODERATOR');
  const { state, setState, reset } = useListSearchParams(LIST_DEFAULTS);
  const sort = fromSortParams(state.sortBy, state.sortOrder);
  // The indicator and the request come from the same sort; no sort at all is the server's default.
  const params = {
    search: state.search || undefined,
    status: state.status || undefined,
    qbConnectionStatus: state.qb || undefined,
    page: state.page,
    limit: PAGE_SIZE,
    ...toSortParams(sort),
  };
  const { data, error, isLoading, isValidating, mutate } = useCompanies(params);
  const [selected, setSelected] = useState<Set<RowId>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);
  const [deleting, setDeleting] = useState<Company | null>(null);
  const rows = useMemo(() => data?.data ?? [], [data]);
  const activeFilters = [state.search, state.status, state.qb].filter(Boolean).length;
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

  function changeSort(key: string) {
    setState(toSortQuery(nextSortDirection(sort, key)));
  }

  async function bulkSetActive(active: boolean) {
    setBulkBusy(true);
    const ids = [...selected].map(Number);
    const results = await setCompaniesActive(ids, active);
    setBulkBusy(false);
    const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    const done = ids.length - failed.length;
    if (done > 0) {
      const verb = active ? 'activated' : 'deactivated';
      notifySuccess(done === 1 ? `Company ${verb} successfully` : `${done} companies ${verb} successfully`);
    }
    if (failed.length > 0) {
      notifyError(
        `${failed.length} of ${ids.length} could not be changed: ${errorMessage(failed[0]!.reason)}`,
      );
    }
    setSelected(new Set());
  }

  return (
    <Stack gap="6">
      <PageHeader
        title="Companies"
        description="Company accounts, their staff assignments and QuickBooks connections"
        breadcrumbs={[{ label: 'Companies' }]}
        actions={
          canManage && (
            <Button asChild colorPalette="blue">
              <RouterLink to="/companies/new">Add Company</RouterLink>
            </Button>
          )
        }
      />
      <FilterPanel activeCount={activeFilters} onReset={() => reset(FILTER_KEYS)}>
        <SearchInput
          label="Search"
          placeholder="Search by name, email or industry"
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
          label="QuickBooks status"
          value={state.qb}
          options={QB_FILTER_OPTIONS}
          onChange={(qb) => setState({ qb })}
        />
      </FilterPanel>

      {canManage && selected.size > 0 && (
        <BulkActionBar
          count={selected.size}
          itemLabel={selected.size === 1 ? 'company' : 'companies'}
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
        <ErrorState
          message={`Error loading companies: ${errorMessage(error)}`}
          onRetry={() => void mutate()}
        />
      ) : (
        <Stack gap="4">
          <DataTable
            caption="Companies"
            columns={COLUMNS}
            rows={rows}
            getRowId={(company) => company.id}
            rowLabel={(company) => company.name}
            sort={sort}
            onSortChange={changeSort}
            selectedIds={canManage ? selected : undefined}
            onSelectionChange={canManage ? setSelected : undefined}
            rowActions={(company) => <CompanyRowActions company={company} onDelete={setDeleting} />}
            isLoading={isLoading}
            emptyState={
              activeFilters > 0 ? (
                <NoMatchesState itemLabel="companies" onClearFilters={() => reset(FILTER_KEYS)} />
              ) : (
                <EmptyState
                  title="No companies found"
                  description="Get started by creating your first company"
                  action={
                    canManage && (
                      <Button asChild size="sm" colorPalette="blue">
                        <RouterLink to="/companies/new">Add Company</RouterLink>
                      </Button>
                    )
                  }
                />
              )
            }
          />
          {/* Nothing to page through: the empty or no-matches view says it all. */}
          {data && data.pagination.total > 0 && (
            <SimplePagination
              page={state.page}
              pageSize={PAGE_SIZE}
              total={data.pagination.total}
              itemLabel="companies"
              onPageChange={(page) => setState({ page }, { resetPage: false })}
            />
          )}
        </Stack>
      )}
      {deleting && (
        <DeleteCompanyDialog company={deleting} open onOpenChange={(open) => !open && setDeleting(null)} />
      )}
    </Stack>
  );
}
