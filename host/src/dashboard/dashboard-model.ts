// Pure rules of the dashboard's cards, kept apart from the views so they are unit-tested.
import { hasRole, sectionNamed, type DecidedDay, type PaidWeek, type Role } from 'shared-contracts';

/** One quick action and the lowest role that may use its target (lower roles would meet Access Denied). */
export interface QuickAction {
  label: string;
  to: string;
  role: Role;
}

/** A section's create page, open to the role that manages its records. */
function createAction(label: string, name: 'companies' | 'users'): QuickAction {
  const section = sectionNamed(name);
  return { label, to: `${section.path}/new`, role: section.manageRole };
}

/** A section's list, open to every role that may open the section. */
function listAction(label: string, name: 'approvals'): QuickAction {
  const section = sectionNamed(name);
  return { label, to: section.path, role: section.minRole };
}

/** The quick actions, with their targets and roles from the section registry. */
export const QUICK_ACTIONS: readonly QuickAction[] = [
  createAction('Add New Company', 'companies'),
  createAction('Create User Account', 'users'),
  listAction('Review Approvals', 'approvals'),
];

/** The quick actions a user of `role` may use; the others would only lead to Access Denied. */
export function quickActionsFor(role: Role | null | undefined): QuickAction[] {
  return QUICK_ACTIONS.filter((action) => hasRole(role, action.role));
}

/**
 * The health card's sentence for a status, worded after the same status the badge shows so the two
 * never disagree ('healthy' is good, anything else bad).
 */
export function healthSummary(status: string): string {
  if (status === 'healthy') return 'All systems operational';
  if (status === 'degraded') return 'Service degraded';
  if (status === 'down') return 'Service down: the health check could not be read';
  return `Service status: ${status}`;
}

/**
 * The release a /remotes.json entry names: the build id folder of a `pnpm release`
 * (…/releases/<section>/<build id>/mf-manifest.json, on this origin or another), or null for a section
 * served from its own build (/remotes/<section>/…).
 */
export function releaseIdOf(entry: string | undefined): string | null {
  if (!entry) return null;
  return /\/releases\/[a-z]+\/([^/?#]+)\/mf-manifest\.json(?:[?#]|$)/.exec(entry)?.[1] ?? null;
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The decided chart's sentence: '12 approved and 3 rejected in the last 30 days; most on Nov 4 (5).' */
export function decidedSummary(days: readonly DecidedDay[]): string {
  const approved = days.reduce((sum, day) => sum + day.approved, 0);
  const rejected = days.reduce((sum, day) => sum + day.rejected, 0);
  const busiest = days.reduce<DecidedDay | undefined>(
    (best, day) => (!best || day.approved + day.rejected > best.approved + best.rejected ? day : best),
    undefined,
  );
  const peak = busiest ? busiest.approved + busiest.rejected : 0;
  return `${approved.toLocaleString('en-US')} approved and ${rejected.toLocaleString('en-US')} rejected in the last ${days.length} days${
    peak > 0 && busiest ? `; the most on ${formatUtcDay(busiest.day)} (${peak.toLocaleString('en-US')})` : ''
  }.`;
}

/** The paid chart's sentence: '$1,234.50 paid in 4 payments over the last 12 weeks.' */
export function paidSummary(weeks: readonly PaidWeek[]): string {
  const cents = weeks.reduce((sum, week) => sum + week.amountCents, 0);
  const payments = weeks.reduce((sum, week) => sum + week.payments, 0);
  return `${dollars.format(cents / 100)} paid in ${plural(payments, 'payment', 'payments')} over the last ${weeks.length} weeks.`;
}

/** The weeks with their amount in dollars, as the chart plots and its table lists it. */
export function paidWeeksInDollars(weeks: readonly PaidWeek[]): { weekStart: string; amount: number }[] {
  return weeks.map((week) => ({ weekStart: week.weekStart, amount: week.amountCents / 100 }));
}

/** 'Nov 4' for '2026-11-04', a UTC day. */
function formatUtcDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
