import { RecordFailurePage, type RecordFailure } from 'shared-ui/record';

/**
 * 'Error loading user: {message}', or 'User not found' when the read answered nothing, with Retry
 * when reading again can help; `invalidIdMessage` words an id that is not one (the detail page).
 */
export function UserLoadError({
  failure,
  invalidIdMessage,
}: {
  failure: RecordFailure;
  invalidIdMessage?: string;
}) {
  const message =
    failure.invalidId && invalidIdMessage
      ? invalidIdMessage
      : failure.message
        ? `Error loading user: ${failure.message}`
        : 'User not found';
  return <RecordFailurePage message={message} onRetry={failure.retry} />;
}
