import { describe, expect, it } from 'vitest';
import { QUICK_ACTIONS, healthSummary, quickActionsFor, releaseIdOf } from './dashboard-model';

describe('quickActionsFor', () => {
  const labels = (role: Parameters<typeof quickActionsFor>[0]) => quickActionsFor(role).map((a) => a.label);

  it('offers creating companies and users only from MODERATOR up', () => {
    expect(labels('ADMIN')).toEqual(['Add New Company', 'Create User Account', 'Review Approvals']);
    expect(labels('MODERATOR')).toEqual(['Add New Company', 'Create User Account', 'Review Approvals']);
    expect(labels('USER')).toEqual(['Review Approvals']);
    expect(labels('GUEST')).toEqual(['Review Approvals']);
    expect(labels(undefined)).toEqual(['Review Approvals']);
  });
});

describe('healthSummary', () => {
  it('names the same state as the badge', () => {
    expect(healthSummary('healthy')).toBe('All systems operational');
    expect(healthSummary('degraded')).toBe('Service degraded');
    expect(healthSummary('down')).toMatch(/^Service down/);
    expect(healthSummary('maintenance')).toBe('Service status: maintenance');
  });
});

describe('releaseIdOf', () => {
  it("reads a release's build id from its manifest address, on this origin or another", () => {
    expect(releaseIdOf('/releases/users/20261125-163012-9f3a/mf-manifest.json')).toBe('20261125-163012-9f3a');
    expect(releaseIdOf('https://cdn.example.com/releases/users/abc/mf-manifest.json')).toBe('abc');
  });

  it('says a section served from its own build, or absent, has no release', () => {
    expect(releaseIdOf('/remotes/users/mf-manifest.json')).toBeNull();
    expect(releaseIdOf(undefined)).toBeNull();
    expect(releaseIdOf('/releases/users/mf-manifest.json')).toBeNull();
  });
});

describe('QUICK_ACTIONS', () => {
  it('lead to the sections of the registry', () => {
    expect(QUICK_ACTIONS).toEqual([
      { label: 'Add New Company', to: '/companies/new', role: 'MODERATOR' },
      { label: 'Create User Account', to: '/users/new', role: 'MODERATOR' },
      { label: 'Review Approvals', to: '/approvals', role: 'GUEST' },
    ]);
  });
});
