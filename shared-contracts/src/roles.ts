/** The four account roles, highest first. */
export const ROLES = ['ADMIN', 'MODERATOR', 'USER', 'GUEST'] as const;
export type Role = (typeof ROLES)[number];

/** The role a new account gets when none is chosen, and the create form's first choice. */
export const DEFAULT_ROLE: Role = 'USER';

/** Access-check ranks: GUEST 0 … ADMIN 3. */
export const ROLE_RANKS: Readonly<Record<Role, number>> = { GUEST: 0, USER: 1, MODERATOR: 2, ADMIN: 3 };

/** Levels shown by the change-role dialog: GUEST 1 … ADMIN 4. */
export const ROLE_LEVELS: Readonly<Record<Role, number>> = { GUEST: 1, USER: 2, MODERATOR: 3, ADMIN: 4 };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Rank of a role for access checks; an unknown or missing role ranks 0. */
export function roleRank(role: unknown): number {
  return isRole(role) ? ROLE_RANKS[role] : 0;
}

/** True when `role` equals `required` or ranks higher. */
export function hasRole(role: unknown, required: Role): boolean {
  return roleRank(role) >= ROLE_RANKS[required];
}

/** Labels and descriptions offered when choosing a role. */
export const ROLE_DESCRIPTIONS: Readonly<Record<Role, { label: string; permissions: readonly string[] }>> = {
  ADMIN: {
    label: 'Administrator',
    permissions: [
      'Manage all users and roles',
      'System settings',
      'View all company data',
      'Manage API keys',
      'Delete users and data',
      'System configuration',
    ],
  },
  MODERATOR: {
    label: 'Moderator',
    permissions: [
      'Manage user accounts',
      'Moderate content',
      'View user activity',
      'Handle reports',
      'Basic system access',
    ],
  },
  USER: {
    label: 'User',
    permissions: [
      'Access assigned companies',
      'Submit and approve bills',
      'View own activity',
      'Update profile',
      'Basic dashboard',
    ],
  },
  GUEST: {
    label: 'Guest',
    permissions: ['Limited read-only', 'View limited data', 'Basic profile management'],
  },
};
