import type { Approval, Bill } from 'shared-contracts';
import { Badge, HStack, SectionCard, Stack, Text } from 'shared-ui';
import { formatUsd } from 'shared-ui/format';
import { BillCard } from './bill-card';

/** Every bill of the approval, the approved ones marked, under their count and total. */
export function BillsCard({ approval, bills }: { approval: Approval; bills: Bill[] }) {
  return (
    <SectionCard
      title={
        <HStack as="span" gap="2">
          <span>Bills Information</span>
          <Badge colorPalette="blue" aria-label={`${bills.length} bills`}>
            {bills.length}
          </Badge>
        </HStack>
      }
      description={`Total amount ${formatUsd(approval.billStats.totalAmount)}`}
    >
      {bills.length === 0 ? (
        <Text color="fg.muted">No bill data available</Text>
      ) : (
        <Stack gap="4">
          {bills.map((bill) => (
            <BillCard key={bill.Id} bill={bill} approved={approval.approvedBillIds.includes(bill.Id)} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
