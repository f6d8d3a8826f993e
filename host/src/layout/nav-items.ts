import { hasRole, SECTIONS, type Role } from 'shared-contracts';
import type { IconName } from './icons';

export interface NavItem {
  label: string;
  path: string;
  icon: IconName;
}

/** The sidebar's entries for a user of `role`: the dashboard, then each section the role may open. */
export function navItemsFor(role: Role | null | undefined): NavItem[] {
  return [
    { label: 'Dashboard', path: '/dashboard', icon: 'dashboard' },
    ...SECTIONS.filter((section) => hasRole(role, section.minRole)).map(({ name, label, path }) => ({
      label,
      path,
      icon: name,
    })),
  ];
}

/** An entry is highlighted when the path equals it or starts with it plus a slash. */
export function isNavItemActive(itemPath: string, currentPath: string): boolean {
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}

/** The avatar letter of the signed-in user: first-name initial, else e-mail initial, else 'A'. */
export function userInitial(user: { firstName?: string | null; email?: string | null } | null): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || 'A';
  return source.charAt(0).toUpperCase();
}
