import { APPROVAL_ERRORS } from 'shared-contracts';
import { Alert } from 'shared-ui';

/**
 * Why this reviewer cannot decide a pending approval at all (their account may not decide payments
 * yet): said above the page rather than leaving the buttons out without a word. Why they cannot
 * approve one (their own request, a step they approved already, a step that waits for others) is
 * said under the disabled Approve itself.
 */
export function DecisionAlerts({
  pending,
  reviewer,
  canDecide,
}: {
  pending: boolean;
  /** The signed-in person's role reviews approvals (the section's decideRole). */
  reviewer: boolean;
  canDecide: boolean;
}) {
  if (!pending || !reviewer || canDecide) return null;
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>You cannot decide this request</Alert.Title>
        <Alert.Description>{APPROVAL_ERRORS.mayNotDecide}.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
