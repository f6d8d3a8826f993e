import { describe, expect, it } from 'vitest';
import { paletteCommands } from './palette-model';

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
    expect(links.find((link) => link.label === 'Waiting for me')?.to).toBe('/approvals?view=waiting');
  });
});
