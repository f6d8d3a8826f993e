import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = {
  JWT_SECRET: 'config-test-secret-config-test-secret-0123',
  QB_TOKEN_KEY: '00'.repeat(32),
  BANK_ACCOUNT_KEY: '11'.repeat(32),
  MFA_SECRET_KEY: '22'.repeat(32),
  DATA_DIR: tmpdir(),
};

describe('second-factor configuration', () => {
  it('defaults: passkeys for localhost on the API’s port, 5-minute step-up from $10,000, no grace', () => {
    const config = loadConfig({ ...base, PORT: '8123' });
    expect(config.webAuthn).toEqual({ rpId: 'localhost', origins: ['http://localhost:8123'] });
    expect(config).toMatchObject({ stepUpMinutes: 5, stepUpAmount: 10_000, mfaGraceDays: 0 });
    expect(config.mfaSecretKey.equals(Buffer.from('22'.repeat(32), 'hex'))).toBe(true);
  });

  it('an API listening on a name is its RP; CORS origins on it are origins too, others not', () => {
    const config = loadConfig({
      ...base,
      HOST: 'console.example.com',
      PORT: '443',
      CORS_ORIGINS: 'https://app.console.example.com,https://other.example.org',
    });
    expect(config.webAuthn).toEqual({
      rpId: 'console.example.com',
      origins: ['http://console.example.com:443', 'https://app.console.example.com'],
    });
  });

  it('WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN say it; an origin off the RP ID stops the start', () => {
    const config = loadConfig({
      ...base,
      WEBAUTHN_RP_ID: 'example.com',
      WEBAUTHN_ORIGIN: 'https://console.example.com, https://example.com',
      STEP_UP_MINUTES: '10',
      STEP_UP_AMOUNT: '25000',
      MFA_GRACE_DAYS: '3',
    });
    expect(config.webAuthn).toEqual({
      rpId: 'example.com',
      origins: ['https://console.example.com', 'https://example.com'],
    });
    expect(config).toMatchObject({ stepUpMinutes: 10, stepUpAmount: 25_000, mfaGraceDays: 3 });
    expect(() =>
      loadConfig({ ...base, WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGIN: 'https://evil.test' }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, WEBAUTHN_RP_ID: 'https://example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STEP_UP_MINUTES: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STEP_UP_MINUTES: '0.05' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STEP_UP_MINUTES: '1e3' })).toThrow(ConfigError);
    expect(loadConfig({ ...base, STEP_UP_MINUTES: '0.5' }).stepUpMinutes).toBe(0.5);
  });
});
