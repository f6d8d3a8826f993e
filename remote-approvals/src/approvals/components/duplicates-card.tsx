import { Link as RouterLink } from 'react-router-dom';
import {
  DUPLICATE_WINDOW_DAYS,
  shortApprovalId,
  type Approval,
  type Bill,
  type DuplicateBill,
} from 'shared-contracts';
import { Alert, Badge, HStack, Link, SectionCard, SimpleGrid, Stack, Text } from 'shared-ui';
import { BillCard } from './bill-card';

const DUPLICATE_KIND_TEXT = {
  BILL_NUMBER: 'Same vendor and the same bill number',
  AMOUNT_AND_DATE: `Same vendor and the same amount within ${DUPLICATE_WINDOW_DAYS} days`,
} as const;

/**
 * Each bill flagged as a possible duplicate beside the bill it matched, so a reviewer can compare;
 * nothing when none is flagged.
 */
export function DuplicatesCard({ approval, bills }: { approval: Approval; bills: Bill[] }) {
  const duplicates: DuplicateBill[] = approval.duplicates ?? [];
  if (duplicates.length === 0) return null;
  return (
    <SectionCard
      title={
        <HStack as="span" gap="2">
          <span>Possible duplicates</span>
          <Badge colorPalette="orange">{duplicates.length}</Badge>
        </HStack>
      }
      description={
        approval.status === 'PENDING'
          ? 'Compare each bill with the one it matched. Approving a flagged bill needs a reason, recorded in the history.'
          : 'These bills matched another bill when they came in.'
      }
    >
      <Stack gap="6">
        {duplicates.map((duplicate) => {
          const bill = bills.find((candidate) => candidate.Id === duplicate.billId);
          const other = duplicate.otherBill ? (JSON.parse(duplicate.otherBill) as Bill) : null;
          const sameApproval = duplicate.otherApprovalId === approval.id;
          return (
            <Stack
              key={duplicate.billId}
              gap="3"
              as="section"
              aria-label={`Possible duplicate: bill ${bill?.DocNumber ?? duplicate.billId}`}
            >
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{DUPLICATE_KIND_TEXT[duplicate.kind]}</Alert.Title>
                  <Alert.Description>
                    Bill {bill?.DocNumber ?? duplicate.billId} may be bill{' '}
                    {other?.DocNumber ?? duplicate.otherBillId}{' '}
                    {sameApproval ? (
                      'of this approval'
                    ) : duplicate.otherApprovalId ? (
                      <>
                        of{' '}
                        <Link asChild color="blue.fg">
                          <RouterLink to={`/approvals/${duplicate.otherApprovalId}`}>
                            approval #{shortApprovalId(duplicate.otherApprovalId)}
                          </RouterLink>
                        </Link>
                        {duplicate.otherStatus
                          ? ` (${duplicate.otherStatus.replaceAll('_', ' ').toLowerCase()})`
                          : ''}
                      </>
                    ) : (
                      'of an approval that was deleted'
                    )}
                    .
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
                <Stack gap="2">
                  <Text fontWeight="semibold">This bill</Text>
                  {bill ? (
                    <BillCard bill={bill} approved={approval.approvedBillIds.includes(bill.Id)} />
                  ) : null}
                </Stack>
                <Stack gap="2">
                  <Text fontWeight="semibold">The bill it matched</Text>
                  {other ? (
                    <BillCard bill={other} approved={false} />
                  ) : (
                    <Text color="fg.muted">Bill {duplicate.otherBillId} is no longer on record</Text>
                  )}
                </Stack>
              </SimpleGrid>
            </Stack>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
