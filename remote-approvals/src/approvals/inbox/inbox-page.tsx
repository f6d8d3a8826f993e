import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { INBOX_TEXT, PAGE_SIZE, type ApprovalSummary } from 'shared-contracts';
import { Box, Button, Grid, PageHeader, PHONE_QUERY, Stack, useMediaQuery } from 'shared-ui';
import { ShortcutsHelpButton, ShortcutsHelpDialog } from 'shared-ui/dialog';
import { HELP_KEYS, useShortcuts } from 'shared-ui/keyboard';
import { useListController } from 'shared-ui/table';
import { approvalList } from '../api/keys';
import { INBOX_SHORTCUTS } from '../keyboard-shortcuts';
import { InboxApprovalPane } from './inbox-approval-pane';
import {
  decidedStatus,
  INBOX_FILTERS,
  inboxList,
  InboxQuerySchema,
  inboxTab,
  type InboxQuery,
} from './inbox-query';
import { InboxQueue } from './inbox-queue';
import { InboxTabs } from './inbox-tabs';
import { useInboxSelection } from './use-inbox-selection';

/** The first page of the reviewer's queue as the Waiting tab asks for it (the same request, read once). */
const WAITING_FIRST_PAGE = {
  view: 'waiting',
  page: 1,
  limit: PAGE_SIZE,
  sortBy: 'createdAt',
  sortOrder: 'desc',
} as const;

/**
 * /approvals/inbox: the approver's split view. The queue (Waiting for me by default, All, Decided)
 * on the left, the selected approval on the right with Approve & next and Reject & next; j / k move
 * through the queue, a / r decide, Enter opens the full page. On a phone the queue and the approval
 * are two screens.
 */
export function InboxPage() {
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_QUERY);
  const list = useListController<ApprovalSummary, InboxQuery>({
    resource: inboxList,
    schema: InboxQuerySchema,
    filters: INBOX_FILTERS,
  });
  const tab = inboxTab(list.values.tab);
  const waiting = approvalList.usePage(WAITING_FIRST_PAGE).data?.pagination;
  const ids = list.rows.map((row) => row.id);
  const selection = useInboxSelection(ids, !phone, `${tab}:${list.values.status ?? ''}:${list.page}`);
  const { shownId } = selection;
  const [helpOpen, setHelpOpen] = useState(false);

  // The list's keys over the queue; a and r come with the approval shown (its page's own hook), and
  // so does '?' while one is shown (its help lists these keys too).
  useShortcuts({
    j: () => selection.move(1),
    ArrowDown: () => selection.move(1),
    k: () => selection.move(-1),
    ArrowUp: () => selection.move(-1),
    Enter: () => (shownId ? void navigate(`/approvals/${shownId}`) : false),
    ...(shownId ? {} : Object.fromEntries(HELP_KEYS.map((keys) => [keys, () => setHelpOpen(true)]))),
  });

  // On a phone the approval is a screen of its own, with the way back to the queue.
  const approvalScreen = phone && shownId !== null;
  return (
    <Box>
      <PageHeader
        title={INBOX_TEXT.title}
        // A phone's approval screen keeps its height for the approval; its keys need a keyboard.
        description={approvalScreen ? undefined : INBOX_TEXT.description}
        breadcrumbs={[{ label: 'Approvals', to: '/approvals' }, { label: INBOX_TEXT.crumb }]}
        actions={phone ? undefined : <ShortcutsHelpButton onClick={() => setHelpOpen(true)} />}
      />
      <Grid
        templateColumns={{
          base: '1fr',
          md: shownId ? '18rem minmax(0, 1fr)' : '1fr',
          xl: shownId ? '22rem minmax(0, 1fr)' : '1fr',
        }}
        gap="6"
        alignItems="start"
      >
        <Stack
          gap="3"
          display={approvalScreen ? 'none' : 'flex'}
          // The queue stays in view as the approval scrolls, under the phone-and-tablet header.
          position={{ md: 'sticky' }}
          top={{ md: '18', lg: '4' }}
          maxH={{ md: 'calc(100dvh - 5.5rem)', lg: 'calc(100dvh - 2rem)' }}
          overflowY={{ md: 'auto' }}
          p={{ md: '1' }}
        >
          <InboxTabs
            tab={tab}
            status={decidedStatus(list.values.status)}
            waiting={waiting && { count: waiting.total, capped: waiting.totalCapped === true }}
          />
          <InboxQueue list={list} tab={tab} shownId={shownId} hrefFor={selection.hrefFor} />
        </Stack>
        {shownId && (
          <Stack gap="4" minW="0">
            {phone && (
              <Box>
                <Button asChild size="sm" variant="outline">
                  <RouterLink to={selection.hrefFor(null)}>← {INBOX_TEXT.backToQueue}</RouterLink>
                </Button>
              </Box>
            )}
            <InboxApprovalPane id={shownId} onDecided={selection.afterDecision} />
          </Stack>
        )}
      </Grid>
      <ShortcutsHelpDialog open={helpOpen} onOpenChange={setHelpOpen} groups={INBOX_SHORTCUTS} />
    </Box>
  );
}
