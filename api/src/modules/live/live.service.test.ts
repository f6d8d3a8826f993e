import { describe, expect, it } from 'vitest';
import { liveEventOf } from './live.service';

const change = (action: string, details?: Record<string, unknown>, entityType = 'company') => ({
  actorId: 1,
  action,
  entityType,
  entityId: 7,
  ...(details ? { details } : {}),
});

describe('liveEventOf', () => {
  it('passes on the new status of an approval and of a bank file step', () => {
    expect(
      liveEventOf(change('approval.approve', { after: { status: 'APPROVED' } }, 'approval')),
    ).toMatchObject({
      status: 'APPROVED',
      minRole: 'GUEST',
    });
    expect(
      liveEventOf(
        change('approval.nacha_generated', { from: 'NACHA_PENDING', to: 'NACHA_GENERATED' }, 'approval'),
      ),
    ).toMatchObject({ status: 'NACHA_GENERATED' });
    expect(liveEventOf(change('company.deactivate', { from: 'active', to: 'inactive' }))).toMatchObject({
      status: 'inactive',
    });
  });

  it("never passes on an assignment's person or a role change's role as a status", () => {
    expect(
      liveEventOf(change('company.assignment', { field: 'managerId', from: null, to: 'Ada' }))?.status,
    ).toBeNull();
    expect(liveEventOf(change('user.role_change', { from: 'USER', to: 'ADMIN' }, 'user'))?.status).toBeNull();
  });

  it('says PENDING / CONFIRMED with the version for bank accounts, for USER and above only', () => {
    expect(
      liveEventOf(change('payments.vendor_account.update', { vendorRef: 'V', version: 3 })),
    ).toMatchObject({
      status: 'PENDING',
      version: 3,
      minRole: 'USER',
    });
    expect(liveEventOf(change('payments.vendor_account.confirm', { version: 3 }))).toMatchObject({
      status: 'CONFIRMED',
      version: 3,
      minRole: 'USER',
    });
    // The line an account change writes into an approval's history is about the account too.
    expect(liveEventOf(change('approval.vendor_account_change', { version: 4 }, 'approval'))).toMatchObject({
      minRole: 'USER',
    });
  });

  it('makes no event of signing in or of reading a bank file', () => {
    expect(liveEventOf(change('auth.login', undefined, 'user'))).toBeNull();
    expect(liveEventOf(change('approval.nacha_download', undefined, 'approval'))).toBeNull();
  });
});
