import { Card, SimpleGrid, Skeleton } from 'shared-ui';
import { Stat } from 'shared-ui/display';
import { useApprovalStats } from '../api/get-approval-options';

const CARDS = [
  { key: 'total', label: 'Total' },
  { key: 'pending', label: 'Pending' },
  { key: 'approved', label: 'Approved' },
  { key: 'rejected', label: 'Rejected' },
  { key: 'expired', label: 'Expired' },
] as const;

/** The five stat cards (total, pending, approved, rejected, expired), from the kept counts (GET …/approvals/stats). */
export function ApprovalStatCards() {
  const { data } = useApprovalStats();
  return (
    <SimpleGrid as="section" aria-label="Approval statistics" columns={{ base: 2, md: 3, lg: 5 }} gap="3">
      {CARDS.map((card) => (
        // On a phone Total spans the row, so the other four pair up instead of leaving one alone.
        <Card.Root
          key={card.key}
          size="sm"
          gridColumn={card.key === 'total' ? { base: 'span 2', md: 'auto' } : undefined}
        >
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{card.label}</Stat.Label>
              {data ? (
                <Stat.ValueText data-testid={`stat-${card.key}`}>
                  {data[card.key].toLocaleString('en-US')}
                </Stat.ValueText>
              ) : (
                <Skeleton height="8" width="16" />
              )}
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
