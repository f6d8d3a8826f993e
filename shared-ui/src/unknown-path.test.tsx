import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { UiProvider } from './ui-provider';
import { UnknownPath, UnknownPathNotice, unknownPathOf } from './unknown-path';

function renderAt(url: string) {
  render(
    <UiProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/dashboard"
            element={
              <>
                <UnknownPathNotice />
                <p>Dashboard page</p>
              </>
            }
          />
          <Route path="*" element={<UnknownPath />} />
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
}

describe('UnknownPath', () => {
  it('takes an unknown path to the dashboard, which names it until closed', () => {
    renderAt('/bills?companyId=3');
    expect(screen.getByText('Dashboard page')).toBeTruthy();
    expect(screen.getByTestId('unknown-path-notice').textContent).toContain(
      'There is no page at /bills?companyId=3.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('unknown-path-notice')).toBeNull();
    expect(screen.getByText('Dashboard page')).toBeTruthy();
  });

  it('says nothing on the dashboard reached any other way', () => {
    renderAt('/dashboard');
    expect(screen.getByText('Dashboard page')).toBeTruthy();
    expect(screen.queryByTestId('unknown-path-notice')).toBeNull();
  });

  it('reads the path only from a state that carries one', () => {
    expect(unknownPathOf({ unknownPath: '/x' })).toBe('/x');
    expect(unknownPathOf(null)).toBeNull();
    expect(unknownPathOf({ unknownPath: 3 })).toBeNull();
  });
});
