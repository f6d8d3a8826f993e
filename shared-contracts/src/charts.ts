import * as v from 'valibot';

/**
 * The dashboard's charts (GET /api/dashboard/charts). Days and weeks are UTC calendar days (the API
 * stores timestamps with time zone and nothing else in the console names a zone for a day); a week
 * starts on Monday (ISO 8601), as PostgreSQL's date_trunc('week') does.
 */
export const CHART_DAYS = 30;
export const CHART_WEEKS = 12;

const DaySchema = v.pipe(v.string(), v.isoDate());

export const DecidedDaySchema = v.object({
  /** YYYY-MM-DD (UTC). */
  day: DaySchema,
  approved: v.number(),
  rejected: v.number(),
});
export type DecidedDay = v.InferOutput<typeof DecidedDaySchema>;

export const PaidWeekSchema = v.object({
  /** The week's Monday, YYYY-MM-DD (UTC). */
  weekStart: DaySchema,
  /** Sum of the approved amounts of the approvals marked payment completed that week. */
  amountCents: v.number(),
  /** The bills those approvals paid: one payment per bill, however many approvals or files. */
  payments: v.number(),
});
export type PaidWeek = v.InferOutput<typeof PaidWeekSchema>;

export const CreatedDaySchema = v.object({ day: DaySchema, created: v.number() });
export type CreatedDay = v.InferOutput<typeof CreatedDaySchema>;

export const SignInDaySchema = v.object({ day: DaySchema, signIns: v.number() });
export type SignInDay = v.InferOutput<typeof SignInDaySchema>;

/** The console's charts: the dashboard's two, the approvals list's trends and the users overview's. */
export const DashboardChartsSchema = v.object({
  /** The last CHART_DAYS days, oldest first, today included; days without a decision are zeros. */
  decidedPerDay: v.array(DecidedDaySchema),
  /** The last CHART_WEEKS weeks, oldest first, this week included; weeks without payments are zeros. */
  paidPerWeek: v.array(PaidWeekSchema),
  /** Approvals created per day (the approvals list's Total trend), like decidedPerDay. */
  createdPerDay: v.array(CreatedDaySchema),
  /** Successful sign-ins per day (the users overview), like decidedPerDay. */
  signInsPerDay: v.array(SignInDaySchema),
});
export type DashboardCharts = v.InferOutput<typeof DashboardChartsSchema>;

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of a time, in UTC. */
export function utcDay(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** The Monday (UTC) of the week holding `time`, as 'YYYY-MM-DD'. */
export function utcWeekStart(time: Date): string {
  const midnight = Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return utcDay(new Date(midnight - sinceMonday * DAY_MS));
}

/**
 * `count` consecutive days ending with `last`'s day (UTC), oldest first: each from `rows` by its day
 * key, or `empty(day)` for a day the query returned nothing for (GROUP BY only returns days that
 * have rows).
 */
export function fillDays<T>(
  rows: readonly T[],
  dayOf: (row: T) => string,
  last: Date,
  count: number,
  empty: (day: string) => T,
): T[] {
  const byDay = new Map(rows.map((row) => [dayOf(row), row]));
  const end = Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate());
  return Array.from({ length: count }, (_, index) => {
    const day = utcDay(new Date(end - (count - 1 - index) * DAY_MS));
    return byDay.get(day) ?? empty(day);
  });
}

/** `count` consecutive weeks (Mondays, UTC) ending with the week holding `last`, oldest first. */
export function fillWeeks<T>(
  rows: readonly T[],
  weekOf: (row: T) => string,
  last: Date,
  count: number,
  empty: (weekStart: string) => T,
): T[] {
  const byWeek = new Map(rows.map((row) => [weekOf(row), row]));
  const end = Date.parse(`${utcWeekStart(last)}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => {
    const week = utcDay(new Date(end - (count - 1 - index) * 7 * DAY_MS));
    return byWeek.get(week) ?? empty(week);
  });
}

/** Midnight (UTC) of the first day of the last `count` days ending with `last`'s day. */
export function firstDayStart(last: Date, count: number): Date {
  return new Date(
    Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate()) - (count - 1) * DAY_MS,
  );
}

/** Midnight (UTC) of the Monday of the first of the last `count` weeks ending with `last`'s week. */
export function firstWeekStart(last: Date, count: number): Date {
  return new Date(Date.parse(`${utcWeekStart(last)}T00:00:00Z`) - (count - 1) * 7 * DAY_MS);
}
