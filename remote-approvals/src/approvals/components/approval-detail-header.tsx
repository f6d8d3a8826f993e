import { useId, useMemo } from 'react';
import {
  APPROVAL_LIST_TEXT,
  APPROVAL_ORIGIN_LABELS,
  parseBills,
  shortApprovalId,
  type Approval,
} from 'shared-contracts';
import { Badge, Button, HStack, PageHeader, PriorityBadge, StatusBadge, Text } from 'shared-ui';
import { ShortcutsHelpButton } from 'shared-ui/dialog';
import { formatDateLong, formatRelative } from 'shared-ui/format';
import type { RecordRequest } from 'shared-ui/record';
import { approvalHeadline, waitingStepLabel } from '../approval-headline';
import { DecisionBarFrame } from './decision-bar-frame';
import { NextPaymentAction, PaymentStepper } from './payment-progress';
import type { DetailDecisions } from './use-detail-decisions';

/**
 * The approval page's header: its number, then what is decided in one line (vendors, total, bills,
 * first due date), the step it waits for and a possible-duplicate mark, its status, priority, origin
 * and age, and its actions (the keys' help, Refresh, Approve and Reject, Delete) beside them.
 */
export function ApprovalDetailHeader({
  approval,
  request,
  decisionBar,
  decisions,
}: {
  approval: Approval;
  /** The approval's request: Refresh reads it again and spins while it does. */
  request: RecordRequest<Approval>;
  /** Approve and Reject are offered (on a phone, fixed to the bottom of the screen). */
  decisionBar: boolean;
  decisions: DetailDecisions;
}) {
  const short = shortApprovalId(approval.id);
  return (
    <PageHeader
      title={`Approval #${short}`}
      breadcrumbs={[{ label: 'Approvals', to: '/approvals' }, { label: `#${short}` }]}
      description={<ApprovalSummaryLines approval={approval} />}
      actions={
        <HStack gap="2" wrap="wrap">
          <NextPaymentAction approval={approval} />
          <ShortcutsHelpButton onClick={() => decisions.setHelpOpen(true)} />
          <Button
            variant="outline"
            loading={request.isValidating ?? false}
            onClick={() => void request.mutate()}
          >
            Refresh
          </Button>
          {decisionBar && <DetailDecisionBar decisions={decisions} />}
          {decisions.mayDelete && (
            <Button colorPalette="red" variant="ghost" onClick={() => decisions.setDialog('delete')}>
              Delete
            </Button>
          )}
        </HStack>
      }
    />
  );
}

/**
 * Approve and Reject (decisionBlock: one rule for every decision button). A decision the viewer
 * cannot take is shown disabled with the reason in words under it, not only in a tooltip (a phone
 * has none): their own request, a step they approved already, a step that waits for others. On a
 * phone the decision stays in reach wherever the page is scrolled: the same buttons, fixed to the
 * bottom of the screen (above the notices' clearance, below the menus).
 */
function DetailDecisionBar({ decisions }: { decisions: DetailDecisions }) {
  const reasonId = useId();
  const { block } = decisions;
  const reason = block.approve ?? block.reject;
  return (
    <DecisionBarFrame data-testid="decision-bar">
      <HStack gap="2">
        <Button
          colorPalette="green"
          flex={{ base: '1', md: 'none' }}
          disabled={block.approve !== null}
          aria-describedby={block.approve ? reasonId : undefined}
          onClick={() => decisions.setDialog('approve')}
        >
          Approve
        </Button>
        <Button
          colorPalette="red"
          variant="outline"
          flex={{ base: '1', md: 'none' }}
          disabled={block.reject !== null}
          aria-describedby={block.reject ? reasonId : undefined}
          onClick={() => decisions.setDialog('reject')}
        >
          Reject
        </Button>
      </HStack>
      {reason && (
        <Text
          id={reasonId}
          data-testid="decision-reason"
          textStyle="xs"
          color="fg.muted"
          mt={{ base: '2', md: '1' }}
          maxW={{ md: '18rem' }}
        >
          {reason}
        </Text>
      )}
    </DecisionBarFrame>
  );
}

/**
 * What is decided, in the lines under the approval's number: the amount-first headline (vendors,
 * total, bills, first due date), the step it waits for and a possible-duplicate mark, its status,
 * priority, origin and age, and where its payment is. Spans, as it sits in a paragraph: the page's
 * header and the inbox's pane show it alike.
 */
export function ApprovalSummaryLines({ approval }: { approval: Approval }) {
  const headline = useMemo(() => approvalHeadline(approval, parseBills(approval.bills)), [approval]);
  const step = waitingStepLabel(approval);
  const duplicates = approval.duplicates?.length ?? 0;
  return (
    <>
      <Text
        as="span"
        display="block"
        color="fg"
        fontSize={{ base: 'lg', md: 'xl' }}
        fontWeight="semibold"
        data-testid="approval-headline"
      >
        {headline}
      </Text>
      {(step || duplicates > 0) && (
        <HStack as="span" gap="2" wrap="wrap" mt="1">
          {step && (
            <Text as="span" color="fg" data-testid="approval-step">
              {step}
            </Text>
          )}
          {duplicates > 0 && (
            <Badge colorPalette="orange" variant="solid">
              {APPROVAL_LIST_TEXT.possibleDuplicate}
            </Badge>
          )}
        </HStack>
      )}
      <HStack gap="2" wrap="wrap" as="span" mt="2">
        <StatusBadge status={approval.status} />
        <PriorityBadge priority={approval.priority} />
        <Badge colorPalette={approval.origin === 'MANUAL' ? 'purple' : 'teal'} variant="outline">
          {APPROVAL_ORIGIN_LABELS[approval.origin]}
        </Badge>
        <Text as="span" color="fg.muted" title={formatDateLong(approval.createdAt)}>
          Created {formatRelative(approval.createdAt)} ago
        </Text>
      </HStack>
      <PaymentStepper approval={approval} />
    </>
  );
}
