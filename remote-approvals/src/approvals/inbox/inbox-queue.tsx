import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from 'shared-auth';
import {
  approvalCompanyLabel,
  INBOX_TEXT,
  shortApprovalId,
  stepProgressLabel,
  type ApprovalSummary,
} from 'shared-contracts';
import { Box, EmptyState, ErrorState, HStack, LoadingState, Stack, StatusBadge, Text } from 'shared-ui';
import { formatUsd } from 'shared-ui/format';
import { ListPagination, type ListController } from 'shared-ui/table';
import type { InboxQuery, InboxTab } from './inbox-query';

/** One approval of the queue: company and total first, then its number, bills, status and step. */
function QueueItem({
  approval,
  href,
  selected,
}: {
  approval: ApprovalSummary;
  href: string;
  selected: boolean;
}) {
  const short = shortApprovalId(approval.id);
  const company = approvalCompanyLabel(approval);
  const amount = formatUsd(approval.billStats.totalAmount);
  const bills = approval.billStats.totalBills;
  return (
    <Box as="li">
      <Box
        asChild
        display="block"
        px="3"
        py="2.5"
        borderRadius="l2"
        borderWidth="1px"
        borderColor={selected ? 'blue.solid' : 'border'}
        bg={selected ? 'blue.subtle' : 'bg'}
        _hover={{ bg: selected ? 'blue.subtle' : 'bg.muted' }}
        focusRing="outside"
      >
        <RouterLink to={href} aria-current={selected ? 'true' : undefined}>
          <HStack justify="space-between" gap="2" align="baseline">
            <Text fontWeight="semibold" truncate minW="0">
              {company}
            </Text>
            <Text fontWeight="semibold" flexShrink={0}>
              {amount}
            </Text>
          </HStack>
          <HStack gap="2" wrap="wrap" mt="1" color="fg.muted" textStyle="sm">
            <Text as="span" fontFamily="mono">
              #{short}
            </Text>
            <Text as="span">{INBOX_TEXT.billCount(bills)}</Text>
            <StatusBadge status={approval.status} />
          </HStack>
          {approval.status === 'PENDING' && approval.currentStep ? (
            <Text textStyle="xs" color="fg.muted" mt="1" truncate>
              {stepProgressLabel(approval.currentStep, approval.stepCount, approval.currentStepLabel ?? '')}
            </Text>
          ) : null}
        </RouterLink>
      </Box>
    </Box>
  );
}

/**
 * The queue: its approvals as links that select them (the selected one marked and kept in view as
 * j / k move), its paging, and what it says while loading, on failure or when empty.
 */
export function InboxQueue({
  list,
  tab,
  shownId,
  hrefFor,
}: {
  list: ListController<ApprovalSummary, InboxQuery>;
  tab: InboxTab;
  shownId: string | null;
  hrefFor: (id: string) => string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    container.current?.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [shownId]);

  if (list.error && list.rows.length === 0) {
    return <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refresh()} />;
  }
  if (list.isLoading && list.rows.length === 0) return <LoadingState />;
  if (list.rows.length === 0) {
    return tab === 'waiting' ? (
      <EmptyState title={INBOX_TEXT.emptyWaiting} description={INBOX_TEXT.emptyWaitingHint} />
    ) : (
      <EmptyState title={INBOX_TEXT.emptyOther} />
    );
  }
  return (
    <Stack gap="3">
      <Stack as="ul" ref={container} aria-label={INBOX_TEXT.queueLabel} gap="2" listStyle="none" m="0" p="0">
        {list.rows.map((approval) => (
          <QueueItem
            key={approval.id}
            approval={approval}
            href={hrefFor(approval.id)}
            selected={approval.id === shownId}
          />
        ))}
      </Stack>
      <ListPagination list={list} itemLabel="approvals" />
    </Stack>
  );
}
