import { SectionShell } from 'shared-ui';

/** /approvals — the section's list route. Its table, filters and actions are the section's own issue. */
export function ApprovalListPage() {
  return (
    <SectionShell title="Bill Approvals" description="Review, approve and reject bill approval requests" />
  );
}
