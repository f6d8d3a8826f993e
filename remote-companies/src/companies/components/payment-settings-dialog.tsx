import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  ACH_BANK_NAME_MAX,
  ACH_COMPANY_NAME_MAX,
  ACH_ENTRY_DESCRIPTION_MAX,
  DEFAULT_ENTRY_DESCRIPTION,
  PaymentSettingsFormSchema,
  paymentSettingsFormToInput,
  type PaymentSettings,
  type PaymentSettingsFormInput,
  type PaymentSettingsFormOutput,
} from 'shared-contracts';
import { FormField, Input, SimpleGrid, notifySuccess } from 'shared-ui';
import { FormDialog } from 'shared-ui/dialog';
import { SelectField } from 'shared-ui/form';
import { reportFormError } from 'shared-ui/record';
import { savePaymentSettings } from '../api/payment-mutations';
import { ACCOUNT_TYPE_OPTIONS } from './vendor-account-dialog';

function toFormValues(settings: PaymentSettings | null, companyName: string): PaymentSettingsFormInput {
  return {
    odfiRoutingNumber: settings?.odfiRoutingNumber ?? '',
    odfiName: settings?.odfiName ?? '',
    companyIdentification: settings?.companyIdentification ?? '',
    achCompanyName: settings?.achCompanyName ?? companyName.slice(0, ACH_COMPANY_NAME_MAX),
    entryDescription: settings?.entryDescription ?? DEFAULT_ENTRY_DESCRIPTION,
    originName: settings?.originName ?? companyName.slice(0, ACH_BANK_NAME_MAX),
    settlementChoice: settings?.settlementAccount ? 'keep' : 'none',
    settlementAccountNumber: '',
    settlementAccountType: settings?.settlementAccount?.accountType ?? 'checking',
    qbBankAccountId: settings?.qbBankAccountId ?? '',
  };
}

export interface PaymentSettingsDialogProps {
  companyId: number;
  companyName: string;
  settings: PaymentSettings | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Sets up or edits the company's bank file settings (MODERATOR). */
export function PaymentSettingsDialog({
  companyId,
  companyName,
  settings,
  open,
  onOpenChange,
}: PaymentSettingsDialogProps) {
  const form = useForm<PaymentSettingsFormInput, unknown, PaymentSettingsFormOutput>({
    resolver: valibotResolver(PaymentSettingsFormSchema),
    defaultValues: toFormValues(settings, companyName),
  });
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const choice = useWatch({ control, name: 'settlementChoice' });

  // Each opening starts from what is stored.
  useEffect(() => {
    if (open) reset(toFormValues(settings, companyName));
  }, [open, settings, companyName, reset]);

  async function save(values: PaymentSettingsFormOutput) {
    try {
      await savePaymentSettings(companyId, paymentSettingsFormToInput(values));
      notifySuccess('Bank file settings saved');
      onOpenChange(false);
    } catch (error) {
      // The server names the settlement account's parts; the form has one field for the number.
      reportFormError(form, error, {
        fieldFor: (field) => (field.startsWith('settlementAccount') ? 'settlementAccountNumber' : field),
      });
    }
  }

  const stored = settings?.settlementAccount;
  const settlementOptions = [
    ...(stored ? [{ value: 'keep', label: `Keep the account ending ${stored.last4}` }] : []),
    { value: 'none', label: 'None: credits only (service class 220)' },
    {
      value: 'new',
      label: stored ? 'Replace with a new account' : 'Add a settlement account (balanced files)',
    },
  ];

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={settings ? 'Edit bank file settings' : 'Set up bank file settings'}
      description="What the NACHA files of this company say about who sends them and through which bank."
      submitLabel="Save settings"
      pendingLabel="Saving..."
      isPending={isSubmitting}
      onSubmit={handleSubmit(save)}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField
          label="ODFI routing number"
          required
          hint="Your bank's 9-digit routing number"
          error={errors.odfiRoutingNumber?.message}
        >
          <Input {...register('odfiRoutingNumber')} inputMode="numeric" maxLength={9} autoComplete="off" />
        </FormField>
        <FormField label="Bank name" required error={errors.odfiName?.message}>
          <Input {...register('odfiName')} maxLength={ACH_BANK_NAME_MAX} />
        </FormField>
        <FormField
          label="Company identification"
          required
          hint="1 followed by the 9-digit EIN, as your bank assigned it"
          error={errors.companyIdentification?.message}
        >
          <Input
            {...register('companyIdentification')}
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
          />
        </FormField>
        <FormField
          label="ACH company name"
          required
          hint={`As vendors see it on their statement (at most ${ACH_COMPANY_NAME_MAX})`}
          error={errors.achCompanyName?.message}
        >
          <Input {...register('achCompanyName')} maxLength={ACH_COMPANY_NAME_MAX} />
        </FormField>
        <FormField label="Entry description" required error={errors.entryDescription?.message}>
          <Input {...register('entryDescription')} maxLength={ACH_ENTRY_DESCRIPTION_MAX} />
        </FormField>
        <FormField label="Originator name" required error={errors.originName?.message}>
          <Input {...register('originName')} maxLength={ACH_BANK_NAME_MAX} />
        </FormField>
        <FormField
          label="QuickBooks bank account (Account Id)"
          hint="Paid bills are recorded in QuickBooks as paid from this account"
          error={errors.qbBankAccountId?.message}
        >
          <Input {...register('qbBankAccountId')} inputMode="numeric" autoComplete="off" maxLength={20} />
        </FormField>
        <SelectField
          label="Settlement account"
          options={settlementOptions}
          {...register('settlementChoice')}
        />
        {choice === 'new' ? (
          <>
            <FormField
              label="Settlement account number"
              required
              error={errors.settlementAccountNumber?.message}
            >
              <Input {...register('settlementAccountNumber')} inputMode="numeric" autoComplete="off" />
            </FormField>
            <SelectField
              label="Settlement account type"
              options={ACCOUNT_TYPE_OPTIONS}
              {...register('settlementAccountType')}
            />
          </>
        ) : null}
      </SimpleGrid>
    </FormDialog>
  );
}
