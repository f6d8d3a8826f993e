import useSWR, { mutate } from 'swr';
import { api, SECURITY_OVERVIEW_KEY } from 'shared-auth';
import type { SecurityOverview } from 'shared-contracts';

/** SWR key of the signed-in person's Security overview (the console's banner reads it too). */
export const securityKey = () => SECURITY_OVERVIEW_KEY;

/** GET /api/user/security: factors, recovery codes left, whether one is required and until when. */
export function getSecurity() {
  return api.get<SecurityOverview>('/api/user/security', {
    fallbackMessage: 'Failed to fetch your second factors',
  });
}

/** The Security page's overview. */
export function useSecurity() {
  return useSWR(securityKey(), getSecurity);
}

/** Re-reads the overview after a change. */
export const rereadSecurity = () => mutate(securityKey());
