// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { api } from 'shared-auth';
import type * as sharedAuth from 'shared-auth';
import { EMPTY_APPROVAL_STATS, type ApprovalStats } from 'shared-contracts';
import { describe, expect, it, vi } from 'vitest';
import { useApprovalStats } from './get-approval-options';
import { approvalList } from './keys';

vi.mock('shared-auth', async (importOriginal) => {
  const actual = await importOriginal<typeof sharedAuth>();
  return {
    ...actual,
    api: { ...actual.api, get: vi.fn(async () => ({ ...EMPTY_APPROVAL_STATS, total: 1 })) },
  };
});

describe("the stat cards and the list's live figures", () => {
  it('the cards show the figures an event brings without a read, and re-read when asked', async () => {
    const { result } = renderHook(() => useApprovalStats());
    await waitFor(() => expect(result.current.data?.total).toBe(1));
    const reads = vi.mocked(api.get).mock.calls.length;
    const brought: ApprovalStats = { ...EMPTY_APPROVAL_STATS, total: 7, pending: 3 };
    await act(() => approvalList.writeRelated('stats', brought));
    expect(result.current.data).toEqual(brought);
    // Nothing left to re-read: no request.
    await act(() => approvalList.revalidateLive(false, []));
    expect(vi.mocked(api.get).mock.calls.length).toBe(reads);
    // An event without them: the cards are re-read.
    await act(() => approvalList.revalidateLive(false, ['stats']));
    await waitFor(() => expect(result.current.data?.total).toBe(1));
    expect(vi.mocked(api.get).mock.calls.length).toBe(reads + 1);
  });
});
