import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SECOND_FACTOR_ERRORS, SECOND_FACTOR_TEXT } from 'shared-contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SecondStepForm } from './second-step-form';
import { renderWithProviders } from './test-utils';

class FakeApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const factors = vi.hoisted(() => ({
  finishSecondStep: vi.fn<(input: unknown) => Promise<{ mustEnrol: boolean }>>(),
  secondStepPasskeyOptions: vi.fn(async () => ({ challenge: 'c' })),
  getPasskeyAssertion: vi.fn(async () => ({ id: 'p', rawId: 'p', type: 'public-key', response: {} })),
}));

vi.mock('shared-auth', () => ({
  isApiError: (error: unknown) => error instanceof Error && error.name === 'ApiError',
  loadSecondFactors: async () => factors,
}));

const STEP = {
  ticket: 'ticket-1',
  methods: ['totp', 'passkey', 'recovery'] as Array<'totp' | 'passkey' | 'recovery'>,
  expiresAt: '2030-01-01T00:00:00.000Z',
};

function renderStep(methods = STEP.methods) {
  const props = { onSignedIn: vi.fn(), onExpired: vi.fn(), onCancel: vi.fn() };
  renderWithProviders(<SecondStepForm secondStep={{ ...STEP, methods }} {...props} />);
  return props;
}

const codeField = () => screen.getByLabelText(SECOND_FACTOR_TEXT.codeLabel) as HTMLInputElement;
const verify = () => fireEvent.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }));

beforeEach(() => {
  factors.finishSecondStep.mockReset();
  factors.getPasskeyAssertion.mockClear();
});

describe('SecondStepForm', () => {
  it('asks for the authenticator code in a focused one-time-code field', () => {
    renderStep();
    expect(screen.getByRole('heading', { name: SECOND_FACTOR_TEXT.secondStepTitle })).toBeTruthy();
    const field = codeField();
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.usePasskey })).toBeTruthy();
    expect(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.useRecovery })).toBeTruthy();
  });

  it('refuses a malformed code with the contract’s message, without calling the API', () => {
    renderStep();
    fireEvent.input(codeField(), { target: { value: '12ab' } });
    verify();
    expect(screen.getByText(SECOND_FACTOR_ERRORS.codeFormat)).toBeTruthy();
    expect(factors.finishSecondStep).not.toHaveBeenCalled();
  });

  it('sends a pasted code with its space removed and signs in', async () => {
    factors.finishSecondStep.mockResolvedValue({ mustEnrol: false });
    const { onSignedIn } = renderStep();
    fireEvent.input(codeField(), { target: { value: '123 456' } });
    verify();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(false));
    expect(factors.finishSecondStep).toHaveBeenCalledWith({
      method: 'totp',
      ticket: 'ticket-1',
      code: '123456',
    });
  });

  it('shows the API’s refusal of a code in the field', async () => {
    factors.finishSecondStep.mockRejectedValue(
      new FakeApiError(SECOND_FACTOR_ERRORS.wrongCode, 400, 'VALIDATION_ERROR', {
        code: SECOND_FACTOR_ERRORS.wrongCode,
      }),
    );
    renderStep();
    fireEvent.input(codeField(), { target: { value: '000000' } });
    verify();
    expect(await screen.findByText(SECOND_FACTOR_ERRORS.wrongCode)).toBeTruthy();
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the lock in an alert', async () => {
    factors.finishSecondStep.mockRejectedValue(
      new FakeApiError(SECOND_FACTOR_ERRORS.locked, 429, 'TOO_MANY_REQUESTS'),
    );
    renderStep();
    fireEvent.input(codeField(), { target: { value: '000000' } });
    verify();
    expect((await screen.findByRole('alert')).textContent).toContain(SECOND_FACTOR_ERRORS.locked);
  });

  it('goes back to the password when the ticket expired', async () => {
    factors.finishSecondStep.mockRejectedValue(
      new FakeApiError(SECOND_FACTOR_ERRORS.ticketExpired, 401, 'UNAUTHORIZED'),
    );
    const { onExpired } = renderStep();
    fireEvent.input(codeField(), { target: { value: '123456' } });
    verify();
    await waitFor(() => expect(onExpired).toHaveBeenCalledWith(SECOND_FACTOR_ERRORS.ticketExpired));
  });

  it('takes a recovery code, upper-cased, and says the person must enrol', async () => {
    factors.finishSecondStep.mockResolvedValue({ mustEnrol: true });
    const { onSignedIn } = renderStep();
    fireEvent.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.useRecovery }));
    const field = screen.getByLabelText(SECOND_FACTOR_TEXT.recoveryLabel);
    expect(document.activeElement).toBe(field);
    fireEvent.input(field, { target: { value: 'k7q2m-9xwtr' } });
    verify();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(true));
    expect(factors.finishSecondStep).toHaveBeenCalledWith({
      method: 'recovery',
      ticket: 'ticket-1',
      code: 'K7Q2M-9XWTR',
    });
  });

  it('signs in with a passkey through the ticket’s challenge', async () => {
    factors.finishSecondStep.mockResolvedValue({ mustEnrol: false });
    const { onSignedIn } = renderStep(['passkey']);
    fireEvent.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.usePasskey }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(false));
    expect(factors.secondStepPasskeyOptions).toHaveBeenCalledWith('ticket-1');
    expect(factors.finishSecondStep).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'passkey', ticket: 'ticket-1' }),
    );
  });

  it('says a passkey the browser refused could not be verified', async () => {
    factors.getPasskeyAssertion.mockRejectedValueOnce(
      new DOMException('The operation was aborted', 'NotAllowedError'),
    );
    renderStep(['passkey', 'recovery']);
    fireEvent.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.usePasskey }));
    expect((await screen.findByRole('alert')).textContent).toContain(SECOND_FACTOR_ERRORS.passkeyFailed);
  });
});
