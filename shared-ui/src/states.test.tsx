import { fireEvent, screen } from '@testing-library/react';
import { UI_TEXT } from 'shared-contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  AccessDenied,
  EmptyState,
  ErrorState,
  FullPageSpinner,
  LoadingState,
  NoMatchesState,
} from './states';
import { renderWithProviders } from './test-utils';

describe('state views', () => {
  it('ErrorState is an alert whose Retry button calls onRetry', () => {
    const onRetry = vi.fn();
    renderWithProviders(<ErrorState message="Error loading companies: boom" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Error loading companies: boom');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('ErrorState without onRetry has no Retry button', () => {
    renderWithProviders(
      <ErrorState title="Company Not Found" message="The requested company could not be found." />,
    );
    expect(screen.getByText('Company Not Found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("FullPageSpinner and LoadingState announce 'Loading...' as a status", () => {
    renderWithProviders(
      <>
        <FullPageSpinner />
        <LoadingState text="Loading managers..." />
      </>,
    );
    const statuses = screen.getAllByRole('status');
    expect(statuses[0]?.textContent).toContain(UI_TEXT.loading);
    expect(statuses[1]?.textContent).toContain('Loading managers...');
  });

  it('AccessDenied shows its texts and a link back to the dashboard', () => {
    renderWithProviders(<AccessDenied />);
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('EmptyState shows its title, description and action', () => {
    renderWithProviders(
      <EmptyState
        title="No companies found"
        description="Get started by creating your first company"
        action={<button>Add Company</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No companies found' })).toBeTruthy();
    expect(screen.getByText('Get started by creating your first company')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Company' })).toBeTruthy();
  });
});

describe('NoMatchesState', () => {
  it('says nothing matches the filters and offers to clear them', () => {
    const onClear = vi.fn();
    renderWithProviders(<NoMatchesState itemLabel="companies" onClearFilters={onClear} />);
    expect(screen.getByRole('heading', { name: 'No companies match your filters' })).toBeTruthy();
    expect(screen.queryByText(/Get started/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
