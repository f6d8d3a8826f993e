// SWR keys of the managers section, built in one place so a mutation re-reads exactly what it
// touched: every change re-reads what shows it.
import { mutate } from 'swr';

export interface ManagerListParams {
  search?: string;
  status?: string;
  linked?: string;
  page: number;
  limit: number;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

export const managerKeys = {
  list: (params: ManagerListParams) => ['managers', 'list', params] as const,
  detail: (id: number) => ['managers', 'detail', id] as const,
};

/** Re-reads every manager list (and pickers), and the given manager's detail. */
export function revalidateManagers(id?: number) {
  return mutate(
    (key) =>
      Array.isArray(key) &&
      key[0] === 'managers' &&
      (key[1] === 'list' || key[1] === 'picker' || (id !== undefined && key[2] === id)),
  );
}
