// Pure display formatters shared by every section. Each returns FALLBACK for null, undefined or
// unparseable input, so a page never shows "Invalid Date" or "NaN".
import { format, formatDistance, isValid, parseISO } from 'date-fns';

/** What every formatter returns for a missing or invalid value. */
export const FALLBACK = '—';

/** A date as the API sends it (ISO text), a Date, or epoch milliseconds. */
export type DateInput = string | number | Date | null | undefined;

/** Parses a DateInput; ISO date-only text ('2025-01-05') is read as local midnight, not UTC. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : parseISO(value);
  return isValid(date) ? date : null;
}

// One date format across the console, the product's 'MMM dd, yyyy' ('Nov 28, 2026'), with the time
// where it matters ('Nov 28, 2026, 3:04 PM'), so a date reads the same in a table, a card and history.

/** 'MMM dd, yyyy', e.g. 'Jan 05, 2025'. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, 'MMM dd, yyyy') : FALLBACK;
}

/** The date with its time, e.g. 'Jan 05, 2025, 3:04 PM'. */
export function formatDateLong(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, 'MMM dd, yyyy, h:mm a') : FALLBACK;
}

/** Distance between `value` and `now` in words, e.g. 'about 3 hours' (used as 'Created {relative} ago'). */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  return date ? formatDistance(date, now) : FALLBACK;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** US dollars with 2 decimals, e.g. '$1,234.50'; accepts numeric text. */
export function formatUsd(amount: number | string | null | undefined): string {
  const value = toFiniteNumber(amount);
  return value === null ? FALLBACK : usd.format(value);
}

/** Uptime in whole hours and minutes, e.g. '5h 12m'. */
export function formatUptime(seconds: number | null | undefined): string {
  const value = toFiniteNumber(seconds);
  if (value === null || value < 0) return FALLBACK;
  const hours = Math.floor(value / 3600);
  const minutes = Math.floor((value % 3600) / 60);
  return `${hours}h ${minutes}m`;
}

/**
 * Time until a token expires: whole hours when over 3600 s, whole minutes when over 60 s,
 * otherwise seconds, e.g. '2 hours', '5 minutes', '30 seconds'. A negative value reads '0 seconds'.
 */
export function formatExpiresIn(seconds: number | null | undefined): string {
  const value = toFiniteNumber(seconds);
  if (value === null) return FALLBACK;
  if (value > 3600) return plural(Math.floor(value / 3600), 'hour');
  if (value > 60) return plural(Math.floor(value / 60), 'minute');
  return plural(Math.max(0, Math.floor(value)), 'second');
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function toFiniteNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}
