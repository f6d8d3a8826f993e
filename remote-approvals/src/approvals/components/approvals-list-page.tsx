import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCanDecide, useCanManage, useSession } from 'shared-auth';
import {
  APPROVAL_PAGE_SIZES,
  ApprovalListQuerySchema,
  sectionNamed,
  shortApprovalId,
  type ApprovalSummary,
} from 'shared-contracts';
import { Link } from 'shared-ui';
import { ShortcutsHelpButton, ShortcutsHelpDialog } from 'shared-ui/dialog';
import { HELP_KEYS, type ShortcutMap } from 'shared-ui/keyboard';
import { ListView, useListController } from 'shared-ui/table';
import { useCompanyOptions } from '../api/get-approval-options';
import { approvalList } from '../api/keys';
import { approvalFilterFields } from '../approval-options';
import { LIST_SHORTCUTS } from '../keyboard-shortcuts';
import { APPROVAL_COLUMNS } from './approval-columns';
import { ApprovalRowActions } from './approval-row-actions';
import { ApprovalStatCards } from './approval-stat-cards';
import { BulkDecisionDialogs, BulkDecisionNotice, useBulkDecisions } from './bulk-decisions';
import { DeleteApprovalDialog } from './delete-approval-dialog';
import { ExportButton } from './export-button';
import { RowDecisionDialog, useRowDecision } from './row-decision-dialog';

const EMPTY_TEXT = 'Create your first approval to get started';
const NEW_REQUEST_PATH = `${sectionNamed('approvals').path}/new`;
const rowLabel = (approval: ApprovalSummary) => `approval ${shortApprovalId(approval.id)}`;

/** /approvals ('Bill Approvals'): filtered, sorted and paged on the server, newest first; the view in the URL. */
export function ApprovalListPage() {
  const { user } = useSession();
  const canDecide = useCanDecide('approvals');
  // Requests are entered by hand by the role that manages the section's records (the API insists too).
  const canCreate = useCanManage('approvals');
  const companies = useCompanyOptions();
  const filters = useMemo(() => approvalFilterFields(companies.data ?? []), [companies.data]);
  const list = useListController({
    resource: approvalList,
    schema: ApprovalListQuerySchema,
    filters,
    pageSizes: APPROVAL_PAGE_SIZES,
  });
  const [deleting, setDeleting] = useState<ApprovalSummary | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = () => setHelpOpen(true);
  // The keyboard's decisions go through the confirmation dialogs: the row's (a, r) and the
  // selection's (Shift+A, Shift+R); the list's own keys (j, k, Enter, x) come with ListView.
  const rowDecision = useRowDecision(canDecide, user?.id);
  const bulk = useBulkDecisions(list, canDecide, user?.id);
  // The same function while who decides stays the same, so a row the live stream patches is the
  // only row drawn again (a new function each render would draw every row of the page).
  const userId = user?.id;
  const rowActions = useCallback(
    (approval: ApprovalSummary) => (
      <ApprovalRowActions approval={approval} canDecide={canDecide} userId={userId} onDelete={setDeleting} />
    ),
    [canDecide, userId],
  );
  const keys = (active: ApprovalSummary | null): ShortcutMap => ({
    a: () => rowDecision.decide('approve', active),
    r: () => rowDecision.decide('reject', active),
    'Shift+A': () => bulk.ask('approve'),
    'Shift+R': () => bulk.ask('reject'),
    ...Object.fromEntries(HELP_KEYS.map((help) => [help, openHelp])),
  });

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
      keys={keys}
      create={canCreate && { label: 'New approval request', to: NEW_REQUEST_PATH }}
      collapsibleFilters="approval-filters"
      summary={<ApprovalStatCards />}
      notice={<BulkDecisionNotice bulk={bulk} />}
      noun={{ one: 'approval', other: 'approvals' }}
      caption="Bill approvals"
      columns={APPROVAL_COLUMNS}
      // Compact cells: the columns an approver reads first fit beside the sidebar at 1440 px.
      size="sm"
      rowLabel={rowLabel}
      rowActions={rowActions}
      canSelect={canDecide}
      bulkActions={bulk.buttons}
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
      {rowDecision.open && <RowDecisionDialog {...rowDecision.open} onClose={rowDecision.close} />}
      <BulkDecisionDialogs bulk={bulk} />
      {deleting && (
        <DeleteApprovalDialog approval={deleting} open onOpenChange={(open) => !open && setDeleting(null)} />
      )}
    </ListView>
  );
}
