import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BankAccountControl } from 'shared-contracts';
import { BankAccountReturnNotices } from './bank-account-control';
import { renderWithProviders } from './test-utils';

const control = (status: BankAccountControl['status']): BankAccountControl => ({
  version: 2,
  status,
  changedAt: '2026-11-22T12:00:00Z',
  changedBy: null,
  confirmedAt: status === 'CONFIRMED' ? '2026-11-23T12:00:00Z' : null,
  confirmedBy: null,
});

describe('BankAccountReturnNotices', () => {
  it('says a blocked account is blocked by which return, and what to do', () => {
    renderWithProviders(
      <BankAccountReturnNotices
        account={{
          control: control('CONFIRMED'),
          blocked: {
            code: 'R03',
            description: 'No account / unable to locate account',
            blockedAt: '2026-11-24',
          },
        }}
      />,
    );
    expect(
      screen.getByText(
        'Blocked after return R03 No account / unable to locate account — change it and have a second person confirm',
      ),
    ).toBeTruthy();
  });

  it("says the bank's correction waits for a second person until it is confirmed", () => {
    const correction = {
      code: 'C01',
      description: 'Incorrect bank account number',
      receivedAt: '2026-11-24',
    };
    const { unmount } = renderWithProviders(
      <BankAccountReturnNotices account={{ control: control('PENDING'), correction }} />,
    );
    expect(
      screen.getByText(
        'Bank correction C01 Incorrect bank account number — pending confirmation by a second person',
      ),
    ).toBeTruthy();
    unmount();
    renderWithProviders(<BankAccountReturnNotices account={{ control: control('CONFIRMED'), correction }} />);
    expect(screen.getByText('Bank correction C01 Incorrect bank account number — confirmed')).toBeTruthy();
  });

  it('shows nothing for an account no return or correction touched', () => {
    renderWithProviders(
      <BankAccountReturnNotices account={{ control: control('CONFIRMED'), blocked: null }} />,
    );
    expect(screen.queryByTestId('bank-account-return-notices')).toBeNull();
  });
});
