import { Link as RouterLink } from 'react-router-dom';
import { INBOX_TEXT } from 'shared-contracts';
import { Button, HStack } from 'shared-ui';
import { DECIDED_STATUSES, inboxTabHref, type DecidedStatus, type InboxTab } from './inbox-query';

/** A tab as a link: each view has its own address, so Back and reload keep it. */
function TabLink({ to, active, label }: { to: string; active: boolean; label: string }) {
  return (
    <Button asChild size="sm" variant={active ? 'solid' : 'outline'} colorPalette={active ? 'blue' : 'gray'}>
      <RouterLink to={to} aria-current={active ? 'page' : undefined}>
        {label}
      </RouterLink>
    </Button>
  );
}

/**
 * Waiting for me (n) · All · Decided above the queue, and on Decided its status (Approved or
 * Rejected: the list filters one status at a time). `waiting` is the queue's count, once read.
 */
export function InboxTabs({
  tab,
  status,
  waiting,
}: {
  tab: InboxTab;
  status: DecidedStatus;
  waiting: { count: number; capped: boolean } | undefined;
}) {
  const waitingLabel = waiting
    ? INBOX_TEXT.waitingCount(waiting.count, waiting.capped)
    : INBOX_TEXT.tabs.waiting;
  return (
    <>
      <HStack as="nav" aria-label={INBOX_TEXT.tabs.label} gap="2" wrap="wrap">
        <TabLink to={inboxTabHref('waiting')} active={tab === 'waiting'} label={waitingLabel} />
        <TabLink to={inboxTabHref('all')} active={tab === 'all'} label={INBOX_TEXT.tabs.all} />
        <TabLink to={inboxTabHref('decided')} active={tab === 'decided'} label={INBOX_TEXT.tabs.decided} />
      </HStack>
      {tab === 'decided' && (
        <HStack as="nav" aria-label={INBOX_TEXT.decidedStatus.label} gap="2" wrap="wrap">
          {DECIDED_STATUSES.map((choice) => (
            <TabLink
              key={choice}
              to={inboxTabHref('decided', choice)}
              active={status === choice}
              label={
                choice === 'APPROVED' ? INBOX_TEXT.decidedStatus.approved : INBOX_TEXT.decidedStatus.rejected
              }
            />
          ))}
        </HStack>
      )}
    </>
  );
}
