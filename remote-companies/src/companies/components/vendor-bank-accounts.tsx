import { useState } from 'react';
import { errorMessage } from 'shared-auth';
import type { BankAccountControl, MissingVendor, VendorAccount } from 'shared-contracts';
import { Alert, Box, Button, ErrorState, Heading, HStack, Stack, Text } from 'shared-ui';
import { ActionDialog, RowActionsMenu, useDialogTarget } from 'shared-ui/dialog';
import {
  BankAccountReturnNotices,
  BankAccountStatusBadge,
  bankAccountControlText,
  bankAccountTypeLabel,
  maskedAccount,
} from 'shared-ui/format';
import { DataTable } from 'shared-ui/table';
import type { useVendorAccounts } from '../api/get-payments';
import { deleteVendorAccount } from '../api/payment-mutations';
import { VendorAccountDialog } from './vendor-account-dialog';

/** Props of VendorBankAccounts. */
interface VendorBankAccountsProps {
  companyId: number;
  vendors: ReturnType<typeof useVendorAccounts>;
  canEdit: boolean;
  /** Whether this person may confirm the account (dual control: never the one who entered it). */
  mayConfirm: (control: BankAccountControl) => boolean;
  /** Asks to confirm the row's account (the Payments card's confirmation). */
  onConfirm: (account: VendorAccount) => void;
}

/**
 * The Payments card's vendor bank accounts: the vendors of unpaid bills that lack one, the accounts
 * (masked) with their dual-control status, and adding, editing, confirming and removing one.
 */
export function VendorBankAccounts({
  companyId,
  vendors,
  canEdit,
  mayConfirm,
  onConfirm,
}: VendorBankAccountsProps) {
  const [dialog, setDialog] = useState<{
    account: VendorAccount | null;
    vendor: MissingVendor | null;
  } | null>(null);
  const removing = useDialogTarget<VendorAccount>();

  return (
    <>
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="sm">
            Vendor bank accounts
          </Heading>
          {canEdit ? (
            <Button size="sm" variant="outline" onClick={() => setDialog({ account: null, vendor: null })}>
              Add account
            </Button>
          ) : null}
        </HStack>
        {vendors.error ? (
          <ErrorState message={errorMessage(vendors.error)} onRetry={() => void vendors.mutate()} />
        ) : (
          <>
            {(vendors.data?.missingVendors.length ?? 0) > 0 ? (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>Vendors without a bank account</Alert.Title>
                  <Alert.Description>
                    <Stack as="ul" gap="1" mt="1" listStyleType="none" ps="0">
                      {vendors.data!.missingVendors.map((vendor) => (
                        <HStack as="li" key={vendor.vendorRef} justify="space-between" wrap="wrap" gap="2">
                          <Text>
                            {vendor.vendorName} ({vendor.billCount} unpaid{' '}
                            {vendor.billCount === 1 ? 'bill' : 'bills'})
                          </Text>
                          {canEdit ? (
                            <Button
                              size="xs"
                              variant="outline"
                              aria-label={`Add account for ${vendor.vendorName}`}
                              onClick={() => setDialog({ account: null, vendor })}
                            >
                              Add account
                            </Button>
                          ) : null}
                        </HStack>
                      ))}
                    </Stack>
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : null}
            <DataTable<VendorAccount>
              caption="Vendor bank accounts"
              size="sm"
              rows={vendors.data?.accounts ?? []}
              getRowId={(row) => row.id}
              isLoading={vendors.isLoading}
              loadingRows={2}
              emptyState={<Text color="fg.muted">No vendor bank accounts yet.</Text>}
              columns={[
                { key: 'vendorName', header: 'Vendor' },
                { key: 'vendorRef', header: 'QuickBooks vendor ID' },
                { key: 'routingNumber', header: 'Routing number' },
                { key: 'accountLast4', header: 'Account', render: (row) => maskedAccount(row.accountLast4) },
                {
                  key: 'accountType',
                  header: 'Type',
                  render: (row) => bankAccountTypeLabel(row.accountType),
                },
                {
                  key: 'status',
                  header: 'Status',
                  // The badge, and while pending who entered it; the whole story on hover and in
                  // the confirmation dialog (a sentence per row would crowd the table).
                  // A return's block and the bank's correction are said in full: they are why
                  // the account is not paid, and what to do about it.
                  maxWidth: 'none',
                  minWidth: '12rem',
                  render: (row) => (
                    <Stack gap="0.5" align="flex-start" title={bankAccountControlText(row.control)}>
                      <BankAccountStatusBadge control={row.control} />
                      {row.control.status === 'PENDING' && row.control.changedBy ? (
                        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                          by {row.control.changedBy.name}
                        </Text>
                      ) : null}
                      <Box maxW="24rem">
                        <BankAccountReturnNotices account={row} />
                      </Box>
                    </Stack>
                  ),
                },
              ]}
              rowLabel={(row) => row.vendorName}
              rowActions={
                canEdit
                  ? (row) => (
                      <RowActionsMenu
                        label={`Actions for ${row.vendorName}`}
                        items={[
                          ...(mayConfirm(row.control)
                            ? [{ key: 'confirm', label: 'Confirm account', onSelect: () => onConfirm(row) }]
                            : []),
                          {
                            key: 'edit',
                            label: 'Edit',
                            onSelect: () => setDialog({ account: row, vendor: null }),
                          },
                          {
                            key: 'remove',
                            label: 'Remove',
                            destructive: true,
                            onSelect: () => removing.openFor(row),
                          },
                        ]}
                      />
                    )
                  : undefined
              }
            />
          </>
        )}
      </Stack>
      <VendorAccountDialog
        companyId={companyId}
        account={dialog?.account ?? null}
        vendor={dialog?.vendor ?? null}
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
      />
      <ActionDialog
        open={removing.target !== null}
        onOpenChange={removing.onOpenChange}
        title="Remove bank account"
        description={
          removing.target
            ? `Remove the account ending ${removing.target.accountLast4} of ${removing.target.vendorName}? Bills of this vendor cannot be paid until an account is added again.`
            : ''
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        destructive
        action={() => deleteVendorAccount(companyId, removing.target!.id)}
        successMessage="Vendor bank account removed"
      />
    </>
  );
}
