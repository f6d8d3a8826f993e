import {
  ROLE_DESCRIPTIONS,
  loginFrequency,
  systemUsage,
  type User,
  type UserActivityStats,
} from 'shared-contracts';
import { DetailList, DetailRow } from 'shared-ui';
import { formatDateLong, formatRelative } from 'shared-ui/format';

/** A date with how long ago it was, e.g. "March 3, 2026 (2 days ago)". */
export const dateWithRelative = (value: string) => `${formatDateLong(value)} (${formatRelative(value)} ago)`;

// Someone's sign-ins, registrar, payment grant and absences are answered to MODERATOR and up and to
// the person themselves; for anyone else the API leaves those fields out (absent, not null, which
// means "none"), and a row whose field is absent is left out rather than shown empty.

/** The User Information card's rows. */
export function UserInformationList({ user }: { user: User }) {
  return (
    <DetailList>
      <DetailRow label="First Name">{user.firstName || 'Not provided'}</DetailRow>
      <DetailRow label="Last Name">{user.lastName || 'Not provided'}</DetailRow>
      <DetailRow label="Email">{user.email}</DetailRow>
      <DetailRow label="Role">{ROLE_DESCRIPTIONS[user.role].label}</DetailRow>
      <DetailRow label="Created">{dateWithRelative(user.createdAt)}</DetailRow>
      {user.createdBy !== undefined && (
        <DetailRow label="Registered By">
          {user.createdBy ? `${user.createdBy.name} (${user.createdBy.email})` : 'Not recorded'}
        </DetailRow>
      )}
      <DetailRow label="Last Updated">{dateWithRelative(user.updatedAt)}</DetailRow>
    </DetailList>
  );
}

/** The Activity Statistics card's rows, once the statistics are loaded. */
export function ActivityStatisticsList({ user, stats }: { user: User; stats: UserActivityStats }) {
  const { totalLogins, lastLogin, lastLoginDetails } = stats;
  return (
    <DetailList>
      {totalLogins !== undefined && <DetailRow label="Total Logins">{totalLogins}</DetailRow>}
      <DetailRow label="Companies Managed">{stats.companiesManaged}</DetailRow>
      <DetailRow label="Approvals Created">{stats.approvalsCreated}</DetailRow>
      {lastLogin !== undefined && (
        <DetailRow label="Last Login">{lastLogin ? dateWithRelative(lastLogin) : 'Never'}</DetailRow>
      )}
      {/* The address and browser: only to the user themselves and to an ADMIN. */}
      {lastLoginDetails !== undefined && (
        <DetailRow label="Last Login Details">
          {lastLoginDetails
            ? `${formatDateLong(lastLoginDetails.timestamp)} from ${lastLoginDetails.ip ?? 'unknown address'} (${lastLoginDetails.userAgent ?? 'unknown browser'})`
            : 'Never'}
        </DetailRow>
      )}
      <DetailRow label="Account Status">{user.isActive ? 'Active' : 'Inactive'}</DetailRow>
      {totalLogins !== undefined && (
        <DetailRow label="Login Frequency">{loginFrequency(totalLogins)}</DetailRow>
      )}
      <DetailRow label="System Usage">{systemUsage(stats)}</DetailRow>
    </DetailList>
  );
}
