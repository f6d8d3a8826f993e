// The palette's search on the server: each section's list searched at once, a few matches each,
// after a pause in typing; a section that fails says so instead of hiding the others' matches.
import { useEffect, useState } from 'react';
import { api } from 'shared-auth';
import { personName, type ApprovalSummary, type Company, type Manager, type User } from 'shared-contracts';
import { statusBadgeStyle } from 'shared-ui';
import { formatUsd } from 'shared-ui/format';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, SEARCH_PER_GROUP, type PaletteItem } from './palette-model';

export interface Found {
  group: string;
  items: PaletteItem[];
  failed: boolean;
}

const SEARCHES: {
  group: string;
  path: string;
  found: (row: never) => PaletteItem;
}[] = [
  {
    group: 'Approvals',
    path: '/api/bill-approval/approvals',
    found: (approval: ApprovalSummary) => ({
      value: `approval-${approval.id}`,
      label: `#${approval.id.slice(0, 8)} · ${approval.companyName ?? approval.company?.name ?? 'No company'}`,
      detail: `${statusBadgeStyle(approval.status).label} · ${formatUsd(approval.billStats.totalAmount)}`,
      to: `/approvals/${approval.id}`,
    }),
  },
  {
    group: 'Companies',
    path: '/api/company/companies',
    found: (company: Company) => ({
      value: `company-${company.id}`,
      label: company.name,
      detail: company.email ?? '',
      to: `/companies/${company.id}`,
    }),
  },
  {
    group: 'Users',
    path: '/api/user/users',
    found: (user: User) => ({
      value: `user-${user.id}`,
      label: personName(user) || user.email,
      detail: `${user.email} · ${user.role}`,
      to: `/users/${user.id}`,
    }),
  },
  {
    group: 'Managers',
    path: '/api/manager/managers',
    found: (manager: Manager) => ({
      value: `manager-${manager.id}`,
      label: personName(manager),
      detail: manager.email,
      to: `/managers/${manager.id}`,
    }),
  },
];

/** The server's matches for `text`, each section searched at once; a section that fails says so. */
export function useServerSearch(text: string): { found: Found[]; searching: boolean } {
  const [state, setState] = useState<{ text: string; found: Found[] }>({ text: '', found: [] });
  const query = text.trim();
  useEffect(() => {
    if (query.length < SEARCH_MIN_LENGTH) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void Promise.all(
        SEARCHES.map(async ({ group, path, found }) => {
          try {
            const page = await api.getPaged<never>(path, {
              searchParams: { search: query, page: 1, limit: SEARCH_PER_GROUP },
              signal: controller.signal,
            });
            return { group, items: page.data.map(found), failed: false };
          } catch {
            return { group, items: [], failed: true };
          }
        }),
      ).then((found) => {
        if (!controller.signal.aborted) setState({ text: query, found });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  const fresh = state.text === query;
  return { found: fresh ? state.found : [], searching: query.length >= SEARCH_MIN_LENGTH && !fresh };
}
