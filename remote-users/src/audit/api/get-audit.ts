// GET /api/audit (ADMIN): one page of the activity log, and the people its person filter offers.
import useSWR from 'swr';
import { api } from 'shared-auth';
import { PICKER_LIMIT, type AuditEntry, type AuditQuery, type UserRef } from 'shared-contracts';
import { listResource } from 'shared-ui/table';

/** One page of the audit log, filtered by the server, newest first. */
export const auditList = listResource<AuditEntry, AuditQuery>({
  section: 'audit',
  path: '/api/audit',
  fallbackMessage: 'Failed to fetch the audit log',
  // Read when asked (Refresh), not on every change: rows moving under the reader hide what they read.
  entities: [],
});

/** The streamed CSV of every row the filters match. */
export const AUDIT_EXPORT_PATH = '/api/audit/export';

/** People for the person filter: the first PICKER_LIMIT users by name. */
export function useAuditPeople() {
  return useSWR(['users', 'picker', 'audit-people'], () =>
    api.getPaged<UserRef>('/api/user/users', {
      searchParams: { page: 1, limit: PICKER_LIMIT, sortBy: 'name', sortOrder: 'asc' },
    }),
  );
}

/** One person by id, when the URL names one the picker did not load. */
export function useAuditPerson(id: string) {
  return useSWR(id && /^\d+$/.test(id) ? ['users', 'detail', Number(id)] : null, () =>
    api.get<UserRef>(`/api/user/users/${id}`),
  );
}
