// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { paletteCommands, withRecent, type PaletteItem } from './palette-model';
import { readRecent, rememberRecent } from './palette-recent';

const labels = (role: Parameters<typeof paletteCommands>[0]) =>
  paletteCommands(role).map((link) => link.label);

describe('the palette’s places', () => {
  it('offers a GUEST the sections and its profile, nothing that creates', () => {
    expect(labels('GUEST')).toEqual([
      'Dashboard',
      'Companies',
      'Users',
      'Managers',
      'Approvals',
      'My Profile',
      'About this console',
    ]);
  });

  it('offers a USER its queue', () => {
    expect(labels('USER')).toContain('Waiting for me');
    expect(labels('USER')).not.toContain('Add Company');
  });

  it('offers a MODERATOR the create pages, each where the section mounts them', () => {
    const links = paletteCommands('MODERATOR');
    expect(links.find((link) => link.label === 'Add Company')?.to).toBe('/companies/new');
    expect(links.find((link) => link.label === 'New approval request')?.to).toBe('/approvals/new');
    expect(links.find((link) => link.label === 'Waiting for me')?.to).toBe('/approvals/inbox');
    // Pages of a section with their own role come with the sidebar's entries.
    expect(links.find((link) => link.label === 'Payments')?.to).toBe('/approvals/payments');
    expect(labels('USER')).not.toContain('Payments');
  });
});

describe('Recent', () => {
  const item = (to: string) => ({ value: `x-${to}`, label: to, detail: '', to });

  it('puts the newest first, once per page, at most five', () => {
    let recent: PaletteItem[] = [];
    for (const to of ['/a', '/b', '/a', '/c', '/d', '/e', '/f']) recent = withRecent(recent, item(to));
    expect(recent.map((entry) => entry.to)).toEqual(['/f', '/e', '/d', '/c', '/a']);
  });

  it("keeps each account's own list and ignores what the palette did not write", () => {
    localStorage.clear();
    rememberRecent(1, item('/approvals/1'));
    rememberRecent(2, item('/companies/2'));
    expect(readRecent(1).map((entry) => entry.to)).toEqual(['/approvals/1']);
    expect(readRecent(2).map((entry) => entry.to)).toEqual(['/companies/2']);
    expect(readRecent(undefined)).toEqual([]);
    localStorage.setItem(
      'palette.recent.3',
      JSON.stringify([{ value: 'v', label: 'l', detail: '', to: '//evil.example' }]),
    );
    expect(readRecent(3)).toEqual([]);
    localStorage.setItem('palette.recent.3', '{not json');
    expect(readRecent(3)).toEqual([]);
  });
});
