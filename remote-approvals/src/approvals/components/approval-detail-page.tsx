import { APPROVAL_ERRORS, parseApprovalRouteId, parseBills, type Approval } from 'shared-contracts';
import { SimpleGrid, Stack } from 'shared-ui';
import { RecordFailurePage, recordPage, type RecordRequest } from 'shared-ui/record';
import { ReconciliationCard, ReturnedPaymentsAlert } from '../../bank-returns/components/approval-returns';
import { useApproval } from '../api/get-approval';
import { ActivityHistoryCard } from './activity-history-card';
import { ApprovalChainCard } from './approval-chain-card';
import { ApprovalDetailDialogs } from './approval-detail-dialogs';
import { ApprovalDetailHeader } from './approval-detail-header';
import { ApprovedBillsCard } from './approved-bills-card';
import { AssignmentCard } from './assignment-card';
import { BillsCard } from './bills-card';
import { DecisionAlerts } from './decision-alerts';
import { DuplicatesCard } from './duplicates-card';
import { NachaCard } from './nacha-card';
import { PaymentAccountsCard } from './payment-accounts-card';
import { QbChangesAlert, QbPaymentsCard } from './quickbooks-cards';
import { RejectionCard } from './rejection-card';
import { SystemInfoCard } from './system-info-card';
import { TimelineCard } from './timeline-card';
import { useDetailDecisions } from './use-detail-decisions';

function ApprovalDetail({
  record: approval,
  request,
}: {
  record: Approval;
  request: RecordRequest<Approval>;
}) {
  const decisions = useDetailDecisions(approval);
  const { canDecide, isCreator } = decisions;
  const bills = parseBills(approval.bills);
  const pending = approval.status === 'PENDING';
  const decisionBar = pending && canDecide;

  return (
    // Room under the last card for the phone's fixed decision bar.
    <Stack gap="6" pb={decisionBar ? { base: '20', md: '0' } : undefined}>
      <ApprovalDetailHeader
        approval={approval}
        request={request}
        decisionBar={decisionBar}
        decisions={decisions}
      />
      <DecisionAlerts
        pending={pending}
        reviewer={decisions.reviewer}
        canDecide={canDecide}
        isCreator={isCreator}
      />
      <ReturnedPaymentsAlert approval={approval} />
      <QbChangesAlert approval={approval} canDecide={canDecide && !isCreator} />
      <DuplicatesCard approval={approval} bills={bills} />

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <AssignmentCard approval={approval} />
        {approval.stepCount > 0 && <ApprovalChainCard approval={approval} />}
        <TimelineCard approval={approval} />
      </SimpleGrid>

      <RejectionCard approval={approval} />
      <BillsCard approval={approval} bills={bills} />
      <ApprovedBillsCard approval={approval} />
      <PaymentAccountsCard approval={approval} />
      <NachaCard approval={approval} />
      <ReconciliationCard approval={approval} />
      <QbPaymentsCard approval={approval} />
      <SystemInfoCard approval={approval} />
      <ActivityHistoryCard approval={approval} />
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
