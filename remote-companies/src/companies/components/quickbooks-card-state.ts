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
 * What the QuickBooks card says. The API renews an access token itself before it calls QuickBooks
 * (near its end, or on a 401), so a lapsed access token is no problem while renewal works: the
 * token counts as expired only once a renewal failed (the company's QuickBooks status is then 'error').
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
          : status.isExpired && renewalFailed
            ? 'expired'
            : 'connected';
  const accessToken =
    !status?.hasTokens || state === 'unable' || state === 'checking'
      ? null
      : state === 'expired'
        ? 'Expired; QuickBooks refused to renew it'
        : status.isExpired
          ? 'Renews automatically when QuickBooks is next called'
          : `Renews automatically when used · current one expires in ${formatExpiresIn(status.expiresIn)}`;
  return {
    state,
    needsReconnect: linked && (renewalFailed || state === 'expired' || state === 'unable'),
    connectIsPrimary: state === 'not-connected' || state === 'no-tokens',
    accessToken,
  };
}
