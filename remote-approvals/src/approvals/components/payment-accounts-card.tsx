import { BANK_ACCOUNT_RECENT_DAYS, type Approval, type ApprovalPaymentAccount } from 'shared-contracts';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Flex, Link, SectionCard, Stack, Text } from 'shared-ui';
import {
  BankAccountReturnNotices,
  BankAccountStatusBadge,
  bankAccountControlText,
  bankAccountTypeLabel,
  formatRelative,
  maskedAccount,
} from 'shared-ui/format';
import { RequestState } from 'shared-ui/record';
import { useApprovalPaymentAccounts } from '../api/get-approval';

const DAY_MS = 86_400_000;

/**
 * Where the money goes: for each vendor of the approval's bills, the bank account a file would
 * pay (routing number, last 4, type), whether a second person confirmed it, and a warning when it
 * changed recently or after the decision. An approver decides knowing the account.
 */
export function PaymentAccountsCard({ approval }: { approval: Approval }) {
  const accounts = useApprovalPaymentAccounts(approval.id);
  return (
    <SectionCard
      title="Payment Accounts"
      description="The bank account each vendor's bills are paid to. Account numbers show their last 4 digits only."
    >
      <RequestState request={accounts}>
        {({ accounts: entries }) => (
          <Stack as="ul" gap="3" listStyleType="none" ps="0">
            {entries.map((entry) => (
              <VendorAccountRow
                key={entry.vendorRef ?? entry.vendorName}
                entry={entry}
                companyId={approval.companyId}
              />
            ))}
          </Stack>
        )}
      </RequestState>
    </SectionCard>
  );
}

function VendorAccountRow({ entry, companyId }: { entry: ApprovalPaymentAccount; companyId: number }) {
  const account = entry.account;
  // A return or the bank's correction says what to do; any other hold is said as the API words it.
  const returnNotice = account !== null && (account.blocked || account.correction);
  const recent =
    account !== null &&
    Date.now() - new Date(account.control.changedAt).getTime() < BANK_ACCOUNT_RECENT_DAYS * DAY_MS;
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      aria-label={`Payment account of ${entry.vendorName}`}
    >
      <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
        <Stack gap="0" minW={0}>
          <Text fontWeight="semibold">{entry.vendorName}</Text>
          <Text textStyle="sm" color="fg.muted">
            {entry.billIds.length === 1 ? 'Bill' : 'Bills'} {entry.billIds.join(', ')}
          </Text>
        </Stack>
        {account ? <BankAccountStatusBadge control={account.control} /> : null}
      </Flex>
      {account ? (
        <Stack gap="1" mt="2">
          <Text>
            Routing {account.routingNumber} · Account {maskedAccount(account.accountLast4)} ·{' '}
            {bankAccountTypeLabel(account.accountType)}
          </Text>
          {recent ? (
            <Text textStyle="sm" color="orange.fg" fontWeight="medium">
              Changed {formatRelative(account.control.changedAt)} ago
              {account.control.changedBy
                ? ` by ${account.control.changedBy.name} (${account.control.changedBy.email})`
                : ''}
            </Text>
          ) : null}
          <Text textStyle="xs" color="fg.muted">
            {bankAccountControlText(account.control)}
          </Text>
          <BankAccountReturnNotices account={account} />
          {returnNotice || entry.heldReason ? (
            <Text textStyle="sm">
              {!returnNotice && entry.heldReason ? `${entry.heldReason}. ` : null}
              <Link asChild color="blue.fg">
                <RouterLink to={`/companies/${companyId}#payments`}>
                  Open the company&apos;s payment settings
                </RouterLink>
              </Link>
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text mt="2" color="fg.muted">
          No bank account yet: these bills cannot be paid until one is added and confirmed.
        </Text>
      )}
      {entry.changedSinceDecision && entry.decided ? (
        <Alert.Root status="error" mt="2">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The account changed after the decision</Alert.Title>
            <Alert.Description>
              The approver saw routing {entry.decided.routingNumber}{' '}
              {maskedAccount(entry.decided.accountLast4)}. No bank file pays the new account on this approval.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Box>
  );
}
