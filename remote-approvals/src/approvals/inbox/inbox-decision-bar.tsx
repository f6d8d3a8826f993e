import { useId } from 'react';
import { INBOX_TEXT } from 'shared-contracts';
import { Button, HStack, Text } from 'shared-ui';
import { DecisionBarFrame } from '../components/decision-bar-frame';
import type { DetailDecisions } from '../components/use-detail-decisions';

/**
 * Approve & next and Reject & next: the approval page's own dialogs (Approve Bills with the bills,
 * the total and Approve focused; Reject with its reason), then the next approval of the queue. A
 * button the viewer cannot use is disabled with the reason beside it (decisionBlock, from the
 * server's viewerDecision). On a phone the bar is fixed to the bottom of the screen, as the approval
 * page's is.
 */
export function InboxDecisionBar({ decisions }: { decisions: DetailDecisions }) {
  const reasonId = useId();
  const { block } = decisions;
  const reason = block.approve ?? block.reject;
  const busy = decisions.decision.busy !== null;
  return (
    <DecisionBarFrame role="group" aria-label={INBOX_TEXT.decisionBar} data-testid="inbox-decision-bar">
      <HStack gap="2" wrap={{ base: 'nowrap', md: 'wrap' }}>
        <Button
          colorPalette="green"
          flex={{ base: '1', md: 'none' }}
          disabled={block.approve !== null || busy}
          aria-describedby={block.approve ? reasonId : undefined}
          aria-keyshortcuts="a"
          onClick={() => decisions.setDialog('approve')}
        >
          {INBOX_TEXT.approveNext}
        </Button>
        <Button
          colorPalette="red"
          variant="outline"
          flex={{ base: '1', md: 'none' }}
          disabled={block.reject !== null || busy}
          aria-describedby={block.reject ? reasonId : undefined}
          aria-keyshortcuts="r"
          onClick={() => decisions.setDialog('reject')}
        >
          {INBOX_TEXT.rejectNext}
        </Button>
        {reason && (
          <Text id={reasonId} textStyle="sm" color="fg.muted" display={{ base: 'none', md: 'block' }}>
            {reason}
          </Text>
        )}
      </HStack>
      {reason && (
        // On a phone the reason goes under the buttons, which take the whole width.
        <Text textStyle="xs" color="fg.muted" mt="2" display={{ md: 'none' }} aria-hidden>
          {reason}
        </Text>
      )}
    </DecisionBarFrame>
  );
}
