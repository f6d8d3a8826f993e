import { RecordFailurePage, type RecordFailure } from 'shared-ui/record';

/**
 * 'Error loading user: {message}', with Retry, when the read failed; 'User not found', with the path
 * asked for and no Retry, when there is no such user (a 404, or a path like /users/overview whose id
 * is not one).
 */
export function UserLoadError({ failure }: { failure: RecordFailure }) {
  const message =
    failure.notFound || !failure.message ? 'User not found' : `Error loading user: ${failure.message}`;
  return (
    <RecordFailurePage
      header={{ title: 'User', breadcrumbs: [{ label: 'Users', to: '/users' }, { label: 'Not found' }] }}
      message={message}
      onRetry={failure.retry}
      notFound={failure.notFound}
      back={{ label: 'Back to users', to: '/users' }}
    />
  );
}
