import { describe, expect, it } from 'vitest';
import { liveEventOf, type LiveChange } from './live.service';

const change = (action: string, more: Partial<LiveChange> = {}, entityType = 'company'): LiveChange => ({
  actorId: 1,
  action,
  entityType,
  entityId: 7,
  ...more,
});

describe('liveEventOf', () => {
  it('passes on the new status the caller states, of an approval and of a bank file step', () => {
    expect(liveEventOf(change('approval.approve', { status: 'APPROVED' }, 'approval'))).toMatchObject({
      status: 'APPROVED',
      version: null,
      minRole: 'GUEST',
    });
    expect(
      liveEventOf(change('approval.nacha_generated', { status: 'NACHA_GENERATED' }, 'approval')),
    ).toMatchObject({ status: 'NACHA_GENERATED' });
    expect(liveEventOf(change('company.deactivate', { status: 'INACTIVE' }))).toMatchObject({
      status: 'INACTIVE',
    });
  });

  it('has no status or version the caller did not state, whatever the action', () => {
    expect(liveEventOf(change('company.deactivate'))).toMatchObject({ status: null, version: null });
    expect(liveEventOf(change('user.role_change', {}, 'user'))).toMatchObject({
      status: null,
      version: null,
    });
  });

  it('says PENDING / CONFIRMED with the version for bank accounts, for USER and above only', () => {
    expect(
      liveEventOf(change('payments.vendor_account.update', { status: 'PENDING', version: 3 })),
    ).toMatchObject({ status: 'PENDING', version: 3, minRole: 'USER' });
    expect(
      liveEventOf(change('payments.vendor_account.confirm', { status: 'CONFIRMED', version: 3 })),
    ).toMatchObject({ status: 'CONFIRMED', version: 3, minRole: 'USER' });
    // The line an account change writes into an approval's history is about the account too.
    expect(liveEventOf(change('approval.vendor_account_change', { version: 4 }, 'approval'))).toMatchObject({
      version: 4,
      minRole: 'USER',
    });
  });

  it('makes no event of signing in or of reading a bank file', () => {
    expect(liveEventOf(change('auth.login', {}, 'user'))).toBeNull();
    expect(liveEventOf(change('approval.nacha_download', {}, 'approval'))).toBeNull();
  });
});
