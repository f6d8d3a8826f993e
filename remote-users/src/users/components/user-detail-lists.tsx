import {
  ROLE_DESCRIPTIONS,
  USER_ACTIVITY_TEXT,
  loginFrequency,
  signInsUnrecorded,
  systemUsage,
  type User,
  type UserActivityStats,
} from 'shared-contracts';
import { DetailList, DetailRow, Stack, Text } from 'shared-ui';
import { formatDateLong, formatRelative } from 'shared-ui/format';

/** A date with how long ago it was, e.g. "March 3, 2026 (2 days ago)". */
export const dateWithRelative = (value: string) => `${formatDateLong(value)} (${formatRelative(value)} ago)`;

// Someone's sign-ins, registrar, payment grant and absences are answered to MODERATOR and up and to
// the person themselves; for anyone else the API leaves those fields out (absent, not null, which
// means "none"), and a row whose field is absent is left out rather than shown empty.

/**
 * The User Information card's rows: each part of the name, the e-mail and role (which the header
 * also shows, as the specification's card lists them), when the account was made and changed.
 */
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

/**
 * The Activity Statistics card's rows, once the statistics are loaded, then its summary. Every
 * sign-in figure comes from the same sign-in rows; an account with a last sign-in date but no rows
 * says its sign-ins were not recorded instead of counting 0 beside that date.
 */
export function ActivityStatisticsList({ user, stats }: { user: User; stats: UserActivityStats }) {
  const { totalLogins, lastLogin, lastLoginDetails } = stats;
  const unrecorded = signInsUnrecorded(stats);
  return (
    <Stack gap="3">
      <DetailList>
        {totalLogins !== undefined && (
          <DetailRow label="Total Logins">
            {unrecorded ? USER_ACTIVITY_TEXT.notRecorded : totalLogins}
          </DetailRow>
        )}
        <DetailRow label="Companies Managed">{stats.companiesManaged}</DetailRow>
        <DetailRow label="Approvals Created">{stats.approvalsCreated}</DetailRow>
        {lastLogin !== undefined && (
          <DetailRow label="Last Login">{lastLogin ? dateWithRelative(lastLogin) : 'Never'}</DetailRow>
        )}
        {/* The address and browser (only to the user themselves and to an ADMIN); the date is the row above. */}
        {lastLoginDetails !== undefined && (
          <DetailRow label="Last Login Details">
            {lastLoginDetails
              ? `From ${lastLoginDetails.ip ?? 'unknown address'} (${lastLoginDetails.userAgent ?? 'unknown browser'})`
              : lastLogin
                ? USER_ACTIVITY_TEXT.notRecorded
                : 'Never'}
          </DetailRow>
        )}
      </DetailList>
      {/* The activity summary. */}
      <DetailList>
        <DetailRow label="Account Status">{user.isActive ? 'Active' : 'Inactive'}</DetailRow>
        {totalLogins !== undefined && (
          <DetailRow label="Login Frequency">
            {unrecorded ? USER_ACTIVITY_TEXT.notRecorded : loginFrequency(totalLogins)}
          </DetailRow>
        )}
        <DetailRow label="System Usage">{systemUsage(stats)}</DetailRow>
      </DetailList>
      {unrecorded && (
        <Text fontSize="sm" color="fg.muted">
          {USER_ACTIVITY_TEXT.unrecordedNote}
        </Text>
      )}
    </Stack>
  );
}
