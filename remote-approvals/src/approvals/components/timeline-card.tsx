import type { Approval } from 'shared-contracts';
import { DetailList, DetailRow, SectionCard } from 'shared-ui';
import { formatDateLong } from 'shared-ui/format';
import { personLabel as person } from './person-label';

/** When the approval was created, decided and last changed, and by whom. */
export function TimelineCard({ approval }: { approval: Approval }) {
  return (
    <SectionCard title="Timeline">
      <DetailList>
        <DetailRow label="Created">
          {formatDateLong(approval.createdAt)}
          {approval.createdBy ? ` by ${person(approval.createdBy, approval.createdByEmail)}` : ''}
        </DetailRow>
        {approval.approvalDate && (
          <DetailRow label="Approved">
            {formatDateLong(approval.approvalDate)}
            {approval.approvedBy ? ` by ${person(approval.approvedBy, approval.approvedByEmail)}` : ''}
          </DetailRow>
        )}
        {approval.rejectionDate && (
          <DetailRow label="Rejected">
            {formatDateLong(approval.rejectionDate)}
            {approval.rejectedBy ? ` by ${person(approval.rejectedBy, approval.rejectedByEmail)}` : ''}
          </DetailRow>
        )}
        <DetailRow label="Last updated">{formatDateLong(approval.updatedAt)}</DetailRow>
      </DetailList>
    </SectionCard>
  );
}
