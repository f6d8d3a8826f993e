import type { Approval } from 'shared-contracts';
import { DetailList, DetailRow, SectionCard, Text } from 'shared-ui';

/** The approval's full id and its bills' ids (the page elsewhere shows the id's first characters). */
export function SystemInfoCard({ approval }: { approval: Approval }) {
  return (
    <SectionCard title="System Information">
      <DetailList>
        <DetailRow label="Approval ID">
          <Text fontFamily="mono" wordBreak="break-all">
            {approval.id}
          </Text>
        </DetailRow>
        <DetailRow label="Bill IDs">{approval.billIds.join(', ')}</DetailRow>
        <DetailRow label="Approved bill IDs">{approval.approvedBillIds.join(', ')}</DetailRow>
      </DetailList>
    </SectionCard>
  );
}
