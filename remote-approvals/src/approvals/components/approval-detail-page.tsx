import { APPROVAL_ERRORS, parseApprovalRouteId, parseBills, type Approval } from 'shared-contracts';
import { Stack } from 'shared-ui';
import { RecordFailurePage, recordPage, type RecordRequest } from 'shared-ui/record';
import { useApproval } from '../api/get-approval';
import { ApprovalDetailBody } from './approval-detail-body';
import { ApprovalDetailDialogs } from './approval-detail-dialogs';
import { ApprovalDetailHeader } from './approval-detail-header';
import { useDetailDecisions } from './use-detail-decisions';

function ApprovalDetail({
  record: approval,
  request,
}: {
  record: Approval;
  request: RecordRequest<Approval>;
}) {
  const decisions = useDetailDecisions(approval);
  const { canDecide } = decisions;
  const bills = parseBills(approval.bills);
  const pending = approval.status === 'PENDING';
  const decisionBar = pending && canDecide;
  // Room under the last card for the phone's fixed decision bar (taller with a reason under it).
  const barRoom = (decisions.block.approve ?? decisions.block.reject) ? '32' : '20';

  return (
    <Stack gap="6" pb={decisionBar ? { base: barRoom, md: '0' } : undefined}>
      <ApprovalDetailHeader
        approval={approval}
        request={request}
        decisionBar={decisionBar}
        decisions={decisions}
      />
      <ApprovalDetailBody approval={approval} bills={bills} decisions={decisions} />
      <ApprovalDetailDialogs approval={approval} bills={bills} decisions={decisions} />
    </Stack>
  );
}

/** /approvals/{id}: one approval, its bills, payment accounts, history and the decisions. */
export const ApprovalDetailPage = recordPage(
  useApproval,
  ApprovalDetail,
  (failure) => (
    <RecordFailurePage
      header={{
        title: 'Approval',
        breadcrumbs: [{ label: 'Approvals', to: '/approvals' }, { label: 'Not found' }],
      }}
      title={failure.notFound ? APPROVAL_ERRORS.notFound : undefined}
      message={failure.notFound ? APPROVAL_ERRORS.notFound : `Error loading approval: ${failure.message}`}
      onRetry={failure.retry}
      notFound={failure.notFound}
      back={{ label: 'Back to approvals', to: '/approvals' }}
    />
  ),
  { parseId: parseApprovalRouteId },
);
