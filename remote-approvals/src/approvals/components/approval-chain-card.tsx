import { peopleText, stepProgressLabel, type Approval, type ApprovalChain } from 'shared-contracts';
import { Badge, HStack, SectionCard, Stack, Text } from 'shared-ui';
import { formatDateLong } from 'shared-ui/format';
import { useApprovalChain } from '../api/get-approval';

const STATE_TEXT: Record<ApprovalChain['steps'][number]['state'], string> = {
  WAITING: 'Not yet',
  OPEN: 'Waiting',
  DONE: 'Approved',
  CLOSED: 'Closed',
};

/**
 * The approval's policy chain, above the timeline: each step with who decided it and when ('X for
 * Y' for a delegate), and who the open step waits for now. Re-read whenever the approval changes.
 */
export function ApprovalChainCard({ approval }: { approval: Approval }) {
  const chain = useApprovalChain(approval.id, approval.updatedAt);
  const data = chain.data;
  return (
    <SectionCard
      title="Approval steps"
      description={
        data
          ? `Policy version ${data.policyVersion}${data.policyRule ? `, rule ${data.policyRule}` : ''}`
          : undefined
      }
    >
      {!data ? (
        <Text color="fg.muted">{chain.error ? 'The approval steps could not be loaded' : 'Loading…'}</Text>
      ) : (
        <Stack gap="3">
          {/* Outside the list: an <ol> holds only its steps. */}
          {data.stuck && (
            <Badge colorPalette="red" alignSelf="start" whiteSpace="normal">
              Stuck: nobody it names can approve it; escalated to the ADMINs
            </Badge>
          )}
          <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" aria-label="Approval steps">
            {data.steps.map((step) => (
              <Stack as="li" key={step.position} gap="1">
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="semibold">
                    {stepProgressLabel(step.position, data.steps.length, step.label)}
                  </Text>
                  <Badge
                    colorPalette={step.state === 'DONE' ? 'green' : step.state === 'OPEN' ? 'orange' : 'gray'}
                  >
                    {STATE_TEXT[step.state]}
                  </Badge>
                </HStack>
                {step.decisions.map((decision) => (
                  <Text key={`${decision.userId}-${decision.decidedAt}`} textStyle="sm">
                    {decision.onBehalfOfName
                      ? `${decision.userName ?? 'A deleted user'} for ${decision.onBehalfOfName}`
                      : (decision.userName ?? 'A deleted user')}
                    , {formatDateLong(decision.decidedAt)}
                  </Text>
                ))}
                {step.state === 'OPEN' && (
                  <Text textStyle="sm" color="fg.muted">
                    {step.waitingFor.length > 0
                      ? `Waiting for ${peopleText(step.waitingFor, step.waitingForCount)}`
                      : 'Nobody active can approve this step'}
                  </Text>
                )}
              </Stack>
            ))}
          </Stack>
        </Stack>
      )}
    </SectionCard>
  );
}
