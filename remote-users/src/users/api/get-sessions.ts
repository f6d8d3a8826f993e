import useSWR from 'swr';
import { api } from 'shared-auth';
import type { SessionList } from 'shared-contracts';
import { userKeys } from './keys';

/** GET /api/auth/sessions: the signed-in person's own sessions, theirs first. */
export function getSessions() {
  return api.get<SessionList>('/api/auth/sessions', { fallbackMessage: 'Failed to fetch your sessions' });
}

/** The sessions card of the profile page. */
export function useSessions() {
  return useSWR(userKeys.sessions(), getSessions);
}
