import { Card, Stack, Text } from '@chakra-ui/react';
import { useSession } from 'shared-auth';
import { PageHeader } from './page-header';

/**
 * The list route of a section whose screens are not built yet: its title and breadcrumb, and proof that
 * it runs on the console's session and design system. Replaced by each section's real list.
 * @example <SectionShell title="User Management" description="Manage user accounts, roles and access" />
 */
export function SectionShell({ title, description }: { title: string; description: string }) {
  const { user } = useSession();
  return (
    <Stack gap="6">
      <PageHeader title={title} description={description} breadcrumbs={[{ label: title }]} />
      <Card.Root variant="outline" bg="bg" data-testid="section-session">
        <Card.Body>
          <Text fontSize="sm" color="fg">
            Signed in as <strong>{user?.email}</strong> ({user?.role}). This section is loaded at run time
            from its own build and shares the console's session and design system.
          </Text>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
