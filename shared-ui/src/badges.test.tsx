import { screen } from '@testing-library/react';
import { APPROVAL_STATUSES, COMPANY_STATUSES, ROLES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import {
  ActiveBadge,
  PriorityBadge,
  QbStatusBadge,
  RoleBadge,
  StatusBadge,
  priorityBadgeStyle,
  qbStatusBadgeStyle,
  roleBadgeStyle,
  statusBadgeStyle,
  titleCase,
} from './badges';
import { cssSystem as system } from './contrast-overrides';
import { PALETTES } from './system';
import { renderWithProviders } from './test-utils';

describe('badge styles', () => {
  it('maps company and manager statuses', () => {
    expect(statusBadgeStyle('ACTIVE')).toEqual({ label: 'Active', palette: 'green' });
    expect(statusBadgeStyle('INACTIVE')).toEqual({ label: 'Inactive', palette: 'gray' });
    expect(statusBadgeStyle('SUSPENDED')).toEqual({ label: 'Suspended', palette: 'red' });
  });

  it('maps approval statuses with Title Case labels', () => {
    expect(statusBadgeStyle('PENDING')).toEqual({ label: 'Pending', palette: 'yellow' });
    expect(statusBadgeStyle('APPROVED')).toEqual({ label: 'Approved', palette: 'green' });
    expect(statusBadgeStyle('REJECTED')).toEqual({ label: 'Rejected', palette: 'red' });
    expect(statusBadgeStyle('EXPIRED')).toEqual({ label: 'Expired', palette: 'gray' });
    expect(statusBadgeStyle('NACHA_GENERATED')).toEqual({ label: 'Bank file ready', palette: 'blue' });
    expect(statusBadgeStyle('NACHA_PENDING')).toEqual({ label: 'Bank file waiting', palette: 'blue' });
    expect(statusBadgeStyle('BANK_UPLOADED')).toEqual({ label: 'Sent to the bank', palette: 'purple' });
    expect(statusBadgeStyle('PAYMENT_COMPLETED')).toEqual({ label: 'Paid', palette: 'teal' });
    // The bank sent money back: the contract's own words, not the titled constant.
    expect(statusBadgeStyle('PAYMENT_RETURNED')).toEqual({ label: 'Payment returned', palette: 'red' });
    expect(statusBadgeStyle('PAYMENT_PARTLY_RETURNED')).toEqual({
      label: 'Partly returned',
      palette: 'orange',
    });
  });

  it('has a colour for every status the contracts define, and gray for unknown ones', () => {
    for (const status of [...COMPANY_STATUSES, ...APPROVAL_STATUSES]) {
      expect(statusBadgeStyle(status).label, status).not.toBe('Unknown');
    }
    expect(statusBadgeStyle('ON_HOLD')).toEqual({ label: 'On Hold', palette: 'gray' });
    expect(statusBadgeStyle(null)).toEqual({ label: 'Unknown', palette: 'gray' });
  });

  it('maps roles and priorities', () => {
    expect(ROLES.map((role) => roleBadgeStyle(role).palette)).toEqual(['red', 'orange', 'blue', 'gray']);
    expect(roleBadgeStyle('ADMIN').label).toBe('ADMIN');
    expect(roleBadgeStyle('nobody')).toEqual({ label: 'NOBODY', palette: 'gray' });
    expect(['URGENT', 'HIGH', 'MEDIUM', 'LOW'].map((p) => priorityBadgeStyle(p))).toEqual([
      { label: 'Urgent', palette: 'red' },
      { label: 'High', palette: 'orange' },
      { label: 'Medium', palette: 'yellow' },
      { label: 'Low', palette: 'gray' },
    ]);
  });

  it('maps QuickBooks connection states, empty meaning not connected', () => {
    expect(qbStatusBadgeStyle('connected')).toEqual({ label: 'Connected', palette: 'green' });
    expect(qbStatusBadgeStyle('disconnected')).toEqual({ label: 'Disconnected', palette: 'gray' });
    expect(qbStatusBadgeStyle('error')).toEqual({ label: 'Error', palette: 'red' });
    expect(qbStatusBadgeStyle(null)).toEqual({ label: 'Not connected', palette: 'gray' });
    expect(qbStatusBadgeStyle('')).toEqual({ label: 'Not connected', palette: 'gray' });
  });

  it('title-cases codes', () => {
    expect(titleCase('NACHA_GENERATED')).toBe('Nacha Generated');
    expect(titleCase('payment-completed')).toBe('Payment Completed');
  });
});

describe('badge components', () => {
  it('render the label with the palette', () => {
    renderWithProviders(
      <div>
        <StatusBadge status="SUSPENDED" />
        <RoleBadge role="MODERATOR" />
        <PriorityBadge priority="URGENT" />
        <ActiveBadge isActive={false} />
        <ActiveBadge isActive />
        <QbStatusBadge status={null} />
      </div>,
    );
    const palette = (text: string) => screen.getByText(text).getAttribute('data-palette');
    expect(palette('Suspended')).toBe('red');
    expect(palette('MODERATOR')).toBe('orange');
    expect(palette('Urgent')).toBe('red');
    expect(palette('Inactive')).toBe('gray');
    expect(palette('Active')).toBe('green');
    expect(palette('Not connected')).toBe('gray');
  });
});

// WCAG 2.x contrast, computed from the system's tokens as the page's CSS variables resolve them in
// each theme (a semantic token's _light or _dark value, followed through its references).
type Mode = '_light' | '_dark';
const MODES: Mode[] = ['_light', '_dark'];
const NAMED: Record<string, string> = { white: '#ffffff', black: '#000000' };

function hexOf(name: string, mode: Mode): string {
  const token = system.tokens.getByName(name);
  if (!token) throw new Error(`No token ${name}`);
  const conditions = token.extensions.conditions as Record<string, string> | undefined;
  const raw = String(conditions?.[mode] ?? conditions?.['base'] ?? (token.originalValue || token.value));
  const reference = /^\{([\w.]+)\}$/.exec(raw)?.[1];
  if (reference) return hexOf(reference, mode);
  const value = NAMED[raw] ?? raw;
  if (!/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`No hex value for ${name} (${mode}): ${raw}`);
  return value.toLowerCase();
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(foreground: string, background: string, mode: Mode): number {
  const [a, b] = [luminance(hexOf(foreground, mode)), luminance(hexOf(background, mode))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Every pair below `minimum` (4.5:1, WCAG AA for text), as 'fg on bg (mode): ratio'. */
function failures(pairs: [string, string][], minimum = 4.5): string[] {
  return MODES.flatMap((mode) =>
    pairs
      .map(([fg, bg]) => ({ fg, bg, ratio: contrast(fg, bg, mode) }))
      .filter(({ ratio }) => ratio < minimum)
      .map(({ fg, bg, ratio }) => `${fg} on ${bg} (${mode}): ${ratio.toFixed(2)}`),
  );
}

describe('contrast in both themes (WCAG AA, 4.5:1)', () => {
  it('reads the dark values too (the check would miss the dark theme otherwise)', () => {
    expect(hexOf('colors.bg', '_light')).toBe('#ffffff');
    expect(hexOf('colors.bg', '_dark')).toBe('#09090b');
    expect(contrast('colors.fg', 'colors.bg', '_dark')).toBeGreaterThan(15);
  });

  it('holds for every subtle badge (colorPalette.fg on colorPalette.subtle)', () => {
    expect(failures(PALETTES.map((p) => [`colors.${p}.fg`, `colors.${p}.subtle`]))).toEqual([]);
  });

  it('holds for every solid button (colorPalette.contrast on colorPalette.solid)', () => {
    expect(failures(PALETTES.map((p) => [`colors.${p}.contrast`, `colors.${p}.solid`]))).toEqual([]);
  });

  it('holds for outline and ghost buttons, links and coloured text on every surface', () => {
    const surfaces = ['colors.bg', 'colors.bg.subtle', 'colors.bg.panel', 'colors.bg.muted'];
    expect(
      failures(PALETTES.flatMap((p) => surfaces.map((bg): [string, string] => [`colors.${p}.fg`, bg]))),
    ).toEqual([]);
  });

  it('holds for the text tokens on every surface', () => {
    const surfaces = ['colors.bg', 'colors.bg.subtle', 'colors.bg.panel', 'colors.bg.muted'];
    const texts = [
      'colors.fg',
      'colors.fg.muted',
      'colors.fg.error',
      'colors.fg.success',
      'colors.fg.warning',
      'colors.fg.info',
    ];
    expect(failures(texts.flatMap((fg) => surfaces.map((bg): [string, string] => [fg, bg])))).toEqual([]);
  });

  it('holds 3:1 for every focus ring against every surface (WCAG 2.1 non-text contrast)', () => {
    const surfaces = ['colors.bg', 'colors.bg.subtle', 'colors.bg.panel', 'colors.bg.muted'];
    const rings = PALETTES.map((p) => `colors.${p}.focusRing`);
    expect(
      failures(
        rings.flatMap((ring) => surfaces.map((bg): [string, string] => [ring, bg])),
        3,
      ),
    ).toEqual([]);
  });
});
