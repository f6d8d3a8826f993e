import { SECTIONS } from '../remotes/sections';

export const NAV_ITEMS = [
  { label: 'Dashboard', path: '/dashboard' },
  ...SECTIONS.map(({ label, path }) => ({ label, path })),
];

/** SPEC §2: an entry is highlighted when the path equals it or starts with it plus a slash. */
export function isNavItemActive(itemPath: string, currentPath: string): boolean {
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}

/** The avatar letter of the signed-in user: first-name initial, else e-mail initial, else 'A'. */
export function userInitial(user: { firstName?: string | null; email?: string | null } | null): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || 'A';
  return source.charAt(0).toUpperCase();
}
