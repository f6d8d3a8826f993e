import { useMemo, useState } from 'react';
import { useHasRole, useSession } from 'shared-auth';
import {
  APPROVAL_PAGE_SIZES,
  ApprovalListQuerySchema,
  sectionNamed,
  shortApprovalId,
  type ApprovalListQuery,
  type ApprovalSummary,
  type BulkOutcome,
} from 'shared-contracts';
import { Link as RouterLink } from 'react-router-dom';
import { Link } from 'shared-ui';
import { ListView, useListController, type FilterField, type SelectOption } from 'shared-ui/table';
import { useCompanyOptions } from '../api/get-approval-options';
import { approvalList } from '../api/keys';
import { bulkApprove, bulkReject, toRunOutcome } from '../api/mutations';
import { PRIORITY_FILTER_OPTIONS, REJECT_PROMPT, STATUS_FILTER_OPTIONS } from '../approval-options';
import { APPROVAL_COLUMNS } from './approval-columns';
import { ApprovalRowActions } from './approval-row-actions';
import { ApprovalStatCards } from './approval-stat-cards';
import { BulkOutcomeSummary } from './bulk-outcome-summary';
import { DeleteApprovalDialog } from './delete-approval-dialog';
import { ExportButton } from './export-button';

const EMPTY_TEXT = 'Create your first approval to get started';
const NEW_REQUEST_PATH = `${sectionNamed('approvals').path}/new`;

const filterFields = (companies: SelectOption[]): Array<FilterField<ApprovalListQuery>> => [
  {
    kind: 'search',
    key: 'search',
    label: 'Search',
    placeholder: 'ID, company, manager, vendor or bill number',
  },
  {
    kind: 'select',
    key: 'companyId',
    label: 'Company',
    options: [{ value: '', label: 'All' }, ...companies],
  },
  // The reviewer's queue: the pending approvals whose current step the signed-in person may decide.
  {
    kind: 'select',
    key: 'view',
    label: 'Show',
    options: [
      { value: '', label: 'All approvals' },
      { value: 'waiting', label: 'Waiting for me' },
    ],
  },
  { kind: 'select', key: 'status', label: 'Status', options: STATUS_FILTER_OPTIONS },
  { kind: 'select', key: 'priority', label: 'Priority', options: PRIORITY_FILTER_OPTIONS },
];

/** /approvals ('Bill Approvals'): filtered, sorted and paged on the server, newest first; the view in the URL. */
export function ApprovalListPage() {
  const { user } = useSession();
  // An account a MODERATOR registered decides nothing until an ADMIN allows it (the API refuses too).
  const canDecide = useHasRole('USER') && user?.mayDecidePayments !== false;
  // Requests are entered by hand by the role that manages the section's records (the API insists too).
  const canCreate = useHasRole(sectionNamed('approvals').manageRole);
  const companies = useCompanyOptions();
  const filters = useMemo(() => filterFields(companies.data ?? []), [companies.data]);
  const list = useListController({
    resource: approvalList,
    schema: ApprovalListQuerySchema,
    filters,
    pageSizes: APPROVAL_PAGE_SIZES,
  });
  const [outcome, setOutcome] = useState<{ verb: 'approve' | 'reject'; result: BulkOutcome } | null>(null);
  const [deleting, setDeleting] = useState<ApprovalSummary | null>(null);

  const decide = (verb: 'approve' | 'reject') => {
    const reason = verb === 'reject' ? (window.prompt(REJECT_PROMPT) ?? '').trim() : '';
    if (verb === 'reject' && !reason) return;
    const done = verb === 'approve' ? 'approved' : 'rejected';
    void list.bulk.run({
      key: verb,
      verb: done,
      run: async (ids) => {
        const result = verb === 'approve' ? await bulkApprove(ids) : await bulkReject(ids, reason);
        setOutcome({ verb, result });
        return toRunOutcome(result);
      },
      success: (count) => `${count} approval${count === 1 ? '' : 's'} ${done} successfully`,
    });
  };

  return (
    <ListView
      list={list}
      title="Bill Approvals"
      description="Review, approve and reject bill approval requests"
      crumb="Approvals"
      actions={<ExportButton filters={list.filterRequest} />}
      create={canCreate && { label: 'New approval request', to: NEW_REQUEST_PATH }}
      collapsibleFilters="approval-filters"
      summary={<ApprovalStatCards />}
      notice={
        outcome && (
          <BulkOutcomeSummary verb={outcome.verb} outcome={outcome.result} onClose={() => setOutcome(null)} />
        )
      }
      noun={{ one: 'approval', other: 'approvals' }}
      caption="Bill approvals"
      columns={APPROVAL_COLUMNS}
      // Compact cells: nine columns, the checkbox and the row actions fit beside the sidebar at 1440 px.
      size="sm"
      rowLabel={(approval) => `approval ${shortApprovalId(approval.id)}`}
      rowActions={(approval) => (
        <ApprovalRowActions
          approval={approval}
          canDecide={canDecide}
          isCreator={user?.id !== undefined && approval.createdById === user.id}
          onDelete={setDeleting}
        />
      )}
      canSelect={canDecide}
      bulkActions={[
        { key: 'approve', label: 'Approve', colorPalette: 'green', onClick: () => decide('approve') },
        {
          key: 'reject',
          label: 'Reject',
          colorPalette: 'red',
          variant: 'outline',
          onClick: () => decide('reject'),
        },
      ]}
      empty={{
        title: 'No approvals found',
        // The sentence itself leads to the screen for who may create; the others read it as text.
        description: canCreate ? (
          <Link asChild color="blue.fg">
            <RouterLink to={NEW_REQUEST_PATH}>{EMPTY_TEXT}</RouterLink>
          </Link>
        ) : (
          EMPTY_TEXT
        ),
        action: null,
      }}
    >
      {deleting && (
        <DeleteApprovalDialog approval={deleting} open onOpenChange={(open) => !open && setDeleting(null)} />
      )}
    </ListView>
  );
}
