import { describe, expect, it } from 'vitest';
import { activeNavPath, isNavItemActive, navItemsFor, userInitial } from './nav-items';

describe('isNavItemActive', () => {
  it('matches the path itself and its sub-paths only', () => {
    expect(isNavItemActive('/companies', '/companies')).toBe(true);
    expect(isNavItemActive('/companies', '/companies/12/edit')).toBe(true);
    expect(isNavItemActive('/companies', '/companies-archive')).toBe(false);
    expect(isNavItemActive('/users', '/companies')).toBe(false);
  });
});

describe('userInitial', () => {
  it('prefers the first name, then the e-mail, then A', () => {
    expect(userInitial({ firstName: 'maria', email: 'x@y.z' })).toBe('M');
    expect(userInitial({ firstName: ' ', email: 'zoe@example.com' })).toBe('Z');
    expect(userInitial({ firstName: null, email: '' })).toBe('A');
    expect(userInitial(null)).toBe('A');
  });
});

describe('navItemsFor', () => {
  it('lists the dashboard, then every section the role may open, each with its icon', () => {
    expect(navItemsFor('GUEST')).toEqual([
      { label: 'Dashboard', path: '/dashboard', icon: 'dashboard' },
      { label: 'Companies', path: '/companies', icon: 'companies' },
      { label: 'Users', path: '/users', icon: 'users' },
      { label: 'Managers', path: '/managers', icon: 'managers' },
      { label: 'Approvals', path: '/approvals', icon: 'approvals' },
    ]);
  });

  it("shows the audit log to ADMIN only, after its section's entry", () => {
    for (const role of ['GUEST', 'USER', 'MODERATOR'] as const) {
      expect(navItemsFor(role).map((item) => item.path)).not.toContain('/users/audit');
    }
    expect(navItemsFor('ADMIN').map((item) => item.path)).toEqual([
      '/dashboard',
      '/companies',
      '/users',
      '/users/audit',
      '/managers',
      '/approvals',
      '/approvals/inbox',
      '/approvals/payments',
      '/approvals/bank-returns',
    ]);
  });

  it("puts the count of what waits for the person's decision on Inbox, where it is decided, not on Approvals", () => {
    const badged = navItemsFor('USER').filter((item) => item.badge === 'waiting');
    expect(badged.map((item) => item.path)).toEqual(['/approvals/inbox']);
  });

  it('shows Bank returns from MODERATOR up, after Approvals, highlighted on its sub-pages too', () => {
    for (const role of ['GUEST', 'USER'] as const) {
      expect(navItemsFor(role).map((item) => item.path)).not.toContain('/approvals/bank-returns');
    }
    const items = navItemsFor('MODERATOR');
    expect(items.map((item) => item.label).slice(-4)).toEqual([
      'Approvals',
      'Inbox',
      'Payments',
      'Bank returns',
    ]);
    expect(activeNavPath(items, '/approvals/bank-returns/files/3')).toBe('/approvals/bank-returns');
    expect(activeNavPath(items, '/approvals/5f0c1a6e-8a47-4d3e-9a55-2f3f0f6b1c2d')).toBe('/approvals');
  });

  it('shows Payments from MODERATOR up, between the Inbox and Bank returns', () => {
    for (const role of ['GUEST', 'USER'] as const) {
      expect(navItemsFor(role).map((item) => item.path)).not.toContain('/approvals/payments');
    }
    expect(activeNavPath(navItemsFor('MODERATOR'), '/approvals/payments')).toBe('/approvals/payments');
  });

  it('shows the Inbox from USER up, right after Approvals, highlighted on itself only', () => {
    expect(navItemsFor('GUEST').map((item) => item.path)).not.toContain('/approvals/inbox');
    const items = navItemsFor('USER');
    expect(items.map((item) => item.label).slice(-2)).toEqual(['Approvals', 'Inbox']);
    expect(activeNavPath(items, '/approvals/inbox')).toBe('/approvals/inbox');
    expect(activeNavPath(items, '/approvals')).toBe('/approvals');
  });

  it("highlights a page's own entry, not its section's", () => {
    const items = navItemsFor('ADMIN');
    expect(activeNavPath(items, '/users/audit')).toBe('/users/audit');
    expect(activeNavPath(items, '/users/12')).toBe('/users');
    expect(activeNavPath(items, '/elsewhere')).toBeUndefined();
  });
});
