// Pure rules of the dashboard's cards, kept apart from the views so they are unit-tested.
import { hasRole, sectionNamed, type Role } from 'shared-contracts';

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
