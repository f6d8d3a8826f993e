import { APPROVAL_ORIGIN_LABELS, shortApprovalId, type Approval } from 'shared-contracts';
import { Badge, Button, HStack, PageHeader, PriorityBadge, StatusBadge, Text } from 'shared-ui';
import { ShortcutsHelpButton } from 'shared-ui/dialog';
import { formatDateLong, formatRelative } from 'shared-ui/format';
import type { RecordRequest } from 'shared-ui/record';
import type { DetailDecisions } from './use-detail-decisions';

/**
 * The approval page's header: its number, status, priority, origin and age, and its actions (the
 * keys' help, Refresh, Approve and Reject, Delete).
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
      description={
        <HStack gap="2" wrap="wrap" as="span">
          <StatusBadge status={approval.status} />
          <PriorityBadge priority={approval.priority} />
          <Badge colorPalette={approval.origin === 'MANUAL' ? 'purple' : 'teal'} variant="outline">
            {APPROVAL_ORIGIN_LABELS[approval.origin]}
          </Badge>
          <Text as="span" color="fg.muted" title={formatDateLong(approval.createdAt)}>
            Created {formatRelative(approval.createdAt)} ago
          </Text>
        </HStack>
      }
      actions={
        <HStack gap="2" wrap="wrap">
          <ShortcutsHelpButton onClick={() => decisions.setHelpOpen(true)} />
          <Button
            variant="outline"
            loading={request.isValidating ?? false}
            onClick={() => void request.mutate()}
          >
            Refresh
          </Button>
          {decisionBar && (
            // On a phone the decision stays in reach wherever the page is scrolled: the same buttons,
            // fixed to the bottom of the screen (above the notices' clearance, below the menus).
            <HStack
              data-testid="decision-bar"
              gap="2"
              position={{ base: 'fixed', md: 'static' }}
              insetX={{ base: '0', md: 'auto' }}
              bottom={{ base: '0', md: 'auto' }}
              zIndex={{ base: '30', md: 'auto' }}
              bg={{ base: 'bg', md: 'transparent' }}
              borderTopWidth={{ base: '1px', md: '0' }}
              borderColor="border"
              px={{ base: '4', md: '0' }}
              py={{ base: '3', md: '0' }}
              boxShadow={{ base: 'md', md: 'none' }}
            >
              {!decisions.isCreator && (
                <Button
                  colorPalette="green"
                  flex={{ base: '1', md: 'none' }}
                  onClick={() => decisions.setDialog('approve')}
                >
                  Approve
                </Button>
              )}
              <Button
                colorPalette="red"
                variant="outline"
                flex={{ base: '1', md: 'none' }}
                onClick={() => decisions.setDialog('reject')}
              >
                Reject
              </Button>
            </HStack>
          )}
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
