// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SECOND_FACTOR_DUTY_TEXT, type SecurityOverview } from 'shared-contracts';
import { UiProvider } from 'shared-ui';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecondFactorBanner } from './second-factor-banner';

const answer = vi.hoisted(() => ({ overview: null as SecurityOverview | null }));

vi.mock('shared-auth', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  api: { get: async () => answer.overview },
}));
afterEach(cleanup);

const DAY = 86_400_000;
const factor = {
  id: 1,
  kind: 'totp' as const,
  name: 'Phone',
  createdAt: '2026-01-02T10:00:00.000Z',
  lastUsedAt: null,
};

/** The page, and where the router is. */
function Where() {
  return <p data-testid="where">page at {useLocation().pathname}</p>;
}

function renderBanner(overview: SecurityOverview, path = '/companies') {
  answer.overview = overview;
  render(
    <UiProvider>
      {/* A cache of its own per test, so one test's answer is not the next one's. */}
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          <SecondFactorBanner />
          <Where />
        </MemoryRouter>
      </SWRConfig>
    </UiProvider>,
  );
}

describe('SecondFactorBanner', () => {
  it('counts down the days left to add a factor, with a link to the Security page', async () => {
    renderBanner({
      factors: [],
      recoveryCodesLeft: 0,
      required: true,
      graceUntil: new Date(Date.now() + 5 * DAY - 60_000).toISOString(),
      enrolAfterRecovery: false,
    });
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toMatch(
      /Your account must have a second factor\. 5 days left to add one \(until /,
    );
    const link = screen.getByRole('link', { name: SECOND_FACTOR_DUTY_TEXT.addOne });
    expect(link.getAttribute('href')).toBe('/users/profile/security');
  });

  it('says "1 day" on the last day', async () => {
    renderBanner({
      factors: [],
      recoveryCodesLeft: 0,
      required: true,
      graceUntil: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      enrolAfterRecovery: false,
    });
    expect((await screen.findByRole('status')).textContent).toMatch(/ 1 day left /);
  });

  it('is not shown to someone who needs no factor, has one, or on the Security page itself', async () => {
    const grace = new Date(Date.now() + 5 * DAY).toISOString();
    const cases: Array<[SecurityOverview, string]> = [
      [
        { factors: [], recoveryCodesLeft: 0, required: false, graceUntil: null, enrolAfterRecovery: false },
        '/companies',
      ],
      [
        {
          factors: [factor],
          recoveryCodesLeft: 10,
          required: true,
          graceUntil: null,
          enrolAfterRecovery: false,
        },
        '/companies',
      ],
      [
        { factors: [], recoveryCodesLeft: 0, required: true, graceUntil: grace, enrolAfterRecovery: false },
        '/users/profile/security',
      ],
    ];
    for (const [overview, path] of cases) {
      renderBanner(overview, path);
      await screen.findByTestId('where');
      // The answer has come (the fetch resolves at once) and nothing was rendered for it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByTestId('second-factor-banner'), path).toBeNull();
      expect(screen.getByTestId('where').textContent).toBe(`page at ${path}`);
      cleanup();
    }
  });

  it('once the grace is over, sends the person to the Security page (the API refuses all else)', async () => {
    renderBanner({
      factors: [],
      recoveryCodesLeft: 0,
      required: true,
      graceUntil: null,
      enrolAfterRecovery: false,
    });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('page at /users/profile/security'),
    );
    expect(screen.queryByTestId('second-factor-banner')).toBeNull();
  });
});
