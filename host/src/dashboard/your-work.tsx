// The dashboard's first card for anyone who decides payments: what waits for them (how many, for
// how much, the five oldest, each opening in the inbox), the bills past due and the approved
// payments whose bank file could not be written. One answer: the `yourWork` of GET /api/dashboard/stats.
import { Link as RouterLink } from 'react-router-dom';
import { YOUR_WORK_TEXT, type YourWork as Work } from 'shared-contracts';
import { Box, Link, SectionCard, Skeleton, Stack, Text } from 'shared-ui';
import { formatRelative } from 'shared-ui/format';
import { useDashboardStats } from './api/get-dashboard-stats';
import { INBOX_PATH, inboxPathOf, itemLabel, overdueLine, waitingLine } from './your-work-model';

export { INBOX_PATH } from './your-work-model';

const TEXT = YOUR_WORK_TEXT;
const SHOWN = 5;

/** One line and its padding and border: a row of the list, and each line below it. */
const ROW = '(1.5rem + 0.75rem + 1px)';
/**
 * The card's room, from the first render: five rows, then the overdue and bank-file lines, so
 * nothing below moves when the figures arrive, however many there are.
 */
const LIST_HEIGHT = `calc(${SHOWN} * ${ROW})`;
const LINES_HEIGHT = `calc(2 * ${ROW})`;

function OldestWaiting({ work }: { work: Work }) {
  if (work.oldest.length === 0) return <Text color="fg.muted">{TEXT.nothingWaiting}</Text>;
  return (
    <Box as="ol" listStyleType="none" aria-label={TEXT.oldestLabel} data-testid="oldest-waiting">
      {work.oldest.slice(0, SHOWN).map((item) => (
        <Box as="li" key={item.id} py="1.5" borderTopWidth="1px" borderColor="border" truncate>
          <Link asChild color="fg" fontWeight="medium">
            <RouterLink to={inboxPathOf(item.id)}>{itemLabel(item)}</RouterLink>
          </Link>
          <Text as="span" color="fg.muted" fontSize="sm">
            {item.companyName && item.vendorName ? ` · ${item.companyName}` : ''} ·{' '}
            {TEXT.waitingAge(formatRelative(item.since))}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Bills past due (to the inbox: the list has no due-date filter) and the approved payments without
 * a bank file: how many, and the oldest with what its generation says is missing, opening its page.
 */
function PaymentLines({ work }: { work: Work }) {
  const stuck = work.stuckPayments;
  const oldest = stuck.approvals[0];
  return (
    <Stack gap="0">
      <Box py="1.5" borderTopWidth="1px" borderColor="border" truncate data-testid="overdue-bills">
        {work.overdue.bills === 0 ? (
          <Text as="span" color="fg.muted">
            {overdueLine(work.overdue)}
          </Text>
        ) : (
          <Link asChild color="orange.fg" fontWeight="medium" title={TEXT.overdueHint}>
            <RouterLink to={INBOX_PATH}>{overdueLine(work.overdue)}</RouterLink>
          </Link>
        )}
      </Box>
      <Box py="1.5" borderTopWidth="1px" borderColor="border" truncate data-testid="stuck-payments">
        {oldest ? (
          <>
            {/* The count opens the oldest of them, so the link stays in view when the line is cut on a phone. */}
            <Link asChild color="orange.fg" fontWeight="medium" title={oldest.reason}>
              <RouterLink to={`/approvals/${oldest.id}`}>{TEXT.stuckPayments(stuck.count)}</RouterLink>
            </Link>
            <Text as="span" color="fg.muted" fontSize="sm" title={oldest.reason}>
              {' · '}
              {itemLabel(oldest)}: {oldest.reason}
            </Text>
          </>
        ) : (
          <Text as="span" color="fg.muted">
            {TEXT.noStuckPayments}
          </Text>
        )}
      </Box>
    </Stack>
  );
}

/** 'Waiting for you: 12 · $3,400.00 · 2 stuck', the five oldest, then bills overdue and files missing. */
export function YourWork() {
  const { data } = useDashboardStats();
  const work = data?.stats.yourWork;
  return (
    <Box data-testid="your-work">
      <SectionCard title={TEXT.title}>
        <Stack gap="3">
          <Text fontSize="lg" fontWeight="semibold" truncate>
            <Link asChild color="blue.fg">
              <RouterLink to={INBOX_PATH} data-testid="waiting-for-you">
                {waitingLine(work)}
              </RouterLink>
            </Link>
            {work && work.escalated > 0 && (
              <Text
                as="span"
                color="orange.fg"
                fontSize="sm"
                fontWeight="normal"
                title={TEXT.stuckEscalatedHint}
                data-testid="stuck-approvals"
              >
                {' '}
                · {TEXT.stuckEscalated(work.escalated)}
              </Text>
            )}
          </Text>
          <Box minH={`calc(${LIST_HEIGHT} + ${LINES_HEIGHT})`}>
            {!data ? (
              <Skeleton height={`calc(${LIST_HEIGHT} + ${LINES_HEIGHT})`} />
            ) : !work ? (
              // The stats could not be read: the figures below the card say so.
              <Text color="fg.muted">…</Text>
            ) : (
              <Stack gap="0">
                <Box minH={LIST_HEIGHT}>
                  <OldestWaiting work={work} />
                </Box>
                <PaymentLines work={work} />
              </Stack>
            )}
          </Box>
        </Stack>
      </SectionCard>
    </Box>
  );
}
