// How the console shows a bank account and its dual control: the masked number, its type, one badge
// and one sentence for the companies' Payments card and the approval page, so both say the same thing.
import {
  blockedAccountLine,
  correctedAccountLine,
  type BankAccountControl,
  type PersonRef,
  type VendorAccountBlock,
  type VendorAccountCorrection,
} from 'shared-contracts';
import { Badge, Stack, Text } from '@chakra-ui/react';
import { formatRelative } from './format';

/** An account number as the console shows it, its last 4 digits only: '••••6789'. */
export const maskedAccount = (last4: string): string => `••••${last4}`;

/** 'Savings' or 'Checking'. */
export const bankAccountTypeLabel = (type: string): string => (type === 'savings' ? 'Savings' : 'Checking');

/** ' by Name (e-mail)', or nothing for accounts from before anyone was recorded. */
const by = (who: PersonRef | null) => (who ? ` by ${who.name} (${who.email})` : '');

/**
 * 'Awaiting confirmation' (orange) until a second person confirms the account, then 'Confirmed'.
 * @example <BankAccountStatusBadge control={account.control} />
 */
export function BankAccountStatusBadge({ control }: { control: BankAccountControl }) {
  const pending = control.status === 'PENDING';
  return (
    <Badge
      variant="subtle"
      colorPalette={pending ? 'orange' : 'green'}
      data-palette={pending ? 'orange' : 'green'}
      whiteSpace="nowrap"
    >
      {pending ? 'Awaiting confirmation' : 'Confirmed'}
    </Badge>
  );
}

/**
 * 'Changed 3 days ago by Ada Admin (admin@example.com); confirmed 2 days ago by …', or
 * '…; waiting for a second person to confirm it'.
 */
export function bankAccountControlText(control: BankAccountControl, now: Date = new Date()): string {
  const changed = `Entered ${formatRelative(control.changedAt, now)} ago${by(control.changedBy)}`;
  return control.confirmedAt
    ? `${changed}; confirmed ${formatRelative(control.confirmedAt, now)} ago${by(control.confirmedBy)}`
    : `${changed}; waiting for a second person to confirm it`;
}

/** What a return or a notification of change did to a vendor's account, as both places show it. */
export interface BankAccountReturnState {
  control: BankAccountControl;
  blocked?: VendorAccountBlock | null;
  correction?: VendorAccountCorrection | null;
}

/**
 * 'Blocked after return R03 … — change it and have a second person confirm' (red), and 'Bank
 * correction C01 … — pending confirmation by a second person' (orange) while the change the bank's
 * notification made waits for its confirmation; nothing for an account neither touched.
 * @example <BankAccountReturnNotices account={account} />
 */
export function BankAccountReturnNotices({ account }: { account: BankAccountReturnState }) {
  const { blocked, correction, control } = account;
  if (!blocked && !correction) return null;
  const pending = control.status === 'PENDING';
  return (
    <Stack gap="0.5" data-testid="bank-account-return-notices">
      {blocked ? (
        <Text textStyle="sm" color="red.fg" fontWeight="semibold">
          {blockedAccountLine(blocked.code, blocked.description)}
        </Text>
      ) : null}
      {correction ? (
        <Text
          textStyle="sm"
          color={pending ? 'orange.fg' : 'fg.muted'}
          fontWeight={pending ? 'semibold' : undefined}
        >
          {correctedAccountLine(correction.code, correction.description, pending)}
        </Text>
      ) : null}
    </Stack>
  );
}
