import { describe, expect, it } from 'vitest';
import { civilDateTime, federalReserveHolidays, isBankingDay, nextBankingDay } from './banking-days';

describe('Federal Reserve holidays', () => {
  it('lists the eleven holidays of 2026 as observed', () => {
    expect([...federalReserveHolidays(2026)].sort()).toEqual(
      [
        '2026-01-01',
        '2026-01-19',
        '2026-02-16',
        '2026-05-25',
        '2026-06-19',
        '2026-09-07',
        '2026-10-12',
        '2026-11-11',
        '2026-11-26',
        '2026-12-25',
        // 4 July 2026 is a Saturday: the banks stay open on Friday 3 July, so no extra day.
        '2026-07-04',
      ].sort(),
    );
  });

  it('moves a Sunday holiday to Monday and keeps the Friday before a Saturday one open', () => {
    expect(federalReserveHolidays(2027).has('2027-07-05')).toBe(true); // 4 July 2027 is a Sunday
    expect(isBankingDay('2026-07-03')).toBe(true); // Friday before Saturday 4 July 2026
    expect(isBankingDay('2027-12-24')).toBe(true); // Christmas 2027 is a Saturday
    expect(federalReserveHolidays(2021).has('2021-06-19')).toBe(false); // Juneteenth from 2022
  });
});

describe('nextBankingDay', () => {
  it.each([
    ['2026-11-20', '2026-11-23'], // Friday → Monday
    ['2026-11-25', '2026-11-27'], // Wednesday before Thanksgiving → Friday
    ['2026-12-24', '2026-12-28'], // Christmas Friday, weekend → Monday
    ['2026-12-31', '2027-01-04'], // New Year's Day Friday, weekend → Monday
    ['2027-07-02', '2027-07-06'], // Friday, weekend, observed Monday 5 July → Tuesday
    ['2026-11-23', '2026-11-24'], // an ordinary Monday → Tuesday
  ])('after %s is %s', (date, expected) => {
    expect(nextBankingDay(date)).toBe(expected);
  });

  it('refuses what is not a calendar date', () => {
    expect(() => nextBankingDay('2026-02-30')).toThrow(RangeError);
    expect(() => nextBankingDay('26-11-20')).toThrow(RangeError);
  });
});

describe('civilDateTime', () => {
  it('reads the date and time of an instant in US Eastern time, across midnight UTC', () => {
    expect(civilDateTime(new Date('2026-11-24T03:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-11-23',
      time: '2230',
    });
    expect(civilDateTime(new Date('2026-07-01T12:05:00Z'), 'America/New_York')).toEqual({
      date: '2026-07-01',
      time: '0805',
    });
  });
});
