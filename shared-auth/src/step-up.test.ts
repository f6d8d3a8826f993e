import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { setSessionUser } from './session-store';
import { installSecondFactorRefusals, type StepUpPrompt } from './step-up';
import { tokenStorage } from './token-storage';
import {
  deferred,
  fail,
  installFakeApi,
  ok,
  rejection,
  resetAll,
  TEST_USER,
  type RecordedCall,
} from './testing/fake-api';

const REMOVE = '/api/user/security/factors/7';
const BULK = '/api/approvals/bulk';

function signedIn() {
  tokenStorage.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  setSessionUser({ ...TEST_USER });
}

/** Answers only to the stepped-up bearer, as a route behind requireStepUp does. */
function needsStepUp(call: RecordedCall) {
  return call.headers.get('Authorization') === 'Bearer stepped-up'
    ? ok({ done: true, body: call.body })
    : fail(403, 'Confirm it’s you with your second factor', 'STEP_UP_REQUIRED');
}

let enrolmentRequired = vi.fn();
let uninstall: (() => void) | null = null;
/** Installs the console's answers with this prompt. */
function setStepUpPrompt(prompt: StepUpPrompt) {
  uninstall?.();
  uninstall = installSecondFactorRefusals({ prompt, enrolmentRequired });
}

beforeEach(() => {
  resetAll();
  enrolmentRequired = vi.fn();
  uninstall?.();
  uninstall = null;
  signedIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('step-up on 403 STEP_UP_REQUIRED', () => {
  it('asks once, stores the new token and sends the same request again with its body', async () => {
    const { callsTo } = installFakeApi({ [`POST ${BULK}`]: needsStepUp });
    const prompt = vi.fn(async () => {
      tokenStorage.setAccessToken('stepped-up');
      return true;
    });
    setStepUpPrompt(prompt);

    await expect(api.post(BULK, { ids: [1, 2] })).resolves.toEqual({ done: true, body: { ids: [1, 2] } });

    expect(prompt).toHaveBeenCalledTimes(1);
    expect(callsTo('POST', BULK).map((c) => c.headers.get('Authorization'))).toEqual([
      'Bearer access-1',
      'Bearer stepped-up',
    ]);
    expect(tokenStorage.getRefreshToken()).toBe('refresh-1');
  });

  it('shares one dialog between requests refused together', async () => {
    installFakeApi({ [`POST ${BULK}`]: needsStepUp, [`DELETE ${REMOVE}`]: needsStepUp });
    const answer = deferred<boolean>();
    const prompt = vi.fn(() => answer.promise);
    setStepUpPrompt(prompt);

    const calls = [api.post(BULK, { ids: [1] }), api.post(BULK, { ids: [2] }), api.delete(REMOVE)];
    await vi.waitFor(() => expect(prompt).toHaveBeenCalledTimes(1));
    tokenStorage.setAccessToken('stepped-up');
    answer.resolve(true);

    await expect(Promise.all(calls)).resolves.toHaveLength(3);
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('does not ask again for a request that left before the step-up finished', async () => {
    installFakeApi({ [`POST ${BULK}`]: needsStepUp });
    const prompt = vi.fn(async () => {
      tokenStorage.setAccessToken('stepped-up');
      return true;
    });
    setStepUpPrompt(prompt);
    await api.post(BULK, { ids: [1] });
    await api.post(BULK, { ids: [2] });
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('on Cancel rejects the original call with the API’s error and sends nothing more', async () => {
    const { callsTo } = installFakeApi({ [`DELETE ${REMOVE}`]: needsStepUp });
    setStepUpPrompt(async () => false);

    const error = await rejection(api.delete(REMOVE));

    expect(error).toMatchObject({ status: 403, code: 'STEP_UP_REQUIRED' });
    expect(error.message).toBe('Confirm it’s you with your second factor');
    expect(callsTo('DELETE', REMOVE)).toHaveLength(1);
    expect(tokenStorage.getAccessToken()).toBe('access-1');
  });

  it('without a registered dialog fails as before', async () => {
    installFakeApi({ [`DELETE ${REMOVE}`]: needsStepUp });
    await expect(rejection(api.delete(REMOVE))).resolves.toMatchObject({ code: 'STEP_UP_REQUIRED' });
  });

  it('never asks for the step-up route itself', async () => {
    installFakeApi({ 'POST /api/auth/step-up': () => fail(403, 'Add a factor', 'STEP_UP_REQUIRED') });
    const prompt = vi.fn(async () => true);
    setStepUpPrompt(prompt);
    await expect(
      rejection(api.post('/api/auth/step-up', { method: 'totp', code: '123456' })),
    ).resolves.toMatchObject({
      status: 403,
    });
    expect(prompt).not.toHaveBeenCalled();
  });
});

describe('403 MFA_ENROLMENT_REQUIRED', () => {
  it('calls the enrolment handler and fails the call with the API’s message', async () => {
    installFakeApi({
      'GET /api/company/companies': () => fail(403, 'Add a second factor', 'MFA_ENROLMENT_REQUIRED'),
    });
    setStepUpPrompt(async () => false);
    await expect(rejection(api.get('/api/company/companies'))).resolves.toMatchObject({
      code: 'MFA_ENROLMENT_REQUIRED',
    });
    expect(enrolmentRequired).toHaveBeenCalledTimes(1);
  });
});
