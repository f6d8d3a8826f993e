import { MANAGER_ERRORS } from 'shared-contracts';
import { RecordFailurePage, type RecordFailure } from 'shared-ui/record';

/**
 * 'Error loading manager: {message}', or 'Manager not found' when there is no such manager (a 404, or
 * an id that is missing or 'undefined'), with Retry when reading again can help.
 */
export function ManagerLoadError({ title, failure }: { title: string; failure: RecordFailure }) {
  return (
    <RecordFailurePage
      header={{ title, breadcrumbs: [{ label: 'Managers', to: '/managers' }, { label: title }] }}
      title={failure.notFound ? MANAGER_ERRORS.notFound : 'Error'}
      message={failure.notFound ? MANAGER_ERRORS.notFound : `Error loading manager: ${failure.message}`}
      onRetry={failure.retry}
      notFound={failure.notFound}
      back={{ label: 'Back to managers', to: '/managers' }}
    />
  );
}
