import { describe, expect, it } from 'vitest';
import { fillDays, fillWeeks, firstDayStart, firstWeekStart, utcWeekStart } from './charts';

const empty = (day: string) => ({ day, n: 0 });

describe('fillDays', () => {
  it('returns every day of the window oldest first, zeros where the query had no row', () => {
    const last = new Date('2026-03-02T23:30:00Z');
    const days = fillDays([{ day: '2026-02-28', n: 4 }], (row) => row.day, last, 4, empty);
    expect(days).toEqual([
      { day: '2026-02-27', n: 0 },
      { day: '2026-02-28', n: 4 },
      { day: '2026-03-01', n: 0 },
      { day: '2026-03-02', n: 0 },
    ]);
  });

  it('ignores rows outside the window', () => {
    const days = fillDays(
      [{ day: '2025-01-01', n: 9 }],
      (row) => row.day,
      new Date('2026-01-01T00:00:00Z'),
      2,
      empty,
    );
    expect(days.map((row) => row.n)).toEqual([0, 0]);
  });

  it('starts the window at midnight UTC of its first day', () => {
    expect(firstDayStart(new Date('2026-03-02T23:30:00Z'), 30).toISOString()).toBe(
      '2026-02-01T00:00:00.000Z',
    );
  });
});

describe('fillWeeks', () => {
  it('names weeks by their Monday (UTC) and fills the missing ones', () => {
    // 2026-03-01 is a Sunday: its week starts on Monday 2026-02-23.
    expect(utcWeekStart(new Date('2026-03-01T23:59:00Z'))).toBe('2026-02-23');
    expect(utcWeekStart(new Date('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
    const weeks = fillWeeks(
      [{ day: '2026-02-16', n: 7 }],
      (row) => row.day,
      new Date('2026-03-04T12:00:00Z'),
      3,
      empty,
    );
    expect(weeks).toEqual([
      { day: '2026-02-16', n: 7 },
      { day: '2026-02-23', n: 0 },
      { day: '2026-03-02', n: 0 },
    ]);
    expect(firstWeekStart(new Date('2026-03-04T12:00:00Z'), 3).toISOString()).toBe(
      '2026-02-16T00:00:00.000Z',
    );
  });
});
