import { Link as RouterLink } from 'react-router-dom';
import { shortApprovalId, type BulkOutcome } from 'shared-contracts';
import { Alert, Box, CloseButton, Link, Stack, Text } from 'shared-ui';

/** What a bulk approve or reject did: how many succeeded, and each failure with its reason. */
export function BulkOutcomeSummary({
  verb,
  outcome,
  onClose,
}: {
  verb: 'approve' | 'reject';
  outcome: BulkOutcome;
  onClose: () => void;
}) {
  const done = verb === 'approve' ? 'approved' : 'rejected';
  const failures = outcome.results.filter((result) => !result.success);
  return (
    <Alert.Root
      status={outcome.failed === 0 ? 'success' : 'warning'}
      role="status"
      aria-label="Bulk action result"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          Bulk {verb}: {outcome.succeeded} {done}, {outcome.failed} not {done}
        </Alert.Title>
        {failures.length > 0 && (
          <Alert.Description>
            <Stack as="ul" gap="1" mt="1" listStyleType="none">
              {failures.map((failure) => (
                <Box as="li" key={failure.id}>
                  {/* An approval still pending (e.g. a possible duplicate that needs a reason) is
                      decided on its page: its id leads there. */}
                  {failure.status === 'PENDING' ? (
                    <Link asChild fontFamily="mono" fontWeight="semibold" color="blue.fg">
                      <RouterLink to={`/approvals/${failure.id}`}>{shortApprovalId(failure.id)}</RouterLink>
                    </Link>
                  ) : (
                    <Text as="span" fontFamily="mono" fontWeight="semibold">
                      {shortApprovalId(failure.id)}
                    </Text>
                  )}
                  : {failure.error}
                  {failure.status ? ` (now ${failure.status.toLowerCase()})` : ''}
                </Box>
              ))}
            </Stack>
          </Alert.Description>
        )}
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss" onClick={onClose} />
    </Alert.Root>
  );
}
