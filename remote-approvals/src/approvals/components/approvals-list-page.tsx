import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useHasRole, useSession } from 'shared-auth';
import {
  APPROVAL_PAGE_SIZES,
  approvalCompanyLabel,
  approvalManagerLabel,
  shortApprovalId,
  type ApprovalSummary,
  type BulkOutcome,
} from 'shared-contracts';
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  HStack,
  Link,
  NoMatchesState,
  PageHeader,
  PriorityBadge,
  Stack,
  StatusBadge,
  Text,
  notifyError,
  notifySuccess,
} from 'shared-ui';
import { formatDate, formatUsd } from 'shared-ui/format';
import {
  BulkActionBar,
  DataTable,
  FilterPanel,
  FullPagination,
  SearchInput,
  SelectFilter,
  fromSortParams,
  nextSortDirection,
  toSortParams,
  toSortQuery,
  useListSearchParams,
  type DataTableColumn,
  type RowId,
} from 'shared-ui/table';
import { useApprovals, useCompanyOptions } from '../api/get-approvals';
import { bulkApprove, bulkReject } from '../api/mutations';
import { PRIORITY_FILTER_OPTIONS, REJECT_PROMPT, STATUS_FILTER_OPTIONS } from '../approval-options';
import { ApprovalRowActions } from './approval-row-actions';
import { ApprovalStatCards } from './approval-stat-cards';
import { BulkOutcomeSummary } from './bulk-outcome-summary';
import { DeleteApprovalDialog } from './delete-approval-dialog';
import { ExportButton } from './export-button';

// Default order: Created descending. A sort removed by a third click stays as ''.
const LIST_DEFAULTS = {
  search: '',
  status: '',
  priority: '',
  companyId: '',
  page: 1,
  limit: 10,
  sortBy: 'createdAt',
  sortOrder: 'desc',
};

const FILTER_KEYS = ['search', 'status', 'priority', 'companyId'] as const;

const COLUMNS: Array<DataTableColumn<ApprovalSummary>> = [
  {
    key: 'id',
    header: 'ID',
    sortable: true,
    card: 'title',
    render: (approval) => (
      <Link asChild fontFamily="mono" fontWeight="semibold" color="blue.700">
        <RouterLink to={`/approvals/${approval.id}`} aria-label={`Approval ${shortApprovalId(approval.id)}`}>
          {shortApprovalId(approval.id)}
        </RouterLink>
      </Link>
    ),
  },
  {
    key: 'company',
    sortKey: 'company.name',
    header: 'Company',
    sortable: true,
    // Cut with the full name on hover, so every column and the row actions fit at 1440 px.
    maxWidth: '11rem',
    render: approvalCompanyLabel,
  },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    card: 'badge',
    render: (a) => <StatusBadge status={a.status} />,
  },
  {
    key: 'priority',
    header: 'Priority',
    sortable: true,
    card: 'badge',
    render: (a) => <PriorityBadge priority={a.priority} />,
  },
  {
    key: 'bills',
    sortKey: 'billStats.totalBills',
    header: 'Bills',
    sortable: true,
    align: 'end',
    render: (a) => a.billStats.totalBills,
  },
  {
    key: 'processed',
    sortKey: 'billStats.processedBills',
    header: 'Processed',
    sortable: true,
    render: (a) => (
      <Stack gap="0">
        <Text>{a.billStats.processedBills}</Text>
        <Text textStyle="xs" color="fg.muted">
          {a.billStats.processingRate}%
        </Text>
      </Stack>
    ),
  },
  {
    key: 'totalAmount',
    sortKey: 'billStats.totalAmount',
    header: 'Total Amount',
    sortable: true,
    align: 'end',
    render: (a) => formatUsd(a.billStats.totalAmount),
  },
  { key: 'managerName', header: 'Manager', sortable: true, maxWidth: '9rem', render: approvalManagerLabel },
  { key: 'createdAt', header: 'Created', sortable: true, render: (a) => formatDate(a.createdAt) },
];

