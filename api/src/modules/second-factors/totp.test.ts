import { describe, expect, it } from 'vitest';
import { matchTotpStep, newTotpSecret, totpCode, totpStepAt, totpUri } from './totp';

/** RFC 6238's SHA-1 secret, "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('authenticator codes (RFC 6238)', () => {
  it('match the RFC’s SHA-1 test vectors (their last 6 digits)', () => {
    expect(totpCode(RFC_SECRET, totpStepAt(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, totpStepAt(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, totpStepAt(2_000_000_000_000))).toBe('279037');
  });

  it('accept the step before, the current one and the one after, and name the step; not two away', () => {
    const secret = newTotpSecret();
    const at = 1_800_000_015_000;
    const current = totpStepAt(at);
    for (const offset of [-1, 0, 1])
      expect(matchTotpStep(secret, totpCode(secret, current + offset), at)).toBe(current + offset);
    for (const offset of [-2, 2, 10])
      expect(matchTotpStep(secret, totpCode(secret, current + offset), at)).toBeNull();
    expect(matchTotpStep(secret, '12345', at)).toBeNull();
    expect(matchTotpStep(secret, '1234567', at)).toBeNull();
  });

  it('gives 20-byte secrets and an otpauth URI an app can read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(secret, 'Bill Console', 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('issuer')).toBe('Bill Console');
  });
});
