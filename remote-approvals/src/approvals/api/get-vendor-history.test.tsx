// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { api } from 'shared-auth';
import type * as sharedAuth from 'shared-auth';
import type { VendorHistory } from 'shared-contracts';
import { describe, expect, it, vi } from 'vitest';
import { useVendorHistory } from './get-vendor-history';

vi.mock('shared-auth', async (importOriginal) => {
  const actual = await importOriginal<typeof sharedAuth>();
  return { ...actual, api: { ...actual.api, get: vi.fn() } };
});

const history = (changedBy: string | null): VendorHistory => ({
  vendors: [
    {
      vendorRef: 'V-1',
      vendorName: 'Sherwin-Williams',
      payments: [],
      typicalCents: null,
      accountChange: changedBy ? { daysAgo: 0, changedBy } : null,
    },
  ],
});

describe('the vendor history read', () => {
  it('is read again when the page opens again at once: the account entered meanwhile shows', async () => {
    vi.mocked(api.get).mockResolvedValueOnce(history(null)).mockResolvedValueOnce(history('Ada Admin'));
    const first = renderHook(() => useVendorHistory('approval-1'));
    await waitFor(() => expect(first.result.current.data).toEqual(history(null)));
    first.unmount();
    // Someone enters the vendor's account on the company page and comes straight back: well
    // within SWR's default 2 s, which would have answered with the read above.
    const again = renderHook(() => useVendorHistory('approval-1'));
    await waitFor(() => expect(again.result.current.data).toEqual(history('Ada Admin')));
    expect(api.get).toHaveBeenCalledTimes(2);
  });
});