/** /approvals ('Bill Approvals'): filter, sort and page on the server; the view in the URL. */
export function ApprovalListPage() {
  const { user } = useSession();
  // An account a MODERATOR registered decides nothing until an ADMIN allows it (the API refuses too).
  const canDecide = useHasRole('USER') && user?.mayDecidePayments !== false;
  const { state, setState, reset } = useListSearchParams(LIST_DEFAULTS);
  const sort = fromSortParams(state.sortBy, state.sortOrder);
  const limit = (APPROVAL_PAGE_SIZES as readonly number[]).includes(state.limit) ? state.limit : 10;
  const filters = {
    search: state.search || undefined,
    status: state.status || undefined,
    priority: state.priority || undefined,
    companyId: state.companyId || undefined,
    ...toSortParams(sort),
  };
  const params = { ...filters, page: state.page, limit };
  const { data, error, isLoading, isValidating, mutate } = useApprovals(params);
  const companies = useCompanyOptions();
  const activeFilters = [state.search, state.status, state.priority, state.companyId].filter(Boolean).length;
  const [showFilters, setShowFilters] = useState(activeFilters > 0);
  const [selected, setSelected] = useState<Set<RowId>>(new Set());
  const [bulkBusy, setBulkBusy] = useState<'approve' | 'reject' | null>(null);
  const [outcome, setOutcome] = useState<{ verb: 'approve' | 'reject'; result: BulkOutcome } | null>(null);
  const [deleting, setDeleting] = useState<ApprovalSummary | null>(null);
  const rows = useMemo(() => data?.data ?? [], [data]);
  const totalPages = data?.pagination.totalPages ?? 0;
  const viewKey = JSON.stringify(params);

  // Selection belongs to the rows on screen: a new page, filter or sort starts with none.
  useEffect(() => setSelected(new Set()), [viewKey]);

  // A page past the end (after decisions or deletes) moves back to the last page.
  useEffect(() => {
    if (data && state.page > Math.max(1, totalPages)) {
      setState({ page: Math.max(1, totalPages) }, { resetPage: false, replace: true });
    }
  }, [data, totalPages, state.page, setState]);

  const companyOptions = [{ value: '', label: 'All' }, ...(companies.data ?? [])];

  async function runBulk(verb: 'approve' | 'reject') {
    const ids = [...selected].map(String);
    let reason = '';
    if (verb === 'reject') {
      reason = (window.prompt(REJECT_PROMPT) ?? '').trim();
      if (!reason) return;
    }
    setBulkBusy(verb);
    try {
      const result = verb === 'approve' ? await bulkApprove(ids) : await bulkReject(ids, reason);
      setOutcome({ verb, result });
      if (result.succeeded > 0) {
        notifySuccess(
          `${result.succeeded} approval${result.succeeded === 1 ? '' : 's'} ${verb === 'approve' ? 'approved' : 'rejected'} successfully`,
        );
      }
      if (result.failed > 0) notifyError(`${result.failed} of ${ids.length} could not be ${verb}d`);
      setSelected(new Set());
    } catch (failure) {
      notifyError(errorMessage(failure));
    } finally {
      setBulkBusy(null);
    }
  }

  return (
    <Stack gap="6">
      <PageHeader
        title="Bill Approvals"
        description="Review, approve and reject bill approval requests"
        breadcrumbs={[{ label: 'Approvals' }]}
        actions={
          <HStack gap="2" wrap="wrap">
            <Button
              variant="outline"
              aria-expanded={showFilters}
              aria-controls="approval-filters"
              onClick={() => setShowFilters((open) => !open)}
            >
              Filters
              {activeFilters > 0 && (
                <Badge colorPalette="blue" variant="solid" ml="1">
                  Active
                </Badge>
              )}
            </Button>
            <ExportButton filters={filters} />
          </HStack>
        }
      />
      <ApprovalStatCards />

      {showFilters && (
        <div id="approval-filters">
          <FilterPanel activeCount={activeFilters} onReset={() => reset(FILTER_KEYS)}>
            <SearchInput
              label="Search"
              placeholder="ID, company, manager, vendor or bill number"
              value={state.search}
              onChange={(search) => setState({ search }, { replace: true })}
            />
            <SelectFilter
              label="Company"
              value={state.companyId}
              options={companyOptions}
              onChange={(companyId) => setState({ companyId })}
            />
            <SelectFilter
              label="Status"
              value={state.status}
              options={STATUS_FILTER_OPTIONS}
              onChange={(status) => setState({ status })}
            />
            <SelectFilter
              label="Priority"
              value={state.priority}
              options={PRIORITY_FILTER_OPTIONS}
              onChange={(priority) => setState({ priority })}
            />
          </FilterPanel>
        </div>
      )}

      {outcome && (
        <BulkOutcomeSummary verb={outcome.verb} outcome={outcome.result} onClose={() => setOutcome(null)} />
      )}

      {canDecide && selected.size > 0 && (
        <BulkActionBar
          count={selected.size}
          itemLabel={selected.size === 1 ? 'approval' : 'approvals'}
          onClear={() => setSelected(new Set())}
        >
          <Button
            size="sm"
            colorPalette="green"
            loading={bulkBusy === 'approve'}
            disabled={bulkBusy !== null}
            onClick={() => void runBulk('approve')}
          >
            Approve
          </Button>
          <Button
            size="sm"
            colorPalette="red"
            variant="outline"
            loading={bulkBusy === 'reject'}
            disabled={bulkBusy !== null}
            onClick={() => void runBulk('reject')}
          >
            Reject
          </Button>
        </BulkActionBar>
      )}

      {error && !isValidating ? (
        <ErrorState
          message={`Error loading approvals: ${errorMessage(error)}`}
          onRetry={() => void mutate()}
        />
      ) : (
        <Stack gap="4">
          <DataTable
            caption="Bill approvals"
            columns={COLUMNS}
            // Compact cells: nine columns, the checkbox and the row actions fit beside the sidebar at 1440 px.
            size="sm"
            rows={rows}
            getRowId={(approval) => approval.id}
            rowLabel={(approval) => `approval ${shortApprovalId(approval.id)}`}
            sort={sort}
            onSortChange={(key) => setState(toSortQuery(nextSortDirection(sort, key)))}
            selectedIds={canDecide ? selected : undefined}
            onSelectionChange={canDecide ? setSelected : undefined}
            rowActions={(approval) => (
              <ApprovalRowActions
                approval={approval}
                canDecide={canDecide}
                isCreator={user?.id !== undefined && approval.createdById === user.id}
                onDelete={setDeleting}
              />
            )}
            isLoading={isLoading}
            emptyState={
              activeFilters > 0 ? (
                <NoMatchesState itemLabel="approvals" onClearFilters={() => reset(FILTER_KEYS)} />
              ) : (
                <EmptyState
                  title="No approvals found"
                  description="Create your first approval to get started"
                />
              )
            }
          />
          {/* Nothing to page through: the empty or no-matches view says it all. */}
          {data && data.pagination.total > 0 && (
            <FullPagination
              page={state.page}
              pageSize={limit}
              total={data.pagination.total}
              totalCapped={data.pagination.totalCapped ?? false}
              itemLabel="approvals"
              pageSizeOptions={APPROVAL_PAGE_SIZES}
              onPageChange={(page) => setState({ page }, { resetPage: false })}
              onPageSizeChange={(size) => setState({ limit: size })}
            />
          )}
        </Stack>
      )}
      {deleting && (
        <DeleteApprovalDialog approval={deleting} open onOpenChange={(open) => !open && setDeleting(null)} />
      )}
    </Stack>
  );
}
