import { describe, expect, it } from 'vitest';
import { signInsSummary } from './sign-ins-chart';

describe('signInsSummary', () => {
  it('totals the days and names the busiest', () => {
    expect(
      signInsSummary([
        { day: '2026-11-01', signIns: 1 },
        { day: '2026-11-02', signIns: 4 },
      ]),
    ).toBe('5 sign-ins in the last 2 days; the most on Nov 2 (4).');
    expect(signInsSummary([{ day: '2026-11-01', signIns: 1 }])).toBe(
      '1 sign-in in the last 1 days; the most on Nov 1 (1).',
    );
    expect(signInsSummary([{ day: '2026-11-01', signIns: 0 }])).toBe('0 sign-ins in the last 1 days.');
  });
});
