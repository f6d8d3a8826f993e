// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SECOND_FACTOR_ERRORS, SECOND_FACTOR_TEXT } from 'shared-contracts';
import { UiProvider } from 'shared-ui';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StepUpDialog } from './step-up-dialog';

const factors = vi.hoisted(() => ({
  stepUpOptions: vi.fn(),
  confirmStepUp: vi.fn(),
  getPasskeyAssertion: vi.fn(async () => ({ id: 'p', rawId: 'p', type: 'public-key', response: {} })),
}));

vi.mock('shared-auth', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  loadSecondFactors: async () => factors,
}));

beforeAll(() => {
  // jsdom lacks these; Chakra's dialog calls them.
  Element.prototype.scrollIntoView = () => undefined;
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
});
beforeEach(() => {
  factors.stepUpOptions
    .mockReset()
    .mockResolvedValue({ methods: ['totp', 'passkey'], passkey: { challenge: 'c' }, minutes: 5 });
  factors.confirmStepUp.mockReset().mockResolvedValue(undefined);
});
afterEach(cleanup);

function renderDialog() {
  const onDone = vi.fn();
  render(
    <UiProvider>
      <StepUpDialog onDone={onDone} />
    </UiProvider>,
  );
  return onDone;
}

describe('StepUpDialog', () => {
  it('confirms with an authenticator code and says so', async () => {
    const onDone = renderDialog();
    expect(await screen.findByRole('alertdialog', { name: SECOND_FACTOR_TEXT.stepUpTitle })).toBeTruthy();
    fireEvent.input(await screen.findByLabelText(SECOND_FACTOR_TEXT.codeLabel), {
      target: { value: '123 456' },
    });
    fireEvent.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(factors.confirmStepUp).toHaveBeenCalledWith({ method: 'totp', code: '123456' });
  });

  it('refuses a malformed code without calling the API', async () => {
    const onDone = renderDialog();
    fireEvent.input(await screen.findByLabelText(SECOND_FACTOR_TEXT.codeLabel), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }));
    expect(await screen.findByText(SECOND_FACTOR_ERRORS.codeFormat)).toBeTruthy();
    expect(factors.confirmStepUp).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('confirms with a passkey', async () => {
    const onDone = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: SECOND_FACTOR_TEXT.usePasskey }));
    fireEvent.click(await screen.findByRole('button', { name: SECOND_FACTOR_TEXT.usePasskey }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(factors.confirmStepUp).toHaveBeenCalledWith(expect.objectContaining({ method: 'passkey' }));
  });

  it('Cancel answers false', async () => {
    const onDone = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledWith(false);
  });

  it('answers false at once for a person with nothing to confirm with', async () => {
    factors.stepUpOptions.mockResolvedValue({ methods: [], passkey: null, minutes: 5 });
    const onDone = renderDialog();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(false));
  });
});
