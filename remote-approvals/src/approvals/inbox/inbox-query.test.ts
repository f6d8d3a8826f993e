import { describe, expect, it } from 'vitest';
import { inboxTab, inboxTabHref, toApprovalRequest } from './inbox-query';

const base = { page: 2, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' as const };

describe('toApprovalRequest', () => {
  it("asks for the reviewer's queue by default and for a bad tab", () => {
    expect(toApprovalRequest(base)).toEqual({ ...base, view: 'waiting' });
    expect(toApprovalRequest({ ...base, tab: 'mine', status: 'REJECTED' })).toEqual({
      ...base,
      view: 'waiting',
    });
  });

  it('asks for every approval on All, with no status or view', () => {
    expect(toApprovalRequest({ ...base, tab: 'all', status: 'REJECTED' })).toEqual(base);
  });

  it('asks for the approved ones on Decided, the rejected ones when chosen, never pending ones', () => {
    expect(toApprovalRequest({ ...base, tab: 'decided' })).toEqual({ ...base, status: 'APPROVED' });
    expect(toApprovalRequest({ ...base, tab: 'decided', status: 'REJECTED' })).toEqual({
      ...base,
      status: 'REJECTED',
    });
    expect(toApprovalRequest({ ...base, tab: 'decided', status: 'PENDING' })).toEqual({
      ...base,
      status: 'APPROVED',
    });
  });
});

describe('inbox tabs', () => {
  it('reads the tab from the URL, Waiting for me unless All or Decided', () => {
    expect(inboxTab(undefined)).toBe('waiting');
    expect(inboxTab('')).toBe('waiting');
    expect(inboxTab('decided')).toBe('decided');
  });

  it('links each tab to its first page with nothing selected', () => {
    expect(inboxTabHref('waiting')).toBe('/approvals/inbox');
    expect(inboxTabHref('all')).toBe('/approvals/inbox?tab=all');
    expect(inboxTabHref('decided', 'REJECTED')).toBe('/approvals/inbox?tab=decided&status=REJECTED');
    expect(inboxTabHref('decided', 'APPROVED')).toBe('/approvals/inbox?tab=decided');
  });
});
