import { Link as RouterLink } from 'react-router-dom';
import {
  APPROVAL_STATUS_LABELS,
  PAYMENTS_BOARD_TEXT,
  type PaymentsBoard,
  type PaymentsBoardColumn,
  type WorkItem,
} from 'shared-contracts';
import { Box, Link, PageHeader, SectionCard, SimpleGrid, Stack, Text } from 'shared-ui';
import { formatRelative, formatUsd } from 'shared-ui/format';
import { RequestState } from 'shared-ui/record';
import { usePaymentsBoard } from '../api/payments-board';
import { approvalPath, columnListPath, moreCount, nextStepOf, vendorLine } from '../payments-board-model';

const TEXT = PAYMENTS_BOARD_TEXT;
const usd = (cents: number) => formatUsd(cents / 100);

/**
 * One approval: the vendor (or company) as the link to its page, then the amount (never cut: the
 * columns are narrow at four across), the company and the age.
 */
function BoardCard({ item, paid }: { item: WorkItem; paid: boolean }) {
  const relative = formatRelative(item.since);
  return (
    <Box as="li" py="2" borderTopWidth="1px" borderColor="border">
      <Link asChild color="fg" fontWeight="medium" display="block" truncate>
        <RouterLink to={approvalPath(item.id)}>{vendorLine(item)}</RouterLink>
      </Link>
      <Text fontSize="sm" color="fg.muted" truncate>
        <Text as="span" color="fg" fontWeight="semibold">
          {usd(item.amountCents)}
        </Text>
        {item.companyName ? ` · ${item.companyName}` : ''} ·{' '}
        {paid ? TEXT.paidAge(relative) : TEXT.age(relative)}
      </Text>
    </Box>
  );
}

/**
 * A column: its count and total (the title links to the list filtered by its status), its next
 * step, the first approvals (each opening its page, where that step is taken) and 'N more'.
 */
function BoardColumn({ column, paidSinceDays }: { column: PaymentsBoardColumn; paidSinceDays: number }) {
  const more = moreCount(column);
  const label = TEXT.columns[column.status];
  return (
    <Box data-testid={`board-column-${column.status}`} minW="0">
      <SectionCard
        title={label}
        description={
          <>
            <Text as="span" display="block" color="fg" fontWeight="semibold" data-testid="board-column-total">
              {TEXT.columnTotal(column.count, usd(column.amountCents))}
            </Text>
            {nextStepOf(column.status, paidSinceDays)}
          </>
        }
      >
        {column.approvals.length === 0 ? (
          <Text color="fg.muted">{TEXT.empty}</Text>
        ) : (
          <Box as="ul" listStyleType="none" aria-label={label}>
            {column.approvals.map((item) => (
              <BoardCard key={item.id} item={item} paid={column.status === 'PAYMENT_COMPLETED'} />
            ))}
          </Box>
        )}
        {more > 0 && (
          <Link asChild color="blue.fg" mt="2" fontSize="sm" display="inline-block">
            <RouterLink
              to={columnListPath(column.status)}
              aria-label={`${TEXT.more(more)}: ${APPROVAL_STATUS_LABELS[column.status]}`}
            >
              {TEXT.more(more)}
            </RouterLink>
          </Link>
        )}
      </SectionCard>
    </Box>
  );
}

function Board({ board }: { board: PaymentsBoard }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4" alignItems="start" data-testid="payments-board">
      {board.columns.map((column) => (
        <BoardColumn key={column.status} column={column} paidSinceDays={board.paidSinceDays} />
      ))}
    </SimpleGrid>
  );
}

/**
 * /approvals/payments (MODERATOR and up, as the bank files): approved payments by where they stand,
 * Approved → File generated → Uploaded → Paid. The board only shows and links: each approval's
 * page has the step it is at (payment progress) and the commands that take the next one.
 */
export function PaymentsBoardPage() {
  const board = usePaymentsBoard();
  return (
    <Stack gap="6">
      <PageHeader
        title={TEXT.title}
        description={TEXT.description}
        breadcrumbs={[{ label: 'Approvals', to: '/approvals' }, { label: TEXT.title }]}
      />
      <RequestState request={board}>{(data) => <Board board={data} />}</RequestState>
    </Stack>
  );
}
