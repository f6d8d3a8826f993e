import { SectionShell } from 'shared-ui';

/** /managers — the section's list route. Its table, filters and actions are the section's own issue. */
export function ManagerListPage() {
  return <SectionShell title="Managers" description="Manage managers and their linked user accounts" />;
}
