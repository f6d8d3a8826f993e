import { RecordFailurePage, type RecordFailure } from 'shared-ui/record';

/** 'Company Not Found' with the server's message or the standard fallback, and Retry when it can help. */
export function CompanyNotFound({ failure }: { failure: RecordFailure }) {
  return (
    <RecordFailurePage
      header={{
        title: 'Company Not Found',
        breadcrumbs: [{ label: 'Companies', to: '/companies' }, { label: 'Not found' }],
      }}
      title="Company Not Found"
      message={failure.message || 'The requested company could not be found.'}
      onRetry={failure.retry}
      notFound={failure.notFound}
      back={{ label: 'Back to companies', to: '/companies' }}
    />
  );
}
