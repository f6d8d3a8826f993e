import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  VendorAccountCreateSchema,
  VendorAccountEditFormSchema,
  type VendorAccount,
  type VendorAccountCreate,
} from 'shared-contracts';
import { FormField, Input, SimpleGrid, notifySuccess } from 'shared-ui';
import { FormDialog } from 'shared-ui/dialog';
import { SelectField } from 'shared-ui/form';
import { reportFormError } from 'shared-ui/record';
import { createVendorAccount, updateVendorAccount } from '../api/payment-mutations';

export const ACCOUNT_TYPE_OPTIONS = [
  { value: 'checking', label: 'Checking' },
  { value: 'savings', label: 'Savings' },
];

interface VendorAccountForm {
  vendorRef: string;
  vendorName: string;
  routingNumber: string;
  accountNumber: string;
  accountType: string;
}

export interface VendorAccountDialogProps {
  companyId: number;
  /** The account being edited, or a vendor to add one for (from the missing vendors list). */
  account: VendorAccount | null;
  vendor?: { vendorRef: string; vendorName: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Adds or edits one vendor's bank account; the number is never shown, only replaced. */
export function VendorAccountDialog({
  companyId,
  account,
  vendor,
  open,
  onOpenChange,
}: VendorAccountDialogProps) {
  const editing = account !== null;
  const form = useForm<VendorAccountForm>({
    // The edit form lets an empty account number keep the stored one.
    resolver: valibotResolver(editing ? VendorAccountEditFormSchema : VendorAccountCreateSchema) as never,
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  useEffect(() => {
    if (!open) return;
    reset({
      vendorRef: account?.vendorRef ?? vendor?.vendorRef ?? '',
      vendorName: account?.vendorName ?? vendor?.vendorName ?? '',
      routingNumber: account?.routingNumber ?? '',
      accountNumber: '',
      accountType: account?.accountType ?? 'checking',
    });
  }, [open, account, vendor, reset]);

  async function save(values: VendorAccountForm) {
    try {
      if (account) {
        const { vendorRef: _ref, ...changes } = values as unknown as VendorAccountCreate;
        await updateVendorAccount(companyId, account.id, changes);
      } else {
        await createVendorAccount(companyId, values as unknown as VendorAccountCreate);
      }
      notifySuccess('Vendor bank account saved');
      onOpenChange(false);
    } catch (error) {
      reportFormError(form, error);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit bank account of ${account.vendorName}` : 'Add vendor bank account'}
      description={
        editing
          ? `The account ending ${account.accountLast4} stays unless you enter a new number.`
          : 'Vendor credits in this company’s bank files go to this account.'
      }
      submitLabel="Save account"
      pendingLabel="Saving..."
      isPending={isSubmitting}
      onSubmit={handleSubmit(save)}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField
          label="QuickBooks vendor ID"
          required
          hint="VendorRef of the vendor's bills"
          error={errors.vendorRef?.message}
          disabled={editing}
        >
          <Input {...register('vendorRef')} readOnly={editing} autoComplete="off" />
        </FormField>
        <FormField label="Vendor name" required error={errors.vendorName?.message}>
          <Input {...register('vendorName')} />
        </FormField>
        <FormField label="Routing number" required error={errors.routingNumber?.message}>
          <Input {...register('routingNumber')} inputMode="numeric" maxLength={9} autoComplete="off" />
        </FormField>
        <FormField
          label="Account number"
          required={!editing}
          hint={editing ? `Leave empty to keep ••••${account.accountLast4}` : '4 to 17 digits'}
          error={errors.accountNumber?.message}
        >
          <Input {...register('accountNumber')} inputMode="numeric" maxLength={17} autoComplete="off" />
        </FormField>
        <SelectField
          label="Account type"
          options={ACCOUNT_TYPE_OPTIONS}
          error={errors.accountType?.message}
          {...register('accountType')}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
