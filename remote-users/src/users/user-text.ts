import type { Role, User } from 'shared-contracts';
import { ROLE_DESCRIPTIONS, ROLES } from 'shared-contracts';

/** First and last initial, else the first letter of the e-mail. */
export function initials(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const both = `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`;
  return (both || user.email[0] || '?').toUpperCase();
}

/** Role choices with the description of each. */
export const ROLE_OPTIONS = ROLES.map((role: Role) => ({
  value: role,
  label: `${ROLE_DESCRIPTIONS[role].label} — ${ROLE_DESCRIPTIONS[role].permissions.join(', ')}`,
}));

/**
 * The whole description of a role, shown under a role select: an option's text is cut to the
 * select's width (on a phone, after a few words).
 */
export function roleHint(role: Role): string {
  const { label, permissions } = ROLE_DESCRIPTIONS[role];
  return `${label}: ${permissions.join(', ')}.`;
}

export const ROLE_FILTER_OPTIONS = [
  { value: '', label: 'All roles' },
  ...ROLES.map((role) => ({ value: role, label: ROLE_DESCRIPTIONS[role].label })),
];

export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];
