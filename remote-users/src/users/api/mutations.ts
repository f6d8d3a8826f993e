// User writes. Each re-reads the lists, the overview and the user it touched.
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
import { revalidateUsers, userKeys } from './keys';

async function andRevalidate<T>(promise: Promise<T>, id?: number): Promise<T> {
  const result = await promise;
  await revalidateUsers(id);
  return result;
}

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

/**
 * Bulk activate/deactivate: one call per user, going on past failures, then one re-read.
 * Answers the ids that failed with their messages.
 */
export async function setUsersActive(ids: number[], active: boolean) {
  const action = active ? 'reactivate' : 'deactivate';
  const results = await Promise.allSettled(ids.map((id) => api.put<User>(`/api/user/users/${id}/${action}`)));
  await revalidateUsers();
  return results.map((result, index) => ({ id: ids[index]!, result }));
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
