// Pure rules of the dashboard's cards, kept apart from the views so they are unit-tested.
import { hasRole, type Role } from 'shared-contracts';

/** One quick action and the lowest role that may use its target. */
export interface QuickAction {
  label: string;
  to: string;
  role: Role;
}

/** The quick actions; creating companies and users needs MODERATOR, the approval list is open to all. */
export const QUICK_ACTIONS: readonly QuickAction[] = [
  { label: 'Add New Company', to: '/companies/new', role: 'MODERATOR' },
  { label: 'Create User Account', to: '/users/new', role: 'MODERATOR' },
  { label: 'Review Approvals', to: '/approvals', role: 'GUEST' },
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
