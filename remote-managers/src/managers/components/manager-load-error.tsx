import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, isApiError } from 'shared-auth';
import { MANAGER_ERRORS } from 'shared-contracts';
import { Box, Button, ErrorState, PageHeader, Stack } from 'shared-ui';

/**
 * 'Error loading manager: {message}', or 'Manager not found' when there is no such manager
 * (a 404, or an id that is missing or 'undefined'), with Retry when reading again can help.
 */
export function ManagerLoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error?: unknown;
  onRetry?: () => void;
}) {
  const notFound = !error || (isApiError(error) && error.status === 404);
  return (
    <Stack gap="6">
      <PageHeader title={title} breadcrumbs={[{ label: 'Managers', to: '/managers' }, { label: title }]} />
      <ErrorState
        title={notFound ? MANAGER_ERRORS.notFound : 'Error'}
        message={notFound ? MANAGER_ERRORS.notFound : `Error loading manager: ${errorMessage(error)}`}
        onRetry={onRetry}
      />
      <Box>
        <Button asChild variant="outline">
          <RouterLink to="/managers">Back to managers</RouterLink>
        </Button>
      </Box>
    </Stack>
  );
}
