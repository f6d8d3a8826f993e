import type { Company, QbTokenStatus } from 'shared-contracts';
import { formatExpiresIn } from 'shared-ui/format';

export type CardState = 'checking' | 'unable' | 'not-connected' | 'no-tokens' | 'expired' | 'connected';

export interface QuickBooksCardView {
  state: CardState;
  /** QuickBooks refused the stored refresh token (invalid_grant) or the tokens cannot be read: only a new consent helps. */
  needsReconnect: boolean;
  /** Connecting is the card's one primary action when there is no connection to renew. */
  connectIsPrimary: boolean;
  /** The access token row, or null when there is no token to speak of. */
  accessToken: string | null;
}

/**
 * What the QuickBooks card says. Its states are the spec's: a stored access token past its end is
 * 'Token expired', with the connection-issue notice, and a manual refresh is offered only while the
 * token is valid. The API renews an access token itself before it calls QuickBooks (near its end,
 * or on a 401), so the token row says whether that renewal still works; only when QuickBooks refused
 * it (the company's QuickBooks status is then 'error') is a new consent (Reconnect) the way out.
 */
export function quickBooksCardView(
  company: Pick<Company, 'qbRealmId' | 'qbConnectionStatus'>,
  read: { status: QbTokenStatus | undefined; failed: boolean; loading: boolean },
): QuickBooksCardView {
  const linked = Boolean(company.qbRealmId);
  const renewalFailed = company.qbConnectionStatus === 'error';
  const { status } = read;
  const state: CardState = !linked
    ? 'not-connected'
    : read.failed
      ? 'unable'
      : read.loading || !status
        ? 'checking'
        : !status.hasTokens
          ? 'no-tokens'
          : status.isExpired
            ? 'expired'
            : 'connected';
  const accessToken =
    !status?.hasTokens || state === 'unable' || state === 'checking'
      ? null
      : state === 'expired'
        ? renewalFailed
          ? 'Expired; QuickBooks refused to renew it'
          : 'Expired; renewed automatically when QuickBooks is next called'
        : `Renews automatically when used · current one expires in ${formatExpiresIn(status.expiresIn)}`;
  return {
    state,
    needsReconnect: linked && (renewalFailed || state === 'unable'),
    connectIsPrimary: state === 'not-connected' || state === 'no-tokens',
    accessToken,
  };
}
