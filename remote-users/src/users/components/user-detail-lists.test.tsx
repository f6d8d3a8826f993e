// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { User, UserActivityStats } from 'shared-contracts';
import { UiProvider } from 'shared-ui';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ActivityStatisticsList, UserInformationList } from './user-detail-lists';

/** A colleague as a MODERATOR, an ADMIN or the person themselves reads them. */
const FULL: User = {
  id: 7,
  email: 'pat.target@example.com',
  firstName: 'Pat',
  lastName: 'Target',
  role: 'USER',
  isActive: true,
  createdAt: '2026-10-01T09:00:00.000Z',
  updatedAt: '2026-10-02T09:00:00.000Z',
  lastLoginAt: '2026-11-20T09:00:00.000Z',
  createdById: 2,
  createdBy: { id: 2, name: 'Morgan Moderator', email: 'moderator@example.com' },
  mayDecidePayments: false,
  outOfOffice: null,
};
const FULL_STATS: UserActivityStats = {
  userId: 7,
  totalLogins: 42,
  lastLogin: '2026-11-20T09:00:00.000Z',
  companiesManaged: 1,
  approvalsCreated: 3,
};

/** The same colleague as a GUEST or USER reads them: the API leaves those fields out. */
const {
  lastLoginAt: _l,
  createdById: _c,
  createdBy: _b,
  mayDecidePayments: _m,
  outOfOffice: _o,
  ...SHOWN
} = FULL;
const { totalLogins: _t, lastLogin: _ll, ...SHOWN_STATS } = FULL_STATS;

beforeAll(() => {
  // jsdom lacks what Chakra's color mode code asks for.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
});
afterEach(() => cleanup());

const textOf = (node: ReactElement) => render(<UiProvider>{node}</UiProvider>).container.textContent ?? '';

describe('the user detail page without what a GUEST or USER is not told', () => {
  it('leaves out the sign-in rows of the statistics, and shows no "undefined"', () => {
    const text = textOf(<ActivityStatisticsList user={SHOWN} stats={SHOWN_STATS} />);
    for (const label of ['Total Logins', 'Last Login', 'Login Frequency']) expect(text).not.toContain(label);
    expect(text).not.toMatch(/undefined|NaN|Never|Not recorded/);
    expect(text).toContain('Companies Managed1');
    expect(text).toContain('Approvals Created3');
    expect(text).toContain('System UsageModerate');
    expect(text).toContain('Account StatusActive');
  });

  it('leaves out who registered the account', () => {
    const text = textOf(<UserInformationList user={SHOWN} />);
    expect(text).not.toContain('Registered By');
    expect(text).not.toMatch(/undefined|Not recorded/);
    expect(text).toContain('First NamePat');
    expect(text).toContain('Emailpat.target@example.com');
    expect(text).toContain('RoleUser');
  });
});

describe('the user detail page for those who are told', () => {
  it('shows the sign-ins, their frequency, and "Never" for someone who never signed in', () => {
    const details = { timestamp: FULL_STATS.lastLogin!, ip: '203.0.113.9', userAgent: 'Firefox/140' };
    const text = textOf(
      <ActivityStatisticsList user={FULL} stats={{ ...FULL_STATS, lastLoginDetails: details }} />,
    );
    expect(text).toContain('Total Logins42');
    expect(text).toContain('Login FrequencyMedium');
    expect(text).toMatch(/Last LoginNov 20, 2026, .* \(.* ago\)/);
    expect(text).toContain('Last Login DetailsFrom 203.0.113.9 (Firefox/140)');
    expect(text).not.toContain('Not recorded');
    const never = textOf(
      <ActivityStatisticsList
        user={FULL}
        stats={{ ...FULL_STATS, totalLogins: 0, lastLogin: null, lastLoginDetails: null }}
      />,
    );
    expect(never).toContain('Total Logins0');
    expect(never).toContain('Last LoginNever');
    expect(never).toContain('Login FrequencyLow');
    // Nothing says a sign-in happened: the date and the details both say 'Never'.
    expect(never).toContain('Last Login DetailsNever');
    expect(never).not.toContain('Not recorded');
  });

  it('says the sign-ins were not recorded when only the last sign-in date is known', () => {
    const text = textOf(
      <ActivityStatisticsList
        user={FULL}
        stats={{ ...FULL_STATS, totalLogins: 0, lastLoginDetails: null }}
      />,
    );
    expect(text).toMatch(/Last LoginNov 20, 2026, .* \(.* ago\)/);
    expect(text).toContain('Total LoginsNot recorded');
    expect(text).toContain('Last Login DetailsNot recorded');
    // No count of 0 beside a date, no 'Never', no frequency worked out from nothing.
    expect(text).toContain('Login FrequencyNot recorded');
    expect(text).not.toMatch(/Total Logins0|Never|Login Frequency(Low|Medium|High)/);
    expect(text).toContain('its sign-ins were not recorded here');
  });

  it('names the registrar, or says it was not recorded', () => {
    expect(textOf(<UserInformationList user={FULL} />)).toContain(
      'Registered ByMorgan Moderator (moderator@example.com)',
    );
    expect(textOf(<UserInformationList user={{ ...FULL, createdBy: null }} />)).toContain(
      'Registered ByNot recorded',
    );
  });
});
