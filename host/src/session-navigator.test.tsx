// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type * as sharedAuth from 'shared-auth';
import { getRedirectTarget, type SessionNavigator as Navigator } from 'shared-auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionNavigator } from './session-navigator';

const registered = vi.hoisted(() => ({ navigator: null as Navigator | null }));
vi.mock('shared-auth', async (importOriginal) => ({
  ...(await importOriginal<typeof sharedAuth>()),
  setNavigator: (fn: Navigator | null) => {
    registered.navigator = fn;
  },
}));

/** The sign-in route of the test: shows what it was given and where signing in would return. */
function SignInProbe() {
  const { state } = useLocation();
  return (
    <>
      <p data-testid="reason">{String((state as { reason?: string } | null)?.reason)}</p>
      <p data-testid="notice">{String((state as { notice?: string } | null)?.notice)}</p>
      <p data-testid="target">{getRedirectTarget(state)}</p>
    </>
  );
}

afterEach(() => {
  cleanup();
  registered.navigator = null;
});

describe('SessionNavigator', () => {
  it('sends an ended session to sign-in, keeping the page (path, query, hash) to return to and the reason', () => {
    render(
      <MemoryRouter initialEntries={['/approvals/42?status=PENDING&page=3#bills']}>
        <SessionNavigator />
        <Routes>
          <Route path="/login" element={<SignInProbe />} />
          <Route path="*" element={<p>Approval page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Approval page')).toBeTruthy();
    act(() => registered.navigator?.('/login', 'SESSION_EXPIRED'));
    expect(screen.getByTestId('reason').textContent).toBe('SESSION_EXPIRED');
    expect(screen.getByTestId('target').textContent).toBe('/approvals/42?status=PENDING&page=3#bills');
  });

  it('after an inactivity sign-out, carries the words the sign-in page shows', () => {
    render(
      <MemoryRouter initialEntries={['/companies']}>
        <SessionNavigator />
        <Routes>
          <Route path="/login" element={<SignInProbe />} />
          <Route path="*" element={<p>Companies</p>} />
        </Routes>
      </MemoryRouter>,
    );
    act(() => registered.navigator?.('/login', 'SESSION_EXPIRED', 'Signed out after 30 minutes'));
    expect(screen.getByTestId('reason').textContent).toBe('SESSION_EXPIRED');
    expect(screen.getByTestId('notice').textContent).toBe('Signed out after 30 minutes');
  });
});
