import { SectionShell } from 'shared-ui';

/** /users — the section's list route. Its table, filters and actions are the section's own issue. */
export function UserListPage() {
  return <SectionShell title="User Management" description="Manage user accounts, roles and access" />;
}
