import { parseBills, type Approval } from 'shared-contracts';
import { DetailList, DetailRow, SectionCard } from 'shared-ui';
import { formatUsd } from 'shared-ui/format';

/** How many of the bills were approved, and their amount; nothing before any is. */
export function ApprovedBillsCard({ approval }: { approval: Approval }) {
  const approvedBills = parseBills(approval.approvedBills);
  if (approvedBills.length === 0) return null;
  return (
    <SectionCard title="Approved Bills">
      <DetailList>
        <DetailRow label="Approved bills">
          {approvedBills.length} of {approval.billStats.totalBills}
        </DetailRow>
        <DetailRow label="Approved amount">{formatUsd(approval.approvedAmount)}</DetailRow>
      </DetailList>
    </SectionCard>
  );
}
