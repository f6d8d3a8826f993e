// Manager writes. Each re-reads the lists and the manager it touched, after a refused write too.
import { mutate } from 'swr';
import { api } from 'shared-auth';
import type { Manager, ManagerFormOutput, ManagerUpdateInput } from 'shared-contracts';
import { bulkEach, type RowId } from 'shared-ui/table';
import { managerKeys, managerList, revalidateManagers } from './keys';

const { andRevalidate } = managerList;

/** POST /api/manager/managers; the answer has the new id. */
export function createManager(payload: ManagerFormOutput) {
  return andRevalidate(api.post<Manager>('/api/manager/managers', payload));
}

/** PUT /api/manager/managers/{id} with the whole form (userId null unlinks). */
export function updateManager(id: number, payload: ManagerUpdateInput) {
  return andRevalidate(api.put<Manager>(`/api/manager/managers/${id}`, payload), id);
}

/** PUT …/link-user. */
export function linkUser(id: number, userId: number) {
  return andRevalidate(api.put<Manager>(`/api/manager/managers/${id}/link-user`, { userId }), id);
}

/** PUT …/unlink-user. */
export function unlinkUser(id: number) {
  return andRevalidate(api.put<Manager>(`/api/manager/managers/${id}/unlink-user`), id);
}

/** DELETE /api/manager/managers/{id}; drops the cached detail instead of re-reading a 404. */
export async function deleteManager(id: number) {
  await api.delete<null>(`/api/manager/managers/${id}`);
  await mutate(managerKeys.detail(id), undefined, { revalidate: false });
  await revalidateManagers();
}

/** The bulk bar's Unlink: PUT …/unlink-user per manager, one after another. */
export const unlinkManagers = (ids: RowId[]) =>
  bulkEach(ids, (id) => api.put<Manager>(`/api/manager/managers/${id}/unlink-user`));

/** The bulk bar's Delete: DELETE per manager, one after another. */
export const deleteManagers = (ids: RowId[]) =>
  bulkEach(ids, async (id) => {
    await api.delete<null>(`/api/manager/managers/${id}`);
    await mutate(managerKeys.detail(Number(id)), undefined, { revalidate: false });
  });
