import type { Approval } from 'shared-contracts';
import { DetailList, DetailRow, SectionCard, Text } from 'shared-ui';
import { formatDateLong } from 'shared-ui/format';
import { personLabel as person } from './person-label';

/** Who rejected the approval, when and why; nothing unless it was rejected with a reason. */
export function RejectionCard({ approval }: { approval: Approval }) {
  if (approval.status !== 'REJECTED' || !approval.rejectionReason) return null;
  return (
    <SectionCard title="Rejection Details">
      <DetailList>
        <DetailRow label="Rejected by">{person(approval.rejectedBy, approval.rejectedByEmail)}</DetailRow>
        <DetailRow label="Date">{formatDateLong(approval.rejectionDate)}</DetailRow>
        <DetailRow label="Reason">
          <Text whiteSpace="pre-wrap">{approval.rejectionReason}</Text>
        </DetailRow>
      </DetailList>
    </SectionCard>
  );
}
