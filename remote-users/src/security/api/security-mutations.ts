// Changes to the signed-in person's second factors. Every answer that carries a new access token
// (a factor added names its method in it) replaces the stored one; the refresh token stays.
import { api, loadSecondFactors, tokenStorage } from 'shared-auth';
import type {
  FactorAdded,
  PasskeyRegisterInput,
  RecoveryCodes,
  TotpConfirmInput,
  TotpEnrolment,
  WebAuthnOptions,
} from 'shared-contracts';
import { rereadSecurity } from './get-security';

async function added(answer: Promise<FactorAdded>): Promise<FactorAdded> {
  try {
    const result = await answer;
    tokenStorage.setAccessToken(result.accessToken);
    return result;
  } finally {
    await rereadSecurity();
  }
}

/** POST /api/user/security/totp: a new secret to put in an authenticator app (5 minutes to confirm). */
export function startTotpEnrolment() {
  return api.post<TotpEnrolment>('/api/user/security/totp', undefined, {
    fallbackMessage: 'The authenticator could not be set up',
  });
}

/** POST /api/user/security/totp/confirm: the app's current code and a name make it a factor. */
export function confirmTotp(input: TotpConfirmInput) {
  return added(
    api.post<FactorAdded>('/api/user/security/totp/confirm', input, {
      fallbackMessage: 'The authenticator could not be added',
    }),
  );
}

/** Registration options, the browser's passkey ceremony, then POST /api/user/security/passkeys. */
export async function addPasskey(name: PasskeyRegisterInput['name']) {
  const { options } = await api.post<WebAuthnOptions>('/api/user/security/passkeys/options', undefined, {
    fallbackMessage: 'The passkey could not be set up',
  });
  const response = await (await loadSecondFactors()).createPasskey(options);
  return added(
    api.post<FactorAdded>(
      '/api/user/security/passkeys',
      { name, response },
      { fallbackMessage: 'The passkey could not be added' },
    ),
  );
}

/** DELETE /api/user/security/factors/{id} (asks for a step-up; the person's other sessions sign out). */
export async function removeFactor(id: number) {
  try {
    await api.delete<null>(`/api/user/security/factors/${id}`, {
      fallbackMessage: 'The second factor could not be removed',
    });
  } finally {
    await rereadSecurity();
  }
}

/** POST /api/user/security/recovery-codes (asks for a step-up): a new set; the old ones stop working. */
export async function regenerateRecoveryCodes() {
  try {
    return await api.post<RecoveryCodes>('/api/user/security/recovery-codes', undefined, {
      fallbackMessage: 'New recovery codes could not be made',
    });
  } finally {
    await rereadSecurity();
  }
}
