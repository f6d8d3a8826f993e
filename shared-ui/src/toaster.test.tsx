import { act, render, screen, waitFor } from '@testing-library/react';
import { TOAST_DURATION_MS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { toaster } from './notice-area';
import { notifyError, notifyInfo, notifySuccess } from './toaster';
import { UiProvider } from './ui-provider';

describe('toaster', () => {
  it('is configured for one notice at a time, bottom-end (clear of page-header actions), closing after TOAST_DURATION_MS', () => {
    expect(toaster.attrs).toMatchObject({ max: 1, placement: 'bottom-end', duration: TOAST_DURATION_MS });
  });

  it("shows an error notice titled 'Error' and replaces the previous notice", async () => {
    render(<UiProvider>page</UiProvider>);
    act(() => {
      notifySuccess('Company created successfully');
    });
    expect(await screen.findByText('Company created successfully')).toBeTruthy();

    act(() => {
      notifyError('Failed to fetch companies');
    });
    expect(await screen.findByText('Failed to fetch companies')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Company created successfully')).toBeNull());
    expect(toaster.getCount()).toBe(1);

    act(() => {
      notifyInfo('Coming Soon', 'Bulk actions coming soon');
    });
    expect(await screen.findByText('Bulk actions coming soon')).toBeTruthy();
    act(() => toaster.remove());
  });
});
