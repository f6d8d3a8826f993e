import { describe, expect, it } from 'vitest';
import {
  FALLBACK,
  formatDate,
  formatDateLong,
  formatExpiresIn,
  formatRelative,
  formatUptime,
  formatUsd,
} from './format';

// Local-time instants, so the tests pass in any time zone.
const jan5 = new Date(2025, 0, 5, 15, 4, 0);

describe('formatDate', () => {
  it("formats as 'MMM dd, yyyy'", () => {
    expect(formatDate(jan5)).toBe('Jan 05, 2025');
    expect(formatDate('2025-01-05')).toBe('Jan 05, 2025');
    expect(formatDate('2025-12-31T23:00:00')).toBe('Dec 31, 2025');
    expect(formatDate(jan5.getTime())).toBe('Jan 05, 2025');
  });

  it('returns the fallback for missing or invalid input', () => {
    expect(formatDate(null)).toBe(FALLBACK);
    expect(formatDate(undefined)).toBe(FALLBACK);
    expect(formatDate('')).toBe(FALLBACK);
    expect(formatDate('not a date')).toBe(FALLBACK);
    expect(formatDate(new Date(Number.NaN))).toBe(FALLBACK);
  });
});

describe('formatDateLong', () => {
  it('formats the long form with time', () => {
    expect(formatDateLong(jan5)).toBe('Jan 05, 2025, 3:04 PM');
    expect(formatDateLong('2025-07-20T09:30:00')).toBe('Jul 20, 2025, 9:30 AM');
  });

  it('returns the fallback for missing or invalid input', () => {
    expect(formatDateLong(null)).toBe(FALLBACK);
    expect(formatDateLong('garbage')).toBe(FALLBACK);
  });
});

describe('formatRelative', () => {
  it('describes the distance to now in words', () => {
    const now = new Date(2025, 0, 5, 18, 4, 0);
    expect(formatRelative(jan5, now)).toBe('about 3 hours');
    expect(formatRelative(new Date(2025, 0, 5, 18, 0, 0), now)).toBe('4 minutes');
    expect(formatRelative(new Date(2024, 11, 29, 18, 4), now)).toBe('7 days');
  });

  it('returns the fallback for missing or invalid input', () => {
    expect(formatRelative(null)).toBe(FALLBACK);
    expect(formatRelative('nope')).toBe(FALLBACK);
  });
});

describe('formatUsd', () => {
  it('formats US dollars with 2 decimals and grouping', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1000000)).toBe('$1,000,000.00');
    expect(formatUsd(12.345)).toBe('$12.35');
    expect(formatUsd('99.9')).toBe('$99.90');
    expect(formatUsd(-5)).toBe('-$5.00');
  });

  it('returns the fallback for missing or invalid input', () => {
    expect(formatUsd(null)).toBe(FALLBACK);
    expect(formatUsd(undefined)).toBe(FALLBACK);
    expect(formatUsd('')).toBe(FALLBACK);
    expect(formatUsd('abc')).toBe(FALLBACK);
    expect(formatUsd(Number.POSITIVE_INFINITY)).toBe(FALLBACK);
  });
});

describe('formatUptime', () => {
  it('shows whole hours and minutes', () => {
    expect(formatUptime(5 * 3600 + 12 * 60 + 59)).toBe('5h 12m');
    expect(formatUptime(0)).toBe('0h 0m');
    expect(formatUptime(59)).toBe('0h 0m');
    expect(formatUptime(50 * 3600 + 60)).toBe('50h 1m');
  });

  it('returns the fallback for missing, negative or invalid input', () => {
    expect(formatUptime(null)).toBe(FALLBACK);
    expect(formatUptime(-1)).toBe(FALLBACK);
    expect(formatUptime(Number.NaN)).toBe(FALLBACK);
  });
});

describe('formatExpiresIn', () => {
  it('uses hours when over 3600 seconds', () => {
    expect(formatExpiresIn(7200 + 1)).toBe('2 hours');
    expect(formatExpiresIn(3601)).toBe('1 hour');
  });

  it('uses minutes when over 60 seconds and at most 3600', () => {
    expect(formatExpiresIn(3600)).toBe('60 minutes');
    expect(formatExpiresIn(300)).toBe('5 minutes');
    expect(formatExpiresIn(61)).toBe('1 minute');
  });

  it('uses seconds otherwise', () => {
    expect(formatExpiresIn(60)).toBe('60 seconds');
    expect(formatExpiresIn(30)).toBe('30 seconds');
    expect(formatExpiresIn(1)).toBe('1 second');
    expect(formatExpiresIn(0)).toBe('0 seconds');
    expect(formatExpiresIn(-20)).toBe('0 seconds');
  });

  it('returns the fallback for missing or invalid input', () => {
    expect(formatExpiresIn(null)).toBe(FALLBACK);
    expect(formatExpiresIn(undefined)).toBe(FALLBACK);
    expect(formatExpiresIn(Number.NaN)).toBe(FALLBACK);
  });
});
