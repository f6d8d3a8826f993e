import { Suspense } from 'react';
import type { DashboardCharts } from 'shared-contracts';
import { Box, Card, SimpleGrid, Skeleton } from 'shared-ui';
import { Stat } from 'shared-ui/display';
import { lazyRetry, OptionalContent, useIdle } from 'shared-ui/viewport';
import { useApprovalStats } from '../api/get-approval-options';
import { useApprovalTrends } from '../api/get-approval-trends';
import type { TrendCard } from './approval-trend';

const ApprovalTrend = lazyRetry(() => import('./approval-trend'));

/** A trend's height, reserved from the first render so the cards never grow. */
const TREND_HEIGHT = '8';

function isTrendCard(key: string): key is TrendCard {
  return key === 'total' || key === 'approved' || key === 'rejected';
}

/** The card's trend, or its reserved place while the data and the chart chunk load. */
function Trend({ card, charts }: { card: TrendCard; charts: DashboardCharts | undefined }) {
  const placeholder = <Box height={TREND_HEIGHT} aria-hidden="true" />;
  return (
    <Box mt="2" height={TREND_HEIGHT}>
      {charts ? (
        // A trend whose chunk cannot be loaded leaves its place empty; the cards and the list stay.
        <OptionalContent fallback={placeholder}>
          <Suspense fallback={placeholder}>
            <ApprovalTrend charts={charts} card={card} height={TREND_HEIGHT} />
          </Suspense>
        </OptionalContent>
      ) : (
        placeholder
      )}
    </Box>
  );
}

const CARDS = [
  { key: 'total', label: 'Total' },
  { key: 'pending', label: 'Pending' },
  { key: 'approved', label: 'Approved' },
  { key: 'rejected', label: 'Rejected' },
  { key: 'expired', label: 'Expired' },
] as const;

/**
 * The five stat cards (total, pending, approved, rejected, expired), from the kept counts (GET
 * …/approvals/stats); Total, Approved and Rejected each with a 30-day trend (created, approved and
 * rejected per day). Pending and Expired keep the trend's place empty: no per-day time is kept for
 * them (a pending count per day would need a snapshot of every day).
 */
export function ApprovalStatCards() {
  const { data } = useApprovalStats();
  // The trends (approvals created, approved and rejected per day) once the counts are shown and the
  // browser has had an idle moment: their request and chunk wait for the list's own first render.
  const { data: charts } = useApprovalTrends(useIdle(data !== undefined));
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
            {isTrendCard(card.key) ? (
              <Trend card={card.key} charts={charts} />
            ) : (
              <Box mt="2" height={TREND_HEIGHT} aria-hidden="true" />
            )}
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
