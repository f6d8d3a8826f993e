// What the command palette offers besides the server's matches: the places to go, for a role.
import { hasRole, type Role } from 'shared-contracts';
import { navItemsFor } from '../layout/nav-items';

/** Characters typed before the palette searches the server. */
export const SEARCH_MIN_LENGTH = 2;
/** Pause after the last key before searching, so a word typed quickly costs one search. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Matches shown per section. */
export const SEARCH_PER_GROUP = 5;

export { PALETTE_TEXT } from 'shared-contracts';

/** Places the palette keeps under Recent. */
export const RECENT_LIMIT = 5;

/** Something the palette offers that opens a page: a server match, a place, a recent item. */
export interface PaletteItem {
  /** cmdk's value: unique in the palette. */
  value: string;
  label: string;
  detail: string;
  to: string;
}

/** `item` first, then the earlier ones without it (by its page), at most RECENT_LIMIT. */
export function withRecent(recent: readonly PaletteItem[], item: PaletteItem): PaletteItem[] {
  return [item, ...recent.filter((earlier) => earlier.to !== item.to)].slice(0, RECENT_LIMIT);
}

/** A place the palette goes to. */
export interface PaletteLink {
  label: string;
  to: string;
  keywords: readonly string[];
}

/** The sidebar's entries and the pages behind them that `role` may open, in sidebar order. */
export function paletteCommands(role: Role | null | undefined): PaletteLink[] {
  const sections: PaletteLink[] = navItemsFor(role).map((item) => ({
    label: item.label,
    to: item.path,
    keywords: ['go', 'section'],
  }));
  const pages: (PaletteLink & { minRole: Role })[] = [
    {
      label: 'Waiting for me',
      to: '/approvals/inbox',
      keywords: ['queue', 'review'],
      minRole: 'USER',
    },
    { label: 'Add Company', to: '/companies/new', keywords: ['create', 'new'], minRole: 'MODERATOR' },
    { label: 'Add User', to: '/users/new', keywords: ['create', 'new'], minRole: 'MODERATOR' },
    { label: 'Add Manager', to: '/managers/new', keywords: ['create', 'new'], minRole: 'MODERATOR' },
    {
      label: 'New approval request',
      to: '/approvals/new',
      keywords: ['create', 'manual', 'bill'],
      minRole: 'MODERATOR',
    },
    {
      label: 'My Profile',
      to: '/users/profile',
      keywords: ['password', 'out of office', 'account'],
      minRole: 'GUEST',
    },
    {
      label: 'About this console',
      to: '/about',
      keywords: ['version', 'release', 'build'],
      minRole: 'GUEST',
    },
  ];
  return [
    ...sections,
    ...pages.filter((page) => hasRole(role, page.minRole)).map(({ minRole: _, ...page }) => page),
  ];
}
