import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { noteLiveSeq } from './conditional-reads';
import { tokenStorage } from './token-storage';
import { installFakeApi, jsonResponse, resetAll, type RecordedCall } from './testing/fake-api';

beforeEach(resetAll);
afterEach(() => vi.unstubAllGlobals());

/** A list the server versions by ETag: 304 when the client names the current one. */
function versionedList() {
  const state = { etag: 'W/"7.1-abc"', rows: [{ id: 1, status: 'PENDING' }] };
  const answer = (call: RecordedCall) =>
    call.headers.get('if-none-match') === state.etag
      ? new Response(null, { status: 304, headers: { etag: state.etag } })
      : jsonResponse(200, { success: true, data: state.rows }, { etag: state.etag });
  return { state, answer };
}

describe('conditional reads', () => {
  it('sends the ETag of the copy it holds and answers a 304 from that copy', async () => {
    const list = versionedList();
    const { calls } = installFakeApi({ 'GET /api/bill-approval/approvals': list.answer });
    const first = await api.get('/api/bill-approval/approvals', { searchParams: { page: 1 } });
    const second = await api.get('/api/bill-approval/approvals', { searchParams: { page: 1 } });
    expect(second).toEqual(first);
    expect(calls[0]?.headers.has('if-none-match')).toBe(false);
    expect(calls[1]?.headers.get('if-none-match')).toBe('W/"7.1-abc"');
  });

  it('takes the new answer when the data changed, and keeps copies per query', async () => {
    const list = versionedList();
    const { calls } = installFakeApi({ 'GET /api/bill-approval/approvals': list.answer });
    await api.get('/api/bill-approval/approvals', { searchParams: { page: 1 } });
    list.state.etag = 'W/"8.1-abc"';
    list.state.rows = [{ id: 1, status: 'APPROVED' }];
    await expect(api.get('/api/bill-approval/approvals', { searchParams: { page: 1 } })).resolves.toEqual([
      { id: 1, status: 'APPROVED' },
    ]);
    // Page 2 is another read: no ETag of page 1 goes with it.
    await api.get('/api/bill-approval/approvals', { searchParams: { page: 2 } });
    expect(calls[2]?.headers.has('if-none-match')).toBe(false);
  });

  it('names the newest live event it has seen, so a server behind it reads the log first', async () => {
    const list = versionedList();
    const { calls } = installFakeApi({ 'GET /api/bill-approval/approvals': list.answer });
    noteLiveSeq('41');
    noteLiveSeq('40');
    noteLiveSeq(undefined);
    await api.get('/api/bill-approval/approvals');
    expect(calls[0]?.headers.get('live-seq')).toBe('41');
  });

  it('keeps nothing past sign-out, and never sends a conditional write', async () => {
    const list = versionedList();
    const { calls } = installFakeApi({
      'GET /api/bill-approval/approvals': list.answer,
      'PUT /api/bill-approval/approvals/1/approve': () => jsonResponse(200, { success: true, data: null }),
    });
    await api.get('/api/bill-approval/approvals');
    await api.put('/api/bill-approval/approvals/1/approve', {});
    expect(calls[1]?.headers.has('if-none-match')).toBe(false);
    tokenStorage.clear();
    await api.get('/api/bill-approval/approvals');
    expect(calls[2]?.headers.has('if-none-match')).toBe(false);
  });
});
