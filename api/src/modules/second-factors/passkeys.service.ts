/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): registration and assertions, always with
 * user verification, bound to the configured RP ID and origins. Challenges are random, answered
 * once, within 5 minutes; the signature counter refuses a cloned authenticator.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AMR, personName, type AuthMethod } from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { PasskeyDeviceType, SecondFactorRow, UserRow } from '../../db/schema';
import { claimPasskeyCounter } from './factors.repository';

/** How long the browser's prompt waits (the challenge itself lasts 5 minutes). */
const PROMPT_TIMEOUT_MS = 5 * 60_000;

/** A WebAuthn response as the contract lets it in: checked in full by the library. */
export type WebAuthnResponse = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: Record<string, unknown>;
};

/** The `amr` a passkey gives: bound to one device (a hardware key) or synced (a software key). */
export const amrOfPasskey = (deviceType: PasskeyDeviceType | null): AuthMethod =>
  deviceType === 'singleDevice' ? AMR.hardwareKey : AMR.softwareKey;

/** The challenge the browser signed, read from its client data (null when unreadable). */
export function signedChallenge(response: WebAuthnResponse): string | null {
  try {
    const clientData = JSON.parse(
      Buffer.from(String(response.response['clientDataJSON'] ?? ''), 'base64url').toString('utf8'),
    ) as { challenge?: unknown };
    return typeof clientData.challenge === 'string' && clientData.challenge.length <= 128
      ? clientData.challenge
      : null;
  } catch {
    return null;
  }
}

const passkeysOf = (factors: SecondFactorRow[]) =>
  factors.filter((factor) => factor.kind === 'passkey' && factor.credentialId && factor.publicKey);

const descriptorOf = (factor: SecondFactorRow) => ({
  id: factor.credentialId ?? '',
  ...(factor.transports ? { transports: factor.transports } : {}),
});

/** Options for navigator.credentials.create(): the person's passkeys are excluded (no duplicate). */
export async function registrationOptions(
  deps: Pick<AppDeps, 'config'>,
  user: UserRow,
  factors: SecondFactorRow[],
): Promise<Record<string, unknown>> {
  const { config } = deps;
  const options = await generateRegistrationOptions({
    rpName: config.productName,
    rpID: config.webAuthn.rpId,
    userName: user.email,
    userDisplayName: personName(user),
    userID: new TextEncoder().encode(`user-${user.id}`),
    timeout: PROMPT_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: passkeysOf(factors).map(descriptorOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  return options as unknown as Record<string, unknown>;
}

/** What a verified registration stores. */
export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[] | null;
  deviceType: PasskeyDeviceType;
}

/** The new passkey, or null when the response does not verify against `challenge`. */
export async function verifyRegistration(
  deps: Pick<AppDeps, 'config'>,
  response: WebAuthnResponse,
  challenge: string,
): Promise<NewPasskey | null> {
  const { webAuthn } = deps.config;
  try {
    const result = await verifyRegistrationResponse({
      response: { clientExtensionResults: {}, ...response } as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: webAuthn.origins,
      expectedRPID: webAuthn.rpId,
      requireUserVerification: true,
    });
    if (!result.verified) return null;
    const { credential, credentialDeviceType } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: credential.transports ?? null,
      deviceType: credentialDeviceType,
    };
  } catch {
    return null;
  }
}

/** Options for navigator.credentials.get() with the person's passkeys, and its challenge. */
export async function authenticationOptions(
  deps: Pick<AppDeps, 'config'>,
  factors: SecondFactorRow[],
): Promise<{ options: Record<string, unknown>; challenge: string }> {
  const options = await generateAuthenticationOptions({
    rpID: deps.config.webAuthn.rpId,
    allowCredentials: passkeysOf(factors).map(descriptorOf),
    userVerification: 'required',
    timeout: PROMPT_TIMEOUT_MS,
  });
  return { options: options as unknown as Record<string, unknown>, challenge: options.challenge };
}

/**
 * The passkey of the person's that signed `challenge` in `response`, with user verification, a
 * counter that grew (or a device that keeps none) and recorded; null otherwise.
 */
export async function verifyAssertion(
  deps: Pick<AppDeps, 'config'>,
  db: Db,
  factors: SecondFactorRow[],
  response: WebAuthnResponse,
  challenge: string,
): Promise<SecondFactorRow | null> {
  const { webAuthn } = deps.config;
  const factor = passkeysOf(factors).find((candidate) => candidate.credentialId === response.id);
  if (!factor?.credentialId || !factor.publicKey) return null;
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: { clientExtensionResults: {}, ...response } as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: webAuthn.origins,
      expectedRPID: webAuthn.rpId,
      requireUserVerification: true,
      credential: {
        id: factor.credentialId,
        publicKey: new Uint8Array(Buffer.from(factor.publicKey, 'base64url')),
        counter: factor.signCount,
        ...(factor.transports ? { transports: factor.transports } : {}),
      },
    });
    if (!result.verified) return null;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    // Includes a counter that did not grow: the library refuses it as a possible clone.
    return null;
  }
  return (await claimPasskeyCounter(db, factor.id, factor.signCount, newCounter)) ? factor : null;
}
