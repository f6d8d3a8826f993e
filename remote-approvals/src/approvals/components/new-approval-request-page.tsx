import { valibotResolver } from '@hookform/resolvers/valibot';
import { useFieldArray, useForm, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import {
  APPROVAL_ERRORS,
  APPROVAL_PRIORITIES,
  MANUAL_BILLS_MAX,
  MANUAL_LINES_MAX,
  ManualApprovalFormSchema,
  toCents,
  type ManualApprovalFormInput,
  type ManualApprovalFormOutput,
} from 'shared-contracts';
import {
  Box,
  Button,
  Flex,
  FormField,
  Input,
  SectionCard,
  SimpleGrid,
  Stack,
  Text,
  titleCase,
  useFormDraft,
} from 'shared-ui';
import { SelectField } from 'shared-ui/form';
import { formatUsd } from 'shared-ui/format';
import { FormActions, RecordFormPage, useRecordSubmit } from 'shared-ui/record';
import { useManualCompanyOptions, useVendorOptions } from '../api/get-manual-options';
import { createManualApproval } from '../api/mutations';

const emptyLine = () => ({ Description: '', Amount: '' });
const emptyBill = (): ManualApprovalFormInput['bills'][number] => ({
  vendorRef: '',
  DocNumber: '',
  TxnDate: '',
  DueDate: '',
  TotalAmt: '',
  Line: [emptyLine()],
});
const EMPTY_FORM: ManualApprovalFormInput = { companyId: '', priority: 'MEDIUM', bills: [emptyBill()] };

const PRIORITY_OPTIONS = APPROVAL_PRIORITIES.map((priority) => ({
  value: priority,
  label: titleCase(priority),
}));

/** Cents of an amount as typed, or null while it is not one yet. */
function typedCents(value: string | undefined): number | null {
  const text = (value ?? '').replace(/[\s,$]/g, '');
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return null;
  return toCents(Number(text));
}

/**
 * /approvals/new ('New approval request', MODERATOR and ADMIN): bills entered by hand for a company
 * without QuickBooks. The form checks with the same schema the API does; the API decides.
 */
export function NewApprovalRequestPage() {
  const form = useForm<ManualApprovalFormInput, unknown, ManualApprovalFormOutput>({
    resolver: valibotResolver(ManualApprovalFormSchema),
    defaultValues: EMPTY_FORM,
  });
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  // What is typed survives a session that ends mid-form (sign in again) or a reload.
  useFormDraft(form, { key: 'approval:new' });
  const bills = useFieldArray({ control, name: 'bills' });
  const companyId = useWatch({ control, name: 'companyId' });
  const companies = useManualCompanyOptions();
  const vendors = useVendorOptions(companyId ? Number(companyId) : null);
  const chosen = companies.data?.find((company) => company.value === companyId);

  const onSubmit = useRecordSubmit(form, {
    save: (values: ManualApprovalFormOutput) => createManualApproval(values),
    notice: 'Approval request created successfully',
    to: (approval) => `/approvals/${approval.id}`,
  });

  const title = 'New approval request';
  return (
    <RecordFormPage
      title={title}
      description="Enter bills by hand for a company that is not connected to QuickBooks"
      section={{ label: 'Approvals', to: '/approvals' }}
      record={null}
      onSubmit={handleSubmit(onSubmit)}
      formLabel={title}
    >
      <Stack gap="6">
        <SectionCard title="Request">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField
              label="Company"
              required
              placeholder={companies.isLoading ? 'Loading companies...' : 'Select a company'}
              options={companies.data ?? []}
              error={errors.companyId?.message}
              hint={
                chosen?.connected
                  ? APPROVAL_ERRORS.connectedToQuickBooks(chosen.name)
                  : 'Companies connected to QuickBooks cannot be chosen: their bills are imported from QuickBooks.'
              }
              {...register('companyId')}
            />
            <SelectField
              label="Priority"
              options={PRIORITY_OPTIONS}
              error={errors.priority?.message}
              {...register('priority')}
            />
          </SimpleGrid>
        </SectionCard>

        {bills.fields.map((field, index) => (
          <BillFields
            key={field.id}
            form={form}
            index={index}
            vendorOptions={vendors.data ?? []}
            vendorsLoading={vendors.isLoading}
            hasCompany={Boolean(companyId)}
            onRemove={bills.fields.length > 1 ? () => bills.remove(index) : undefined}
          />
        ))}
        {errors.bills?.root?.message || errors.bills?.message ? (
          <Text color="fg.error" role="alert">
            {errors.bills?.root?.message ?? errors.bills?.message}
          </Text>
        ) : null}

        <Flex justify="space-between" gap="3" wrap="wrap">
          <Button
            variant="outline"
            disabled={bills.fields.length >= MANUAL_BILLS_MAX}
            onClick={() => bills.append(emptyBill())}
          >
            Add another bill
          </Button>
          <FormActions cancelTo="/approvals" submitLabel="Create request" submitting={isSubmitting} />
        </Flex>
      </Stack>
    </RecordFormPage>
  );
}

function BillFields({
  form,
  index,
  vendorOptions,
  vendorsLoading,
  hasCompany,
  onRemove,
}: {
  form: UseFormReturn<ManualApprovalFormInput, unknown, ManualApprovalFormOutput>;
  index: number;
  vendorOptions: Array<{ value: string; label: string }>;
  vendorsLoading: boolean;
  hasCompany: boolean;
  onRemove?: () => void;
}) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const lines = useFieldArray({ control, name: `bills.${index}.Line` });
  const billErrors = errors.bills?.[index];
  return (
    <SectionCard
      title={`Bill ${index + 1}`}
      actions={
        onRemove && (
          <Button size="sm" variant="ghost" colorPalette="red" onClick={onRemove}>
            Remove bill {index + 1}
          </Button>
        )
      }
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField
            label="Vendor"
            required
            placeholder={
              !hasCompany
                ? 'Select a company first'
                : vendorsLoading
                  ? 'Loading vendors...'
                  : 'Select a vendor'
            }
            options={vendorOptions}
            disabled={!hasCompany}
            error={billErrors?.vendorRef?.message}
            hint={
              hasCompany && !vendorsLoading && vendorOptions.length === 0
                ? 'This company has no vendors yet: add a vendor bank account on its page first.'
                : undefined
            }
            {...register(`bills.${index}.vendorRef`)}
          />
          <FormField label="Bill number (DocNumber)" required error={billErrors?.DocNumber?.message}>
            <Input {...register(`bills.${index}.DocNumber`)} autoComplete="off" />
          </FormField>
          <FormField label="Bill date" required error={billErrors?.TxnDate?.message}>
            <Input type="date" {...register(`bills.${index}.TxnDate`)} />
          </FormField>
          <FormField label="Due date" required error={billErrors?.DueDate?.message}>
            <Input type="date" {...register(`bills.${index}.DueDate`)} />
          </FormField>
          <FormField
            label="Total"
            required
            error={billErrors?.TotalAmt?.message}
            hint="In US dollars, e.g. 1250.00"
          >
            <Input inputMode="decimal" {...register(`bills.${index}.TotalAmt`)} autoComplete="off" />
          </FormField>
        </SimpleGrid>

        <Stack gap="3" as="fieldset">
          <Text as="legend" fontWeight="semibold" mb="2">
            Lines of bill {index + 1}
          </Text>
          {lines.fields.map((line, lineIndex) => (
            <Flex key={line.id} gap="3" align="flex-start" direction={{ base: 'column', md: 'row' }}>
              <Box flex="3" w="full">
                <FormField
                  label={`Line ${lineIndex + 1} description`}
                  required
                  error={billErrors?.Line?.[lineIndex]?.Description?.message}
                >
                  <Input {...register(`bills.${index}.Line.${lineIndex}.Description`)} autoComplete="off" />
                </FormField>
              </Box>
              <Box flex="1" w="full">
                <FormField
                  label={`Line ${lineIndex + 1} amount`}
                  required
                  error={billErrors?.Line?.[lineIndex]?.Amount?.message}
                >
                  <Input
                    inputMode="decimal"
                    {...register(`bills.${index}.Line.${lineIndex}.Amount`)}
                    autoComplete="off"
                  />
                </FormField>
              </Box>
              {lines.fields.length > 1 && (
                <Button
                  variant="ghost"
                  colorPalette="red"
                  mt={{ base: 0, md: '7' }}
                  onClick={() => lines.remove(lineIndex)}
                >
                  Remove line {lineIndex + 1}
                </Button>
              )}
            </Flex>
          ))}
          {billErrors?.Line?.message || billErrors?.Line?.root?.message ? (
            <Text color="fg.error">{billErrors?.Line?.root?.message ?? billErrors?.Line?.message}</Text>
          ) : null}
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Button
              size="sm"
              variant="outline"
              disabled={lines.fields.length >= MANUAL_LINES_MAX}
              onClick={() => lines.append(emptyLine())}
            >
              Add line
            </Button>
            <LinesSum control={control} index={index} />
          </Flex>
        </Stack>
      </Stack>
    </SectionCard>
  );
}

/** The lines' sum beside the bill's total while typing, so a mismatch shows before submitting. */
function LinesSum({
  control,
  index,
}: {
  control: Control<ManualApprovalFormInput, unknown, ManualApprovalFormOutput>;
  index: number;
}) {
  const bill = useWatch({ control, name: `bills.${index}` });
  const amounts = (bill?.Line ?? []).map((line) => typedCents(line?.Amount));
  const total = typedCents(bill?.TotalAmt);
  if (amounts.some((amount) => amount === null)) return null;
  const sum = amounts.reduce<number>((acc, amount) => acc + (amount ?? 0), 0);
  const matches = total !== null && sum === total;
  return (
    <Text textStyle="sm" color={matches ? 'fg.muted' : 'fg.error'} aria-live="polite">
      Lines add up to {formatUsd(sum / 100)}
      {total !== null && !matches ? ` (total ${formatUsd(total / 100)})` : ''}
    </Text>
  );
}
