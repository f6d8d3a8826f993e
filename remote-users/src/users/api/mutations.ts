// User writes. Each re-reads the lists, the overview and the user it touched, after a refused write too.
import { mutate } from 'swr';
import { api } from 'shared-auth';
import type {
  ChangePasswordInput,
  ProfileUpdateInput,
  RegisterInput,
  Role,
  User,
  UserUpdateInput,
} from 'shared-contracts';
import { bulkEach, type RowId } from 'shared-ui/table';
import { revalidateUsers, userKeys, userList } from './keys';

const { andRevalidate } = userList;

/** POST /api/auth/register (staff create accounts there); the answer has the new id. */
export function createUser(payload: RegisterInput) {
  return andRevalidate(api.post<{ id: number; user: User }>('/api/auth/register', payload));
}

/** PUT /api/user/users/{id} with the whole form (no password). */
export function updateUser(id: number, payload: UserUpdateInput) {
  return andRevalidate(api.put<User>(`/api/user/users/${id}`, payload), id);
}

/** PUT …/payment-decisions (ADMIN): allow or stop the account approving and rejecting payments. */
export function setPaymentDecisions(id: number, allowed: boolean) {
  return andRevalidate(api.put<User>(`/api/user/users/${id}/payment-decisions`, { allowed }), id);
}

/** PUT …/reactivate or …/deactivate. */
export function setUserActive(id: number, active: boolean) {
  return andRevalidate(api.put<User>(`/api/user/users/${id}/${active ? 'reactivate' : 'deactivate'}`), id);
}

/** The bulk bar's Activate / Deactivate: one call per user, all at once, going on past failures. */
export function setUsersActive(ids: RowId[], active: boolean) {
  const action = active ? 'reactivate' : 'deactivate';
  return bulkEach(ids, (id) => api.put<User>(`/api/user/users/${id}/${action}`), { parallel: true });
}

/** PUT /api/user/users/{id}/role. */
export function changeUserRole(id: number, role: Role) {
  return andRevalidate(api.put<User>(`/api/user/users/${id}/role`, { role }), id);
}

/** DELETE /api/user/users/{id}; drops the cached detail instead of re-reading a 404. */
export async function deleteUser(id: number) {
  await api.delete<null>(`/api/user/users/${id}`);
  await mutate(userKeys.detail(id), undefined, { revalidate: false });
  await revalidateUsers();
}

/** PUT /api/user/profile: the signed-in user's own names (the caller re-reads the session's user). */
export async function updateProfile(payload: ProfileUpdateInput) {
  const user = await api.put<User>('/api/user/profile', payload);
  await revalidateUsers(user.id);
  return user;
}

/** PUT /api/user/password. */
export function changePassword(payload: ChangePasswordInput) {
  return api.put<null>('/api/user/password', payload, { fallbackMessage: 'Password change failed' });
}

/** PUT …/out-of-office: an absence and its delegate (all null ends it); the user themselves or an ADMIN. */
export function setOutOfOffice(
  id: number,
  payload: { awayFrom: string | null; awayUntil: string | null; delegateId: number | null },
) {
  return andRevalidate(api.put<unknown>(`/api/user/users/${id}/out-of-office`, payload), id);
}
