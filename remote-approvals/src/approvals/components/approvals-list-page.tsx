import { useCallback, useMemo, useState } from 'react';
import { useHasRole, useSession } from 'shared-auth';
import {
  APPROVAL_ERRORS,
  APPROVAL_PAGE_SIZES,
  ApprovalListQuerySchema,
  sectionNamed,
  shortApprovalId,
  type ApprovalListQuery,
  type ApprovalSummary,
  type BulkOutcome,
} from 'shared-contracts';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Link, notifyError } from 'shared-ui';
import { ConfirmDialog, ShortcutsHelpButton, ShortcutsHelpDialog } from 'shared-ui/dialog';
import { HELP_KEYS, useShortcuts, type ShortcutMap } from 'shared-ui/keyboard';
import {
  ListView,
  useListController,
  useRowCursor,
  type FilterField,
  type SelectOption,
} from 'shared-ui/table';
import { useCompanyOptions } from '../api/get-approval-options';
import { approvalList } from '../api/keys';
import { bulkApprove, bulkReject, toRunOutcome } from '../api/mutations';
import { PRIORITY_FILTER_OPTIONS, REJECT_PROMPT, STATUS_FILTER_OPTIONS } from '../approval-options';
import { LIST_SHORTCUTS } from '../keyboard-shortcuts';
import { APPROVAL_COLUMNS } from './approval-columns';
import { ApprovalRowActions } from './approval-row-actions';
import { ApprovalStatCards } from './approval-stat-cards';
import { BulkOutcomeSummary } from './bulk-outcome-summary';
import { DeleteApprovalDialog } from './delete-approval-dialog';
import { ExportButton } from './export-button';
import { RejectDialog } from './reject-dialog';
import { RowDecisionDialog } from './row-decision-dialog';

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

  const navigate = useNavigate();
  const cursor = useRowCursor(list.rows.map((row) => row.id));
  const active = list.rows.find((row) => row.id === cursor.activeId) ?? null;
  const [helpOpen, setHelpOpen] = useState(false);
  // The keyboard's decisions go through the confirmation dialogs: one row's (a, r) and the selection's
  // (Shift+A, Shift+R).
  const [rowDecision, setRowDecision] = useState<{
    verb: 'approve' | 'reject';
    approval: ApprovalSummary;
  } | null>(null);
  const [bulkDialog, setBulkDialog] = useState<'approve' | 'reject' | null>(null);
  const closeRowDecision = useCallback(() => setRowDecision(null), []);

  // The bulk buttons ask for a reject's reason with a prompt; the keyboard's Shift+R brings it from its dialog.
  const decide = (verb: 'approve' | 'reject', given?: string) => {
    const reason = verb === 'reject' ? (given ?? window.prompt(REJECT_PROMPT) ?? '').trim() : '';
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

  /** 'a' / 'r' on the active row, refused here with the reason the row's disabled button gives. */
  const decideRow = (verb: 'approve' | 'reject') => {
    if (!active) return false;
    if (!canDecide) notifyError(APPROVAL_ERRORS.mayNotDecide);
    else if (active.status !== 'PENDING') notifyError(APPROVAL_ERRORS.notPending);
    else if (verb === 'approve' && user?.id !== undefined && active.createdById === user.id) {
      notifyError(APPROVAL_ERRORS.ownApproval);
    } else setRowDecision({ verb, approval: active });
    return true;
  };
  const decideSelection = (verb: 'approve' | 'reject') => {
    if (!canDecide || list.selected.size === 0 || list.bulk.busy !== null) return false;
    setBulkDialog(verb);
    return true;
  };
  const openHelp = () => setHelpOpen(true);
  const shortcuts: ShortcutMap = {
    j: () => cursor.move(1),
    ArrowDown: () => cursor.move(1),
    k: () => cursor.move(-1),
    ArrowUp: () => cursor.move(-1),
    Enter: () => {
      if (!active) return false;
      navigate(`/approvals/${active.id}`);
      return true;
    },
    x: () => {
      if (!active || !canDecide) return false;
      const next = new Set(list.selected);
      if (next.has(active.id)) next.delete(active.id);
      else next.add(active.id);
      list.setSelected(next);
      return true;
    },
    a: () => decideRow('approve'),
    r: () => decideRow('reject'),
    'Shift+A': () => decideSelection('approve'),
    'Shift+R': () => decideSelection('reject'),
    ...Object.fromEntries(HELP_KEYS.map((keys) => [keys, openHelp])),
  };
  useShortcuts(shortcuts);
  const selectedCount = list.selected.size;

  return (
    <ListView
      list={list}
      title="Bill Approvals"
      description="Review, approve and reject bill approval requests"
      crumb="Approvals"
      actions={
        <>
          <ShortcutsHelpButton onClick={openHelp} />
          <ExportButton filters={list.filterRequest} />
        </>
      }
      cursor={cursor}
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
      <ShortcutsHelpDialog open={helpOpen} onOpenChange={setHelpOpen} groups={LIST_SHORTCUTS} />
      {rowDecision && (
        <RowDecisionDialog
          approval={rowDecision.approval}
          verb={rowDecision.verb}
          onClose={closeRowDecision}
        />
      )}
      <ConfirmDialog
        open={bulkDialog === 'approve'}
        onOpenChange={(open) => !open && setBulkDialog(null)}
        title="Approve Selected"
        description={`Approve the ${selectedCount} selected approval${selectedCount === 1 ? '' : 's'}? Any the server refuses are listed with the reason.`}
        confirmLabel={`Approve ${selectedCount}`}
        onConfirm={() => {
          setBulkDialog(null);
          decide('approve');
        }}
      />
      <RejectDialog
        open={bulkDialog === 'reject'}
        onOpenChange={(open) => !open && setBulkDialog(null)}
        isPending={false}
        onReject={(reason) => {
          setBulkDialog(null);
          decide('reject', reason);
        }}
      />
      {deleting && (
        <DeleteApprovalDialog approval={deleting} open onOpenChange={(open) => !open && setDeleting(null)} />
      )}
    </ListView>
  );
}
