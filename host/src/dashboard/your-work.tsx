// The dashboard's first card for anyone who decides payments: how many approvals wait for them,
// the five oldest (each opening in the inbox), and the approvals nobody active can decide.
import { Link as RouterLink } from 'react-router-dom';
import useSWR from 'swr';
import { api, useLiveEvents } from 'shared-auth';
import { approvalCompanyLabel, type ApprovalSummary } from 'shared-contracts';
import { Box, Link, SectionCard, Skeleton, Stack, Text } from 'shared-ui';
import { formatRelative, formatUsd } from 'shared-ui/format';
import { useWaitingCount } from './api/get-dashboard-stats';

/** The inbox: where the person decides what waits for them. */
export const INBOX_PATH = '/approvals/inbox';
/** Oldest first: what has waited longest is what to decide first. */
const OLDEST_WAITING = '/api/bill-approval/approvals?view=waiting&sortBy=createdAt&sortOrder=asc&limit=10';
const SHOWN = 5;

function useOldestWaiting() {
  const oldest = useSWR(OLDEST_WAITING, () => api.getPaged<ApprovalSummary>(OLDEST_WAITING));
  const { mutate } = oldest;
  useLiveEvents(['approval'], () => void mutate());
  return oldest;
}

/**
 * The list's room, from the first render: five one-line rows (a line and its padding and border
 * each), so nothing below moves when they arrive, however many there are.
 */
const LIST_HEIGHT = `calc(${SHOWN} * (1.5rem + 0.75rem + 1px))`;

/** 'Waiting for you: 12 · 2 stuck', then the five oldest, each opening in the inbox. */
export function YourWork() {
  const { data: waiting } = useWaitingCount();
  const { data: oldest, isLoading } = useOldestWaiting();
  const rows = oldest?.data.slice(0, SHOWN) ?? [];
  const count =
    waiting === undefined ? '…' : `${waiting.count.toLocaleString('en-US')}${waiting.capped ? '+' : ''}`;
  return (
    <Box data-testid="your-work">
      <SectionCard title="Your work">
        <Stack gap="3">
          <Text fontSize="lg" fontWeight="semibold" truncate>
            <Link asChild color="blue.fg">
              <RouterLink to={INBOX_PATH} data-testid="waiting-for-you">
                Waiting for you: {count}
              </RouterLink>
            </Link>
            {waiting !== undefined && waiting.stuck > 0 && (
              <Text
                as="span"
                color="orange.fg"
                fontSize="sm"
                fontWeight="normal"
                title="Nobody active can approve them: they wait for an admin and a fix to the policy"
                data-testid="stuck-approvals"
              >
                {' '}
                · {waiting.stuck.toLocaleString('en-US')} stuck
              </Text>
            )}
          </Text>
          <Box minH={LIST_HEIGHT}>
            {isLoading ? (
              <Skeleton height={LIST_HEIGHT} />
            ) : rows.length === 0 ? (
              <Text color="fg.muted">Nothing waits for your decision.</Text>
            ) : (
              <Box as="ol" listStyleType="none" aria-label="Waiting longest" data-testid="oldest-waiting">
                {rows.map((approval) => (
                  <Box as="li" key={approval.id} py="1.5" borderTopWidth="1px" borderColor="border" truncate>
                    <Link asChild color="fg" fontWeight="medium">
                      <RouterLink to={`${INBOX_PATH}?selected=${approval.id}`}>
                        {approvalCompanyLabel(approval)} · {formatUsd(approval.billStats.totalAmount)}
                      </RouterLink>
                    </Link>
                    <Text as="span" color="fg.muted" fontSize="sm">
                      {' '}
                      · waiting {formatRelative(approval.createdAt)}
                    </Text>
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        </Stack>
      </SectionCard>
    </Box>
  );
}
