// @vitest-environment jsdom
// Each figure of the dashboard's line opens the list that shows what it counts: the approvals list
// filters by one status, so approvals returned in part are a figure (and a link) of their own rather
// than counted under 'returned' and missing from the list it opens.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { UiProvider } from 'shared-ui';
import { afterEach, describe, expect, it } from 'vitest';
import { QuickBooksLine } from './quickbooks-line';

afterEach(cleanup);

function renderLine(returnedThisMonth: number, partlyReturnedThisMonth: number) {
  render(
    <UiProvider>
      <MemoryRouter>
        <QuickBooksLine
          connected={3}
          needAttention={1}
          returnedThisMonth={returnedThisMonth}
          partlyReturnedThisMonth={partlyReturnedThisMonth}
        />
      </MemoryRouter>
    </UiProvider>,
  );
}

describe('the dashboard figures line', () => {
  it('opens the list on Payment returned and on Partly returned, each with its own count', () => {
    renderLine(2, 1);
    expect(screen.getByRole('link', { name: '2 returned this month' }).getAttribute('href')).toBe(
      '/approvals?status=PAYMENT_RETURNED',
    );
    expect(screen.getByRole('link', { name: '1 partly returned' }).getAttribute('href')).toBe(
      '/approvals?status=PAYMENT_PARTLY_RETURNED',
    );
    expect(screen.getByTestId('returned-this-month').textContent).toBe(
      ' · 2 returned this month, 1 partly returned',
    );
  });

  it('says nothing of partial returns when there are none', () => {
    renderLine(0, 0);
    expect(screen.getByRole('link', { name: '0 returned this month' }).getAttribute('href')).toBe(
      '/approvals?status=PAYMENT_RETURNED',
    );
    expect(screen.queryByRole('link', { name: /partly returned/ })).toBeNull();
  });
});
