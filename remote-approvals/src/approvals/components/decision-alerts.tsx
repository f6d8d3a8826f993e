import { APPROVAL_ERRORS } from 'shared-contracts';
import { Alert } from 'shared-ui';

/**
 * Why this reviewer cannot decide a pending approval, or cannot approve it: said above the page
 * rather than leaving the buttons out without a word.
 */
export function DecisionAlerts({
  pending,
  reviewer,
  canDecide,
  isCreator,
}: {
  pending: boolean;
  /** The signed-in person's role reviews approvals (the section's decideRole). */
  reviewer: boolean;
  canDecide: boolean;
  isCreator: boolean;
}) {
  return (
    <>
      {pending && reviewer && !canDecide && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>You cannot decide this request</Alert.Title>
            <Alert.Description>{APPROVAL_ERRORS.mayNotDecide}.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {pending && canDecide && isCreator && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>You cannot approve this request</Alert.Title>
            <Alert.Description>
              You created this approval, so someone else must approve it (segregation of duties). You can
              still reject it.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </>
  );
}
