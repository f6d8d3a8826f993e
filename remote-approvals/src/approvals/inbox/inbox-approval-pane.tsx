import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, isApiError } from 'shared-auth';
import { APPROVAL_ERRORS, INBOX_TEXT, parseBills, shortApprovalId, type Approval } from 'shared-contracts';
import { Box, Button, ErrorState, Heading, HStack, Link, LoadingState, Stack, Text } from 'shared-ui';
import { useApproval } from '../api/get-approval';
import { ApprovalDetailBody } from '../components/approval-detail-body';
import { ApprovalDetailDialogs } from '../components/approval-detail-dialogs';
import { ApprovalSummaryLines } from '../components/approval-detail-header';
import { NextPaymentAction } from '../components/payment-progress';
import { useDetailDecisions } from '../components/use-detail-decisions';
import { REJECT_PROMPT } from '../approval-options';
import { INBOX_SHORTCUTS } from '../keyboard-shortcuts';
import { InboxDecisionBar } from './inbox-decision-bar';

/** The approval shown, as its page shows it, with the decision bar above its cards. */
function InboxApproval({ approval, onDecided }: { approval: Approval; onDecided: (id: string) => void }) {
  const decisions = useDetailDecisions(approval, { onDecided: () => onDecided(approval.id) });
  const bills = parseBills(approval.bills);
  const short = shortApprovalId(approval.id);
  const fullPage = `/approvals/${approval.id}`;
  return (
    // Room under the last card for the phone's fixed decision bar.
    <Stack gap="6" pb={{ base: '28', md: '0' }}>
      <Box as="section" aria-labelledby="inbox-approval-title">
        <HStack justify="space-between" gap="3" wrap="wrap" align="start">
          <Heading as="h2" size="xl" id="inbox-approval-title">
            <Link asChild color="fg">
              <RouterLink to={fullPage}>Approval #{short}</RouterLink>
            </Link>
          </Heading>
          <HStack gap="2" wrap="wrap">
            {/* A decided approval's next payment step, as its page's header offers it. */}
            <NextPaymentAction approval={approval} size="sm" />
            <Button asChild size="sm" variant="outline" aria-keyshortcuts="Enter">
              <RouterLink to={fullPage}>{INBOX_TEXT.openPage}</RouterLink>
            </Button>
          </HStack>
        </HStack>
        <Text color="fg.muted" mt="1">
          <ApprovalSummaryLines approval={approval} />
        </Text>
      </Box>
      <InboxDecisionBar decisions={decisions} />
      <ApprovalDetailBody approval={approval} bills={bills} decisions={decisions} twoColumnsFrom="2xl" />
      <ApprovalDetailDialogs
        approval={approval}
        bills={bills}
        decisions={decisions}
        shortcuts={INBOX_SHORTCUTS}
        // A decision from the queue, as from the list's rows: the list's question.
        rejectPrompt={REJECT_PROMPT}
      />
    </Stack>
  );
}

/**
 * The right pane: the selected approval read as its page reads it (live, re-read while pending),
 * its own state per approval, so a dialog or a typed reason never carries over to the next one.
 */
export function InboxApprovalPane({ id, onDecided }: { id: string; onDecided: (id: string) => void }) {
  const request = useApproval(id);
  if (request.error && !request.data) {
    const notFound = isApiError(request.error) && request.error.status === 404;
    return (
      <ErrorState
        message={notFound ? APPROVAL_ERRORS.notFound : INBOX_TEXT.loadFailed(errorMessage(request.error))}
        onRetry={() => void request.mutate()}
      />
    );
  }
  if (!request.data || request.data.id !== id) return <LoadingState />;
  return <InboxApproval key={id} approval={request.data} onDecided={onDecided} />;
}
