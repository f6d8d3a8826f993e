import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, ErrorState, PageHeader, Stack } from 'shared-ui';

/** 'Company Not Found' with the server's message or the standard fallback. */
export function CompanyNotFound({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <Stack gap="6">
      <PageHeader
        title="Company Not Found"
        breadcrumbs={[{ label: 'Companies', to: '/companies' }, { label: 'Not found' }]}
      />
      <ErrorState
        title="Company Not Found"
        message={message || 'The requested company could not be found.'}
        onRetry={onRetry}
      />
      <Box>
        <Button asChild variant="outline">
          <RouterLink to="/companies">Back to companies</RouterLink>
        </Button>
      </Box>
    </Stack>
  );
}
