// What the console says of a person's duty to have a second factor: on the Security page, and in
// the banner every signed-in page shows while they are within their grace to add one.
import { SECOND_FACTOR_ERRORS, type SecurityOverview } from './second-factors';

export const SECOND_FACTOR_DUTY_TEXT = {
  keepOne: 'Your account must have a second factor: keep at least one.',
  /** The banner's link to the Security page. */
  addOne: 'Add one on your Security page',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left (rounded up, never below 0) until `graceUntil` (ISO) to add a second factor. */
export function daysLeftToEnrol(graceUntil: string, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(graceUntil) - now) / DAY_MS));
}

/** Whether the person must add a second factor and may still go on without one (the banner's case). */
export function inEnrolmentGrace(
  overview: Pick<SecurityOverview, 'required' | 'factors' | 'graceUntil'>,
): overview is Pick<SecurityOverview, 'required' | 'factors'> & { graceUntil: string } {
  return overview.required && overview.factors.length === 0 && overview.graceUntil !== null;
}

/**
 * The duty in words: null when the person needs no factor; the days left while within their grace.
 * `formatDate` writes the grace's end as the console writes dates (shared-ui/format, which this
 * package cannot import).
 */
export function secondFactorDutyText(
  overview: Pick<SecurityOverview, 'required' | 'factors' | 'graceUntil'>,
  formatDate: (iso: string) => string,
  now: number = Date.now(),
): string | null {
  if (!overview.required) return null;
  if (overview.factors.length > 0) return SECOND_FACTOR_DUTY_TEXT.keepOne;
  if (!overview.graceUntil) return SECOND_FACTOR_ERRORS.enrolmentRequired;
  const left = daysLeftToEnrol(overview.graceUntil, now);
  return `Your account must have a second factor. ${left} ${left === 1 ? 'day' : 'days'} left to add one (until ${formatDate(overview.graceUntil)}).`;
}
