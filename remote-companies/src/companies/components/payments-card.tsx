import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { errorMessage, useCanManage, useSession } from 'shared-auth';
import type { BankAccountControl } from 'shared-contracts';
import {
  Alert,
  Button,
  DetailList,
  DetailRow,
  ErrorState,
  HStack,
  LoadingState,
  SectionCard,
  Stack,
  Text,
} from 'shared-ui';
import { ActionDialog, useDialogTarget } from 'shared-ui/dialog';
import {
  BankAccountStatusBadge,
  bankAccountControlText,
  bankAccountTypeLabel,
  maskedAccount,
} from 'shared-ui/format';
import { usePaymentSettings, useVendorAccounts } from '../api/get-payments';
import { confirmSettlementAccount, confirmVendorAccount } from '../api/payment-mutations';
import { PaymentSettingsDialog } from './payment-settings-dialog';
import { VendorBankAccounts } from './vendor-bank-accounts';

/** The confirmation's question: whose entry it is, and how to check it. */
const confirmText = (confirming: Confirmation | null) =>
  confirming
    ? `Confirm ${confirming.label}, entered by ${confirming.control.changedBy ? `${confirming.control.changedBy.name} (${confirming.control.changedBy.email})` : 'someone else'}? Check it with the vendor through a channel you already trust, not the message that asked for the change. Bank files pay it once you confirm.`
    : '';

/** What a second person is asked to confirm: one account, one version. */
interface Confirmation {
  kind: 'vendor' | 'settlement';
  accountId: number | null;
  label: string;
  control: BankAccountControl;
}

/**
 * The company's Payments card: the bank file settings and its vendors' bank accounts,
 * which an approval's NACHA file needs. Account numbers only ever show their last 4 digits.
 */
export function PaymentsCard({ companyId, companyName }: { companyId: number; companyName: string }) {
  const canEdit = useCanManage('companies');
  const { user: me } = useSession();
  // Dual control: the person who entered an account never confirms it (the server refuses it too).
  const mayConfirm = (control: BankAccountControl) =>
    canEdit && control.status === 'PENDING' && control.changedBy?.id !== me?.id;
  const confirming = useDialogTarget<Confirmation>();
  const settings = usePaymentSettings(companyId);
  const vendors = useVendorAccounts(companyId);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // An approval whose bank file failed links here (#payments): bring the card into view once loaded.
  const { hash } = useLocation();
  const anchor = useRef<HTMLDivElement>(null);
  const loaded = !settings.isLoading && !vendors.isLoading;
  useEffect(() => {
    if (hash === '#payments' && loaded) anchor.current?.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);

  const confirmAccount = ({ kind, accountId, control }: Confirmation): Promise<unknown> =>
    kind === 'vendor' && accountId !== null
      ? confirmVendorAccount(companyId, accountId, control.version)
      : confirmSettlementAccount(companyId, control.version);

  const current = settings.data ?? null;
  const settlement = current?.settlementAccount ?? null;
  return (
    <SectionCard
      title="Payments"
      description="Bank file (NACHA) settings and the vendors' bank accounts that approved bills are paid to."
      actions={
        canEdit && !settings.isLoading && !settings.error ? (
          <Button size="sm" variant="outline" onClick={() => setSettingsOpen(true)}>
            {current ? 'Edit settings' : 'Set up bank file settings'}
          </Button>
        ) : null
      }
    >
      <Stack gap="6" id="payments" ref={anchor} scrollMarginTop="20">
        {settings.isLoading ? (
          <LoadingState text="Loading..." />
        ) : settings.error ? (
          <ErrorState message={errorMessage(settings.error)} onRetry={() => void settings.mutate()} />
        ) : current ? (
          <DetailList stacked>
            <DetailRow label="ODFI routing number">{current.odfiRoutingNumber}</DetailRow>
            <DetailRow label="Bank name">{current.odfiName}</DetailRow>
            <DetailRow label="Company identification">{current.companyIdentification}</DetailRow>
            <DetailRow label="ACH company name">{current.achCompanyName}</DetailRow>
            <DetailRow label="Entry description">{current.entryDescription}</DetailRow>
            <DetailRow label="Originator name">{current.originName}</DetailRow>
            <DetailRow label="QuickBooks bank account">{current.qbBankAccountId ?? 'Not set'}</DetailRow>
            <DetailRow label="Settlement account">
              {settlement ? (
                <Stack gap="1">
                  <HStack gap="2" wrap="wrap">
                    <Text>{`${maskedAccount(settlement.last4)} (${bankAccountTypeLabel(settlement.accountType)}): balanced files`}</Text>
                    {settlement.control ? <BankAccountStatusBadge control={settlement.control} /> : null}
                  </HStack>
                  {settlement.control ? (
                    <Text fontSize="xs" color="fg.muted">
                      {bankAccountControlText(settlement.control)}
                    </Text>
                  ) : null}
                  {settlement.control && mayConfirm(settlement.control) ? (
                    <Button
                      size="xs"
                      variant="outline"
                      alignSelf="flex-start"
                      onClick={() =>
                        confirming.openFor({
                          kind: 'settlement',
                          accountId: null,
                          label: `the settlement account ${maskedAccount(settlement.last4)} (${bankAccountTypeLabel(settlement.accountType)})`,
                          control: settlement.control!,
                        })
                      }
                    >
                      Confirm settlement account
                    </Button>
                  ) : null}
                </Stack>
              ) : (
                'None: the file lists the payments only, with no offsetting debit'
              )}
            </DetailRow>
          </DetailList>
        ) : (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>No bank file settings</Alert.Title>
              <Alert.Description>
                Approved bills of this company cannot be paid until its bank file settings are set up.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}

        <VendorBankAccounts
          companyId={companyId}
          vendors={vendors}
          canEdit={canEdit}
          mayConfirm={mayConfirm}
          onConfirm={(row) =>
            confirming.openFor({
              kind: 'vendor',
              accountId: row.id,
              label: `the bank account of ${row.vendorName}: routing ${row.routingNumber}, ${maskedAccount(row.accountLast4)} (${bankAccountTypeLabel(row.accountType)})`,
              control: row.control,
            })
          }
        />
      </Stack>

      <PaymentSettingsDialog
        companyId={companyId}
        companyName={companyName}
        settings={current}
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
      />
      <ActionDialog
        open={confirming.target !== null}
        onOpenChange={confirming.onOpenChange}
        title="Confirm bank account"
        description={confirmText(confirming.target)}
        confirmLabel="Confirm account"
        pendingLabel="Confirming..."
        action={() => confirmAccount(confirming.target!)}
        successMessage="Bank account confirmed"
      />
    </SectionCard>
  );
}
