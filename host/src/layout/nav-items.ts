import { hasRole, SECTION_PAGES, SECTIONS, type Role } from 'shared-contracts';
import type { IconName } from './icons';

export interface NavItem {
  label: string;
  path: string;
  icon: IconName;
  /** A count beside the entry ('waiting': the approvals waiting for the person's decision). */
  badge?: 'waiting';
}

/**
 * The sidebar's entries for a user of `role`: the dashboard, then each section the role may open,
 * each followed by those of its pages (SECTION_PAGES) the role may open.
 */
export function navItemsFor(role: Role | null | undefined): NavItem[] {
  return [
    { label: 'Dashboard', path: '/dashboard', icon: 'dashboard' },
    ...SECTIONS.filter((section) => hasRole(role, section.minRole)).flatMap(({ name, label, path }) => [
      { label, path, icon: name },
      ...SECTION_PAGES.filter((page) => page.section === name && hasRole(role, page.minRole)).map(
        (page): NavItem => ({
          label: page.label,
          path: page.path,
          icon: 'page',
          ...('badge' in page ? { badge: page.badge } : {}),
        }),
      ),
    ]),
  ];
}

/**
 * The entry to highlight for `currentPath`: the longest one that matches, so a page's own entry
 * (/users/audit) is highlighted instead of its section's (/users).
 */
export function activeNavPath(items: readonly NavItem[], currentPath: string): string | undefined {
  return items
    .filter((item) => isNavItemActive(item.path, currentPath))
    .reduce<string | undefined>(
      (best, item) => (best && best.length >= item.path.length ? best : item.path),
      undefined,
    );
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
