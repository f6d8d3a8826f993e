import type { QbTokenStatus } from 'shared-contracts';
import type { CompanyRow } from '../../../db/schema';
import { decryptSecret } from '../../../security/token-cipher';

type TokenColumns = Pick<CompanyRow, 'qbAccessTokenEnc' | 'qbRefreshTokenEnc' | 'qbTokenExpiresAt'>;

/** Stored tokens that do not decrypt with this server's key (wrong QB_TOKEN_KEY or corrupted). */
export class UnreadableTokensError extends Error {
  constructor() {
    super('stored QuickBooks tokens do not decrypt with QB_TOKEN_KEY');
    this.name = 'UnreadableTokensError';
  }
}

/** The plaintext tokens of a company, or null when it has none. Throws UnreadableTokensError. */
export function readTokens(
  row: TokenColumns,
  key: Buffer,
): { accessToken: string; refreshToken: string } | null {
  if (!row.qbAccessTokenEnc || !row.qbRefreshTokenEnc) return null;
  const accessToken = decryptSecret(row.qbAccessTokenEnc, key);
  const refreshToken = decryptSecret(row.qbRefreshTokenEnc, key);
  if (accessToken === null || refreshToken === null) throw new UnreadableTokensError();
  return { accessToken, refreshToken };
}

/**
 * hasTokens when both tokens are stored (and readable),
 * isExpired when the access token's expiry has passed, expiresIn the whole seconds left (0 when
 * expired or when there are no tokens). Throws UnreadableTokensError.
 */
export function tokenStatus(row: TokenColumns, key: Buffer, now: Date = new Date()): QbTokenStatus {
  const tokens = readTokens(row, key);
  if (!tokens) return { hasTokens: false, isExpired: false, expiresIn: 0 };
  const expiresIn = row.qbTokenExpiresAt
    ? Math.max(0, Math.floor((row.qbTokenExpiresAt.getTime() - now.getTime()) / 1000))
    : 0;
  return { hasTokens: true, isExpired: expiresIn === 0, expiresIn };
}
