// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SECOND_FACTOR_ERRORS, SECOND_FACTOR_TEXT, type SecurityOverview } from 'shared-contracts';
import { UiProvider } from 'shared-ui';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SecurityPage } from './security-page';

const state = vi.hoisted(() => ({ overview: undefined as SecurityOverview | undefined }));

vi.mock('../api/get-security', () => ({
  useSecurity: () => ({ data: state.overview, error: undefined, isLoading: false, mutate: vi.fn() }),
  rereadSecurity: vi.fn(),
}));

beforeAll(() => {
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

function renderPage(
  overview: Omit<SecurityOverview, 'enrolAfterRecovery'> & { enrolAfterRecovery?: boolean },
  routeState?: unknown,
) {
  state.overview = { enrolAfterRecovery: false, ...overview };
  render(
    <UiProvider>
      <MemoryRouter initialEntries={[{ pathname: '/users/profile/security', state: routeState }]}>
        <SecurityPage />
      </MemoryRouter>
    </UiProvider>,
  );
}

const DAY = 24 * 60 * 60 * 1000;

describe('SecurityPage', () => {
  it('lists the factors with their kind and the recovery codes left', () => {
    renderPage({
      factors: [
        { id: 1, kind: 'totp', name: 'Phone', createdAt: '2026-01-02T10:00:00.000Z', lastUsedAt: null },
        { id: 2, kind: 'passkey', name: 'Laptop', createdAt: '2026-01-03T10:00:00.000Z', lastUsedAt: null },
      ],
      recoveryCodesLeft: 7,
      required: false,
      graceUntil: null,
    });
    expect(screen.getByRole('heading', { level: 1, name: SECOND_FACTOR_TEXT.securityTitle })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Your second factors' });
    expect(within(list).getByText('Phone')).toBeTruthy();
    expect(within(list).getByText('Authenticator app')).toBeTruthy();
    expect(within(list).getByText('Passkey')).toBeTruthy();
    expect(within(list).getAllByText(/Last used never/)).toHaveLength(2);
    expect(screen.getByTestId('recovery-codes-left').textContent).toBe('7 recovery codes left.');
    expect(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.regenerateCodes })).toBeTruthy();
  });

  it('counts down the grace days of someone who must add a factor', () => {
    renderPage({
      factors: [],
      recoveryCodesLeft: 0,
      required: true,
      graceUntil: new Date(Date.now() + 3 * DAY - 60_000).toISOString(),
    });
    expect(screen.getByRole('alert').textContent).toMatch(/3 days left to add one/);
    expect(screen.queryByRole('button', { name: SECOND_FACTOR_TEXT.regenerateCodes })).toBeNull();
  });

  it('after a recovery code asks for a new factor', () => {
    renderPage(
      {
        factors: [
          { id: 1, kind: 'totp', name: 'Phone', createdAt: '2026-01-02T10:00:00.000Z', lastUsedAt: null },
        ],
        recoveryCodesLeft: 9,
        required: false,
        graceUntil: null,
      },
      { mustEnrol: true },
    );
    expect(screen.getByRole('alert').textContent).toContain(SECOND_FACTOR_ERRORS.enrolAfterRecovery);
  });

  it('after a recovery code asks for a new factor when the navigation carried nothing (a reload, a link)', () => {
    renderPage({
      factors: [
        { id: 1, kind: 'totp', name: 'Phone', createdAt: '2026-01-02T10:00:00.000Z', lastUsedAt: null },
      ],
      recoveryCodesLeft: 9,
      required: false,
      graceUntil: null,
      enrolAfterRecovery: true,
    });
    expect(screen.getByRole('alert').textContent).toContain(SECOND_FACTOR_ERRORS.enrolAfterRecovery);
  });

  it('sent here by the API’s refusal with no factor: says the account must have one', () => {
    renderPage({ factors: [], recoveryCodesLeft: 0, required: true, graceUntil: null }, { mustEnrol: true });
    expect(screen.getByRole('alert').textContent).toContain(SECOND_FACTOR_ERRORS.enrolmentRequired);
  });
});
