import { useSession } from 'shared-auth';
import { Card, PageHeader, Stack, Text } from 'shared-ui';

/** /companies — the section's list route. Its table, filters and actions are the section's own issue. */
export function CompanyListPage() {
  const { user } = useSession();
  return (
    <Stack gap="6">
      <PageHeader title="Companies" description="Manage company accounts and their QuickBooks connections" breadcrumbs={[{ label: 'Companies' }]} />
      <Card.Root variant="outline" bg="white" data-testid="section-session">
        <Card.Body>
          <Text fontSize="sm" color="gray.700">
            Signed in as <strong>{user?.email}</strong> ({user?.role}). This section is loaded at run time from its
            own build and shares the console's session and design system.
          </Text>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
