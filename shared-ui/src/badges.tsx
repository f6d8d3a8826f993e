// Status, role, priority, active and QuickBooks badges: one colour and one label per value across all
// sections. Subtle variant: colorPalette.fg on colorPalette.subtle is 6:1 or more for every palette
// used here (badges.test.ts checks WCAG AA 4.5:1 against the system tokens).
import { Badge } from '@chakra-ui/react';
import { APPROVAL_STATUS_LABELS, type ApprovalStatus } from 'shared-contracts';

/** Colour palettes a badge may take. */
export type BadgePalette = 'gray' | 'red' | 'orange' | 'yellow' | 'green' | 'teal' | 'blue' | 'purple';

/** Colour and text of a badge. */
export interface BadgeStyle {
  label: string;
  palette: BadgePalette;
}

/** 'NACHA_GENERATED' → 'Nacha Generated', 'connected' → 'Connected'. */
export function titleCase(value: string): string {
  return value
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

const STATUS_PALETTES: Readonly<Record<string, BadgePalette>> = {
  // Companies and managers.
  ACTIVE: 'green',
  INACTIVE: 'gray',
  SUSPENDED: 'red',
  // Approvals.
  PENDING: 'yellow',
  APPROVED: 'green',
  REJECTED: 'red',
  EXPIRED: 'gray',
  NACHA_PENDING: 'blue',
  NACHA_GENERATED: 'blue',
  BANK_UPLOADED: 'purple',
  PAYMENT_COMPLETED: 'teal',
  PAYMENT_PARTLY_RETURNED: 'orange',
  PAYMENT_RETURNED: 'red',
};

/** A status in words: the contract's own words where it has them ('Partly returned'), else titled. */
function statusLabel(status: string): string {
  return APPROVAL_STATUS_LABELS[status.toUpperCase() as ApprovalStatus] ?? titleCase(status);
}

/** Badge style of a company, manager or approval status; unknown values are gray. */
export function statusBadgeStyle(status: string | null | undefined): BadgeStyle {
  const value = status ?? '';
  return {
    label: value ? statusLabel(value) : 'Unknown',
    palette: STATUS_PALETTES[value.toUpperCase()] ?? 'gray',
  };
}

const ROLE_PALETTES: Readonly<Record<string, BadgePalette>> = {
  ADMIN: 'red',
  MODERATOR: 'orange',
  USER: 'blue',
  GUEST: 'gray',
};

/** Badge style of a role (ADMIN red, MODERATOR orange, USER blue; GUEST gray). */
export function roleBadgeStyle(role: string | null | undefined): BadgeStyle {
  const value = role ?? '';
  return {
    label: value ? value.toUpperCase() : 'Unknown',
    palette: ROLE_PALETTES[value.toUpperCase()] ?? 'gray',
  };
}

const PRIORITY_PALETTES: Readonly<Record<string, BadgePalette>> = {
  URGENT: 'red',
  HIGH: 'orange',
  MEDIUM: 'yellow',
  LOW: 'gray',
};

/** Badge style of an approval priority. */
export function priorityBadgeStyle(priority: string | null | undefined): BadgeStyle {
  const value = priority ?? '';
  return {
    label: value ? titleCase(value) : 'Unknown',
    palette: PRIORITY_PALETTES[value.toUpperCase()] ?? 'gray',
  };
}

/** Badge style of a company's QuickBooks connection; null or '' reads 'Not connected'. */
export function qbStatusBadgeStyle(status: string | null | undefined): BadgeStyle {
  switch (status) {
    case 'connected':
      return { label: 'Connected', palette: 'green' };
    case 'disconnected':
      return { label: 'Disconnected', palette: 'gray' };
    case 'error':
      return { label: 'Error', palette: 'red' };
    case null:
    case undefined:
    case '':
      return { label: 'Not connected', palette: 'gray' };
    default:
      return { label: titleCase(status), palette: 'gray' };
  }
}

function StyledBadge({ style }: { style: BadgeStyle }) {
  return (
    <Badge variant="subtle" colorPalette={style.palette} data-palette={style.palette} whiteSpace="nowrap">
      {style.label}
    </Badge>
  );
}

/**
 * Company, manager or approval status, e.g. ACTIVE (green 'Active'), PENDING (yellow 'Pending').
 * @example <StatusBadge status={approval.status} />
 */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  return <StyledBadge style={statusBadgeStyle(status)} />;
}

/**
 * A user's role: ADMIN red, MODERATOR orange, USER blue, GUEST gray.
 * @example <RoleBadge role={user.role} />
 */
export function RoleBadge({ role }: { role: string | null | undefined }) {
  return <StyledBadge style={roleBadgeStyle(role)} />;
}

/**
 * An approval's priority: URGENT red, HIGH orange, MEDIUM yellow, LOW gray.
 * @example <PriorityBadge priority={approval.priority} />
 */
export function PriorityBadge({ priority }: { priority: string | null | undefined }) {
  return <StyledBadge style={priorityBadgeStyle(priority)} />;
}

/**
 * 'Active' (green) or 'Inactive' (gray) from an isActive flag.
 * @example <ActiveBadge isActive={user.isActive} />
 */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return (
    <StyledBadge
      style={isActive ? { label: 'Active', palette: 'green' } : { label: 'Inactive', palette: 'gray' }}
    />
  );
}

/**
 * QuickBooks connection: Connected, Disconnected, Error or Not connected.
 * @example <QbStatusBadge status={company.qbConnectionStatus} />
 */
export function QbStatusBadge({ status }: { status: string | null | undefined }) {
  return <StyledBadge style={qbStatusBadgeStyle(status)} />;
}
