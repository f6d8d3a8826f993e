// Manager writes. Each re-reads the lists and the manager it touched.
import { mutate } from 'swr';
import { api } from 'shared-auth';
import type { Manager, ManagerFormOutput, ManagerUpdateInput } from 'shared-contracts';
import { managerKeys, revalidateManagers } from './keys';

async function andRevalidate<T>(promise: Promise<T>, id?: number): Promise<T> {
  const result = await promise;
  await revalidateManagers(id);
  return result;
}

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

/**
 * Runs `action` for each id one after another (a failure does not stop the rest), then re-reads
 * the lists once. Answers which ids succeeded and the failures with their reasons.
 */
export async function forEachManager(ids: number[], action: (id: number) => Promise<unknown>) {
  const done: number[] = [];
  const failed: Array<{ id: number; reason: unknown }> = [];
  for (const id of ids) {
    try {
      await action(id);
      done.push(id);
    } catch (reason) {
      failed.push({ id, reason });
    }
  }
  await revalidateManagers();
  return { done, failed };
}

/** The bulk bar's Unlink: PUT …/unlink-user per manager. */
export const unlinkManagers = (ids: number[]) =>
  forEachManager(ids, (id) => api.put<Manager>(`/api/manager/managers/${id}/unlink-user`));

/** The bulk bar's Delete: DELETE per manager. */
export const deleteManagers = (ids: number[]) =>
  forEachManager(ids, async (id) => {
    await api.delete<null>(`/api/manager/managers/${id}`);
    await mutate(managerKeys.detail(id), undefined, { revalidate: false });
  });
