// Another person's second factors, for an ADMIN: how many, and a reset one ADMIN asked for that a
// second ADMIN confirms (or either cancels). Asking and confirming answer 403 STEP_UP_REQUIRED
// without a fresh factor; the HTTP client asks for one and sends the request again.
import useSWR, { mutate } from 'swr';
import { api, useLiveRecord } from 'shared-auth';
import { FACTOR_RESET_TEXT, type FactorResetDone, type FactorResetState } from 'shared-contracts';
import { revalidateUsers, userKeys } from './keys';

const path = (id: number) => `/api/user/users/${id}/factor-reset`;

/** Re-reads the person's factors and reset, and their detail (the audit rows changed it). */
const reread = (id: number) => Promise.all([mutate(userKeys.factorReset(id)), revalidateUsers(id)]);

/** GET /api/user/users/{id}/factor-reset (ADMIN). */
export function getFactorReset(id: number) {
  return api.get<FactorResetState>(path(id), { fallbackMessage: FACTOR_RESET_TEXT.loadFailed });
}

/**
 * The person's factors and the reset waiting, when `enabled` (an ADMIN looking at someone else);
 * a reset asked for, confirmed or cancelled in another console re-reads it in place.
 */
export function useFactorReset(id: number, enabled: boolean) {
  useLiveRecord('user', enabled ? id : null, (userId) => mutate(userKeys.factorReset(userId)));
  return useSWR(enabled ? userKeys.factorReset(id) : null, () => getFactorReset(id));
}

/** POST …/factor-reset: waits for a second ADMIN. Re-read whatever the answer (another may have asked). */
export async function requestFactorReset(id: number) {
  try {
    return await api.post<FactorResetState>(path(id), undefined, {
      fallbackMessage: FACTOR_RESET_TEXT.askFailed,
    });
  } finally {
    await reread(id);
  }
}

/** PUT …/factor-reset/confirm: the request this ADMIN reviewed. */
export async function confirmFactorReset(id: number, requestId: number) {
  try {
    return await api.put<FactorResetDone>(
      `${path(id)}/confirm`,
      { requestId },
      { fallbackMessage: FACTOR_RESET_TEXT.confirmFailed },
    );
  } finally {
    await reread(id);
  }
}

/** PUT …/factor-reset/cancel. */
export async function cancelFactorReset(id: number, requestId: number) {
  try {
    return await api.put<FactorResetState>(
      `${path(id)}/cancel`,
      { requestId },
      { fallbackMessage: FACTOR_RESET_TEXT.cancelFailed },
    );
  } finally {
    await reread(id);
  }
}
