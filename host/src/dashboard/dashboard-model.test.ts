import { describe, expect, it } from 'vitest';
import {
  QUICK_ACTIONS,
  decidedSummary,
  healthSummary,
  paidSummary,
  paidWeeksInDollars,
  quickActionsFor,
  releaseIdOf,
} from './dashboard-model';

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

describe('chart summaries', () => {
  it('totals the decided days and names the busiest', () => {
    expect(
      decidedSummary([
        { day: '2026-11-01', approved: 1, rejected: 0 },
        { day: '2026-11-02', approved: 3, rejected: 2 },
        { day: '2026-11-03', approved: 0, rejected: 1 },
      ]),
    ).toBe('4 approved and 3 rejected in the last 3 days; the most on Nov 2 (5).');
    expect(decidedSummary([{ day: '2026-11-01', approved: 0, rejected: 0 }])).toBe(
      '0 approved and 0 rejected in the last 1 days.',
    );
  });

  it('sums the paid weeks in cents and says dollars', () => {
    const weeks = [
      { weekStart: '2026-10-26', amountCents: 10, payments: 1 },
      { weekStart: '2026-11-02', amountCents: 123_456_789, payments: 2 },
    ];
    expect(paidSummary(weeks)).toBe('$1,234,567.99 paid in 3 payments over the last 2 weeks.');
    expect(paidWeeksInDollars(weeks)).toEqual([
      { weekStart: '2026-10-26', amount: 0.1 },
      { weekStart: '2026-11-02', amount: 1_234_567.89 },
    ]);
  });
});
