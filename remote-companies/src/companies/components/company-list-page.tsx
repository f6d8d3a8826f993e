import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useHasRole, errorMessage } from 'shared-auth';
import { PAGE_SIZE, type Company } from 'shared-contracts';
import {
  BulkActionBar,
  Button,
  DataTable,
  EmptyState,
  ErrorState,
  FilterPanel,
  Link,
  PageHeader,
  QbStatusBadge,
  SearchInput,
  SelectFilter,
  SimplePagination,
  Stack,
  StatusBadge,
  Text,
  formatDate,
  fromSortParams,
  nextSortDirection,
  notifyError,
  notifySuccess,
  toSortParams,
  useListSearchParams,
  type DataTableColumn,
  type RowId,
} from 'shared-ui';
import { useCompanies } from '../api/get-companies';
import { setCompanyActive } from '../api/mutations';
import { QB_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from '../company-options';
import { CompanyRowActions } from './company-row-actions';

const LIST_DEFAULTS = { search: '', status: '', qb: '', page: 1, sortBy: '', sortOrder: '' };

const COLUMNS: Array<DataTableColumn<Company>> = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    minWidth: '14rem',
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
    render: (company) => <StatusBadge status={company.status} />,
  },
  {
    key: 'qbConnectionStatus',
    header: 'QB Status',
    sortable: true,
    render: (company) => <QbStatusBadge status={company.qbConnectionStatus} />,
  },
  { key: 'industry', header: 'Industry', sortable: true, render: (company) => company.industry ?? '—' },
  { key: 'createdAt', header: 'Created', sortable: true, render: (company) => formatDate(company.createdAt) },
];

/** /companies: filter, sort and page on the server; the view lives in the URL (SPEC §2 Company list). */
export function CompanyListPage() {
  const canManage = useHasRole('MODERATOR');
  const { state, setState, reset } = useListSearchParams(LIST_DEFAULTS);
  const sort = fromSortParams(state.sortBy, state.sortOrder);
  const params = {
    search: state.search || undefined,
    status: state.status || undefined,
    qbConnectionStatus: state.qb || undefined,
    page: state.page,
    limit: PAGE_SIZE,
    sortBy: state.sortBy || 'createdAt',
    sortOrder: (state.sortOrder || 'desc') as 'asc' | 'desc',
  };
  const { data, error, isLoading, mutate } = useCompanies(params);
  const [selected, setSelected] = useState<Set<RowId>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);
  const rows = useMemo(() => data?.data ?? [], [data]);
  const activeFilters = [state.search, state.status, state.qb].filter(Boolean).length;
  const totalPages = data?.pagination.totalPages ?? 0;

  // After deletes or a filter change elsewhere, a page past the end moves back to the last page.
  useEffect(() => {
    if (totalPages > 0 && state.page > totalPages)
      setState({ page: totalPages }, { resetPage: false, replace: true });
  }, [totalPages, state.page, setState]);

  function changeSort(key: string) {
    const next = toSortParams(nextSortDirection(sort, key));
    setState({ sortBy: next.sortBy ?? '', sortOrder: next.sortOrder ?? '' });
  }

  async function bulkSetActive(active: boolean) {
    setBulkBusy(true);
    const ids = [...selected].map(Number);
    const results = await Promise.allSettled(ids.map((id) => setCompanyActive(id, active)));
    setBulkBusy(false);
    const failed = results.filter((result) => result.status === 'rejected');
    const done = ids.length - failed.length;
    if (done > 0) {
      const verb = active ? 'activated' : 'deactivated';
      notifySuccess(done === 1 ? `Company ${verb} successfully` : `${done} companies ${verb} successfully`);
    }
    if (failed.length > 0) {
      notifyError(
        `${failed.length} of ${ids.length} could not be changed: ${errorMessage((failed[0] as PromiseRejectedResult).reason)}`,
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
      <FilterPanel activeCount={activeFilters} onReset={() => reset(['search', 'status', 'qb'])}>
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

      {error && !data ? (
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
            rowActions={(company) => <CompanyRowActions company={company} />}
            isLoading={isLoading}
            emptyState={
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
            }
          />
          {data && (
            <SimplePagination
              page={state.page}
              pageSize={PAGE_SIZE}
              total={data.pagination.total}
              itemLabel="companies"
              onPageChange={(page) => setState({ page }, { resetPage: false })}
            />
          )}
          {error && data && (
            <Text fontSize="sm" color="red.700" role="alert">
              Error loading companies: {errorMessage(error)}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
