// The change of a company's approval policy that waits for a second person: what it changes, who
// proposed it and when, who must confirm it, and Confirm / Discard for those who may.
import { useState } from 'react';
import { useCanAdminister, useSession } from 'shared-auth';
import { POLICY_CHANGE_MESSAGES, type ApprovalPolicy, type PendingPolicyChange } from 'shared-contracts';
import { Alert, Button, HStack, Stack, Text } from 'shared-ui';
import { ActionDialog } from 'shared-ui/dialog';
import { formatDateLong } from 'shared-ui/format';
import { confirmPolicyChange, discardPolicyChange } from '../api/approval-policy-mutations';

/** What the company follows until the change is confirmed, in words. */
const inForce = (policy: ApprovalPolicy) =>
  policy.version === 0 ? 'the default policy' : `version ${policy.version}`;

export function PendingPolicyChangePanel({
  companyId,
  policy,
  pending,
}: {
  companyId: number;
  policy: ApprovalPolicy;
  pending: PendingPolicyChange;
}) {
  const isAdmin = useCanAdminister('companies');
  const { user: me } = useSession();
  const isAuthor = me?.id === pending.proposedById;
  const mayConfirm = isAdmin && !isAuthor;
  const mayDiscard = isAdmin || isAuthor;
  const [dialog, setDialog] = useState<'confirm' | 'discard' | null>(null);
  return (
    <>
      <Alert.Root status="warning" role="region" aria-label="Change waiting for confirmation">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Change waiting for confirmation</Alert.Title>
          <Alert.Description>
            <Stack gap="2" mt="1">
              <Text>
                Proposed by {pending.proposedBy} on {formatDateLong(pending.proposedAt)}. An ADMIN other than{' '}
                {pending.proposedBy} must confirm it; until then the company follows {inForce(policy)}.
              </Text>
              <Stack gap="1">
                <Text fontWeight="semibold">What changes</Text>
                <Stack as="ul" gap="0.5" m="0" pl="5" data-testid="pending-changes">
                  {(pending.changes.length > 0
                    ? pending.changes
                    : ['Nothing: the change is the policy the company follows now']
                  ).map((line) => (
                    <Text as="li" key={line}>
                      {line}
                    </Text>
                  ))}
                </Stack>
              </Stack>
              <Stack gap="1">
                <Text fontWeight="semibold">
                  The policy once confirmed (escalation after {pending.escalationHours} hours)
                </Text>
                <Stack as="ul" gap="0.5" m="0" pl="5" data-testid="pending-summary">
                  {pending.summary.map((line, i) => (
                    <Text as="li" key={`${i}-${line}`}>
                      {line}
                    </Text>
                  ))}
                </Stack>
              </Stack>
              {isAuthor && <Text fontWeight="medium">Waiting for another ADMIN to confirm</Text>}
              {(mayConfirm || mayDiscard) && (
                <HStack gap="2" flexWrap="wrap">
                  {mayConfirm && (
                    <Button size="sm" colorPalette="blue" onClick={() => setDialog('confirm')}>
                      Confirm change
                    </Button>
                  )}
                  {mayDiscard && (
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => setDialog('discard')}
                    >
                      Discard change
                    </Button>
                  )}
                </HStack>
              )}
            </Stack>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <ActionDialog
        open={dialog === 'confirm'}
        onOpenChange={(open) => setDialog(open ? 'confirm' : null)}
        title="Confirm policy change"
        description={`Confirm the change ${pending.proposedBy} proposed? Approvals created from now on follow it; approvals already waiting keep the version they started with.`}
        confirmLabel="Confirm change"
        pendingLabel="Confirming..."
        action={() => confirmPolicyChange(companyId, pending.id)}
        successMessage={POLICY_CHANGE_MESSAGES.confirmed}
      />
      <ActionDialog
        open={dialog === 'discard'}
        onOpenChange={(open) => setDialog(open ? 'discard' : null)}
        title="Discard policy change"
        description={`Discard the change ${isAuthor ? 'you' : pending.proposedBy} proposed? The company keeps ${inForce(policy)}.`}
        confirmLabel="Discard change"
        pendingLabel="Discarding..."
        destructive
        action={() => discardPolicyChange(companyId, pending.id)}
        successMessage={POLICY_CHANGE_MESSAGES.discarded}
      />
    </>
  );
}
