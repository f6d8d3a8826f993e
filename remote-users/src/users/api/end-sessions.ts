// Ending sessions: one's own (the profile page's Sessions card) and, for an ADMIN, anyone else's.
import { mutate } from 'swr';
import { api } from 'shared-auth';
import type { SessionsEnded } from 'shared-contracts';
import { revalidateUsers, userKeys } from './keys';

const rereadSessions = () => mutate(userKeys.sessions());

/** DELETE /api/auth/sessions/{id}: one of the signed-in person's other sessions signs out. */
export async function endSession(id: string) {
  try {
    await api.delete<null>(`/api/auth/sessions/${encodeURIComponent(id)}`, {
      fallbackMessage: 'The session could not be signed out',
    });
  } finally {
    await rereadSessions();
  }
}

/** POST /api/auth/sessions/sign-out-others: every session but this one signs out. */
export async function endOtherSessions() {
  try {
    return await api.post<SessionsEnded>('/api/auth/sessions/sign-out-others', undefined, {
      fallbackMessage: 'The other sessions could not be signed out',
    });
  } finally {
    await rereadSessions();
  }
}

/** POST /api/user/users/{id}/sessions/end (ADMIN): every session of that person ends. */
export async function endUserSessions(id: number) {
  try {
    return await api.post<SessionsEnded>(`/api/user/users/${id}/sessions/end`, undefined, {
      fallbackMessage: 'The sessions could not be ended',
    });
  } finally {
    await revalidateUsers(id);
  }
}
