import { describe, expect, it } from 'vitest';
import { quickBooksCardView } from './quickbooks-card-state';

const linked = { qbRealmId: '4620816365', qbConnectionStatus: 'connected' as const };
const read = (hasTokens: boolean, expiresIn: number) => ({
  status: { hasTokens, isExpired: hasTokens && expiresIn === 0, expiresIn },
  failed: false,
  loading: false,
});

describe('the QuickBooks card', () => {
  it('treats an access token about to expire as routine: connected, renewing by itself, no reconnect', () => {
    expect(quickBooksCardView(linked, read(true, 90))).toEqual({
      state: 'connected',
      needsReconnect: false,
      connectIsPrimary: false,
      accessToken: 'Renews automatically when used · current one expires in 1 minute',
    });
  });

  it('says a lapsed access token expired, and that the API renews it, while renewals work', () => {
    expect(quickBooksCardView(linked, read(true, 0))).toEqual({
      state: 'expired',
      needsReconnect: false,
      connectIsPrimary: false,
      accessToken: 'Expired; renewed automatically when QuickBooks is next called',
    });
  });

  it('asks for a reconnect once QuickBooks refused a renewal', () => {
    expect(quickBooksCardView({ ...linked, qbConnectionStatus: 'error' }, read(true, 0))).toEqual({
      state: 'expired',
      needsReconnect: true,
      connectIsPrimary: false,
      accessToken: 'Expired; QuickBooks refused to renew it',
    });
  });

  it('makes connecting the primary action only when there is nothing to renew', () => {
    const none = { qbRealmId: null, qbConnectionStatus: null };
    expect(quickBooksCardView(none, { status: undefined, failed: false, loading: false })).toMatchObject({
      state: 'not-connected',
      connectIsPrimary: true,
      needsReconnect: false,
      accessToken: null,
    });
    expect(quickBooksCardView(linked, read(false, 0))).toMatchObject({
      state: 'no-tokens',
      connectIsPrimary: true,
      accessToken: null,
    });
    expect(quickBooksCardView(linked, { status: undefined, failed: true, loading: false })).toMatchObject({
      state: 'unable',
      needsReconnect: true,
      connectIsPrimary: false,
      accessToken: null,
    });
  });
});
