import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { deviceSummary, SESSION_ERRORS, SessionIdParamSchema } from './sessions';

describe('deviceSummary', () => {
  it('names the browser family and the operating system', () => {
    const cases: Array<[string, string]> = [
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Chrome on Linux',
      ],
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
        'Chrome on Linux',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge on Windows',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
        'Opera on Windows',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
        'Firefox on macOS',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
        'Safari on macOS',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        'Safari on iOS',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
        'Chrome on iOS',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
        'Samsung Internet on Android',
      ],
      [
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        'Chrome on Android',
      ],
      [
        'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Chrome on ChromeOS',
      ],
    ];
    for (const [agent, summary] of cases) expect(deviceSummary(agent), agent).toBe(summary);
  });

  it('says only what the agent plainly says', () => {
    expect(deviceSummary(null)).toBe('Unknown device');
    expect(deviceSummary('   ')).toBe('Unknown device');
    expect(deviceSummary('curl/8.5.0')).toBe('curl');
    expect(deviceSummary('lightMyRequest')).toBe('Unknown device');
    expect(deviceSummary('Mozilla/5.0 (X11; Linux x86_64) SomethingNew/1.0')).toBe('A browser on Linux');
    expect(deviceSummary('<script>alert(1)</script>')).toBe('Unknown device');
  });
});

describe('SessionIdParamSchema', () => {
  it('takes a UUID (any case) and refuses anything else with the message', () => {
    expect(v.parse(SessionIdParamSchema, { id: ' 0E0B9B0C-1F5B-4C2A-9D61-0A6F3E0F2B11 ' })).toEqual({
      id: '0e0b9b0c-1f5b-4c2a-9d61-0a6f3e0f2b11',
    });
    for (const id of ['1', '42', 'abc', '0e0b9b0c1f5b4c2a9d610a6f3e0f2b11', "' or 1=1 --"]) {
      const result = v.safeParse(SessionIdParamSchema, { id });
      expect(result.success, id).toBe(false);
      expect(result.issues?.[0]?.message).toBe(SESSION_ERRORS.invalidId);
    }
  });
});
