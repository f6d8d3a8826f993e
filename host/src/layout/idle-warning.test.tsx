// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IDLE_TEXT } from 'shared-contracts';
import { UiProvider } from 'shared-ui';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { IdleWarningDialog } from './idle-warning';

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
afterEach(cleanup);

function renderWarning() {
  const staySignedIn = vi.fn();
  render(
    <UiProvider>
      <IdleWarningDialog warning={{ signOutAt: Date.now() + 60_000, staySignedIn }} />
    </UiProvider>,
  );
  return staySignedIn;
}

describe('IdleWarningDialog', () => {
  it('is an alertdialog saying the sign-out is a minute away, with Stay signed in focused', async () => {
    // jsdom has no layout, so the focus trap would find nothing visible and focus the dialog itself;
    // give elements a width as a browser would.
    const width = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
    onTestFinished(() => width.mockRestore());
    renderWarning();
    const dialog = await screen.findByRole('alertdialog', { name: IDLE_TEXT.title });
    expect(dialog.textContent).toContain(IDLE_TEXT.warning);
    const stay = screen.getByRole('button', { name: IDLE_TEXT.staySignedIn });
    await waitFor(() => expect(document.activeElement).toBe(stay));
  });

  it('Stay signed in and closing the dialog both keep the session', async () => {
    const staySignedIn = renderWarning();
    fireEvent.click(await screen.findByRole('button', { name: IDLE_TEXT.staySignedIn }));
    expect(staySignedIn).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' });
    await waitFor(() => expect(staySignedIn).toHaveBeenCalledTimes(2));
  });
});
