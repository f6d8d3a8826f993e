/**
 * Banking days of the US ACH network: Monday to Friday, except the holidays the Federal Reserve
 * observes. A NACHA Effective Entry Date must be one of these (batch header positions 70-75).
 *
 * Dates here are civil dates ('YYYY-MM-DD'), computed with UTC arithmetic so no time zone or
 * daylight-saving change can shift a day.
 */

export type CivilDate = string;

const DAY_MS = 86_400_000;

function toUtc(date: CivilDate): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return parsed;
}

const fromUtc = (date: Date): CivilDate => date.toISOString().slice(0, 10);
const ymd = (year: number, month: number, day: number): CivilDate =>
  fromUtc(new Date(Date.UTC(year, month - 1, day)));

/** The n-th given weekday (0 = Sunday) of a month; n = -1 for the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): CivilDate {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return ymd(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  const back = (lastDay.getUTCDay() - weekday + 7) % 7;
  return ymd(year, month, lastDay.getUTCDate() - back);
}

/**
 * A fixed-date holiday as the Federal Reserve observes it: on a Sunday the banks close the Monday
 * after; on a Saturday they stay open the Friday before (so nothing moves: Saturday is closed anyway).
 */
function observedFixed(year: number, month: number, day: number): CivilDate {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDay() === 0 ? fromUtc(new Date(date.getTime() + DAY_MS)) : fromUtc(date);
}

const holidayCache = new Map<number, ReadonlySet<CivilDate>>();

/** The Federal Reserve's bank holidays of a year, as observed (federalreserve.gov holiday schedule). */
export function federalReserveHolidays(year: number): ReadonlySet<CivilDate> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days = new Set<CivilDate>([
    observedFixed(year, 1, 1), // New Year's Day
    nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    ...(year >= 2022 ? [observedFixed(year, 6, 19)] : []), // Juneteenth (a Fed holiday since 2022)
    observedFixed(year, 7, 4), // Independence Day
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    observedFixed(year, 11, 11), // Veterans Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day
    observedFixed(year, 12, 25), // Christmas Day
  ]);
  holidayCache.set(year, days);
  return days;
}

export function isBankingDay(date: CivilDate): boolean {
  const day = toUtc(date).getUTCDay();
  if (day === 0 || day === 6) return false;
  return !federalReserveHolidays(Number(date.slice(0, 4))).has(date);
}

/** The first banking day strictly after `date` (a file created today settles on this day). */
export function nextBankingDay(date: CivilDate): CivilDate {
  let current = toUtc(date).getTime();
  for (;;) {
    current += DAY_MS;
    const candidate = fromUtc(new Date(current));
    if (isBankingDay(candidate)) return candidate;
  }
}

/** The civil date and time of an instant in a time zone (ACH runs on US Eastern time). */
export function civilDateTime(instant: Date, timeZone: string): { date: CivilDate; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}${parts.minute}` };
}
