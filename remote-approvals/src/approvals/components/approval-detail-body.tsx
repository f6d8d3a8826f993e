import type { Approval, Bill } from 'shared-contracts';
import { SimpleGrid } from 'shared-ui';
import { ReconciliationCard, ReturnedPaymentsAlert } from '../../bank-returns/components/approval-returns';
import { ActivityHistoryCard } from './activity-history-card';
import { ApprovalChainCard } from './approval-chain-card';
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
import { VendorHistoryStrip } from './vendor-history-strip';
import type { DetailDecisions } from './use-detail-decisions';

/**
 * Everything under an approval's header, in the page's order: why this reviewer cannot decide, the
 * returns, QuickBooks changes and possible duplicates, then the cards (assignment, chain, timeline,
 * bills, accounts, bank file, history). The approval page and the inbox's pane show the same.
 */
export function ApprovalDetailBody({
  approval,
  bills,
  decisions,
  twoColumnsFrom = 'lg',
}: {
  approval: Approval;
  bills: Bill[];
  decisions: DetailDecisions;
  /** Where the assignment, chain and timeline cards sit side by side (the inbox's pane is narrower). */
  twoColumnsFrom?: 'lg' | '2xl';
}) {
  const { canDecide, isCreator } = decisions;
  const pending = approval.status === 'PENDING';
  return (
    <>
      <DecisionAlerts pending={pending} reviewer={decisions.reviewer} canDecide={canDecide} />
      <ReturnedPaymentsAlert approval={approval} />
      <QbChangesAlert approval={approval} canDecide={canDecide && !isCreator} />
      <DuplicatesCard approval={approval} bills={bills} />

      <SimpleGrid columns={{ base: 1, [twoColumnsFrom]: 2 }} gap="6" alignItems="start">
        <AssignmentCard approval={approval} />
        {approval.stepCount > 0 && <ApprovalChainCard approval={approval} />}
        <TimelineCard approval={approval} />
      </SimpleGrid>

      <RejectionCard approval={approval} />
      <BillsCard approval={approval} bills={bills} />
      <VendorHistoryStrip approval={approval} />
      <ApprovedBillsCard approval={approval} />
      <PaymentAccountsCard approval={approval} />
      <NachaCard approval={approval} />
      <ReconciliationCard approval={approval} />
      <QbPaymentsCard approval={approval} />
      <SystemInfoCard approval={approval} />
      <ActivityHistoryCard approval={approval} />
    </>
  );
}
