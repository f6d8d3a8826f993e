// SWR keys of the managers section, built in one place so a mutation re-reads exactly what it
// touched (every write re-reads the lists, the pickers and the manager it changed).
import type { Manager, ManagerListQuery } from 'shared-contracts';
import { listResource } from 'shared-ui/table';

/** GET /api/manager/managers: one page, filtered and sorted by the server. */
export const managerList = listResource<Manager, ManagerListQuery>({
  section: 'managers',
  path: '/api/manager/managers',
  fallbackMessage: 'Failed to fetch managers',
  related: ['picker'],
});

export const managerKeys = {
  list: managerList.key,
  detail: (id: number) => ['managers', 'detail', id] as const,
};

/** Re-reads every manager list (and pickers), and the given manager's detail. */
export const revalidateManagers = managerList.revalidate;
