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
  type BadgePalette,
} from './badges';
import { PALETTES, system } from './system';
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
    expect(statusBadgeStyle('NACHA_GENERATED')).toEqual({ label: 'Nacha Generated', palette: 'blue' });
    expect(statusBadgeStyle('NACHA_PENDING')).toEqual({ label: 'Nacha Pending', palette: 'blue' });
    expect(statusBadgeStyle('BANK_UPLOADED')).toEqual({ label: 'Bank Uploaded', palette: 'purple' });
    expect(statusBadgeStyle('PAYMENT_COMPLETED')).toEqual({ label: 'Payment Completed', palette: 'teal' });
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

// WCAG 2.x contrast of the subtle badge (colorPalette.fg text on colorPalette.subtle) in light mode.
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function lightColor(palette: BadgePalette, name: 'fg' | 'subtle'): string {
  // The console's semantic tokens hold their light value only (system.ts, lightOnly).
  const reference = system.tokens.getByName(`colors.${palette}.${name}`)?.originalValue;
  const [, scale] = /\{colors\.\w+\.(\d+)\}/.exec(String(reference)) ?? [];
  const value = system.tokens.getByName(`colors.${palette}.${scale}`)?.value;
  if (!value) throw new Error(`No light value for ${palette}.${name}`);
  return String(value);
}

describe('badge contrast', () => {
  it('meets WCAG AA (4.5:1) for every palette the badges use', () => {
    const palettes: BadgePalette[] = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple'];
    for (const palette of palettes) {
      const [light, dark] = [luminance(lightColor(palette, 'subtle')), luminance(lightColor(palette, 'fg'))];
      const ratio = (Math.max(light, dark) + 0.05) / (Math.min(light, dark) + 0.05);
      expect(ratio, palette).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('solid button contrast', () => {
  it('meets WCAG AA (4.5:1) between colorPalette.solid and colorPalette.contrast for every palette', () => {
    const named: Record<string, string> = { white: '#ffffff', black: '#000000' };
    const valueOf = (name: string): string => {
      const reference = String(system.tokens.getByName(name)?.originalValue);
      const target = /^\{(colors\.[\w.]+)\}$/.exec(reference)?.[1];
      if (target) return valueOf(target);
      const value = named[reference] ?? reference;
      if (!/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`No hex value for ${name}: ${reference}`);
      return value;
    };
    for (const palette of PALETTES) {
      const [bg, fg] = [
        luminance(valueOf(`colors.${palette}.solid`)),
        luminance(valueOf(`colors.${palette}.contrast`)),
      ];
      const ratio = (Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05);
      expect(ratio, palette).toBeGreaterThanOrEqual(4.5);
    }
  });
});
