import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  COMPANY_ASSIGNEE_FIELDS,
  CompanyFormSchema,
  companyFormToUpdate,
  type Company,
  type CompanyFormInput,
  type CompanyFormOutput,
} from 'shared-contracts';
import {
  Box,
  Button,
  FormField,
  HStack,
  Input,
  PageHeader,
  SectionCard,
  SimpleGrid,
  Stack,
  notifySuccess,
  titleCase,
  useFormDraft,
} from 'shared-ui';
import { SelectField, Textarea, personLabel, personOptions, withCurrentOption } from 'shared-ui/form';
import { RouteRecord, reportFormError, useResetForRecord } from 'shared-ui/record';
import { type SelectOption } from 'shared-ui/table';
import { useManagerOptions, useStaffOptions } from '../api/get-assignee-options';
import { useCompany } from '../api/get-company';
import { createCompany, updateCompany } from '../api/mutations';
import { INDUSTRY_OPTIONS } from '../company-options';
import { CompanyNotFound } from './company-not-found';

const EMPTY_FORM: CompanyFormInput = {
  name: '',
  email: '',
  phone: '',
  website: '',
  address: '',
  description: '',
  industry: '',
  managerId: '',
  processorId: '',
  approverId: '',
  accountantId: '',
};

const FORM_FIELDS = Object.keys(EMPTY_FORM);

function toFormValues(company: Company): CompanyFormInput {
  const text = (value: string | null) => value ?? '';
  const id = (value: number | null) => (value === null ? '' : String(value));
  return {
    name: company.name,
    email: text(company.email),
    phone: text(company.phone),
    website: text(company.website),
    address: text(company.address),
    description: text(company.description),
    industry: text(company.industry),
    managerId: id(company.managerId),
    processorId: id(company.processorId),
    approverId: id(company.approverId),
    accountantId: id(company.accountantId),
  };
}

/** Keeps the company's current assignee selectable even when the picker's first 100 do not hold it. */
function withCurrent(
  options: SelectOption[],
  company: Company | null,
  field: (typeof COMPANY_ASSIGNEE_FIELDS)[number],
) {
  const id = company?.[field];
  if (!company || id === null || id === undefined || options.some((option) => option.value === String(id)))
    return options;
  const person = company[field.replace('Id', '') as 'manager' | 'processor' | 'approver' | 'accountant'];
  return withCurrentOption(options, String(id), person ? personLabel(person) : undefined);
}

const ASSIGNEE_LABELS = {
  managerId: 'Manager',
  processorId: 'Processor',
  approverId: 'Approver',
  accountantId: 'Accountant',
} as const;

/** /companies/new and /companies/{id}/edit: one form for creating and editing a company. */
export function CompanyFormPage() {
  return (
    <RouteRecord
      useRecord={useCompany}
      loadingText="Loading..."
      renderFailure={(failure) => <CompanyNotFound failure={failure} />}
      renderNew={() => <CompanyForm company={null} />}
    >
      {(company) => <CompanyForm company={company} />}
    </RouteRecord>
  );
}

function CompanyForm({ company }: { company: Company | null }) {
  const navigate = useNavigate();
  const managers = useManagerOptions();
  const staff = useStaffOptions();
  const form = useForm<CompanyFormInput, unknown, CompanyFormOutput>({
    resolver: valibotResolver(CompanyFormSchema),
    defaultValues: company ? toFormValues(company) : EMPTY_FORM,
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  // What is typed survives a session that ends mid-form (sign in again) or a reload.
  useFormDraft(form, { key: `company:${company?.id ?? 'new'}` });

  useResetForRecord(form.reset, company, toFormValues);

  // Sorted by name with the e-mail beside it, so namesakes can be told apart (shared-ui personOptions).
  const managerOptions: SelectOption[] = [
    { value: '', label: 'None' },
    ...personOptions(managers.data?.data ?? []),
  ];
  const staffOptions: SelectOption[] = [
    { value: '', label: 'None' },
    ...personOptions(staff.data?.data ?? [], { detail: (user) => titleCase(user.role) }),
  ];

  async function onSubmit(values: CompanyFormOutput) {
    try {
      if (company) {
        await updateCompany(company.id, companyFormToUpdate(values));
        notifySuccess('Company updated successfully');
        navigate(`/companies/${company.id}`);
      } else {
        const created = await createCompany(values);
        notifySuccess('Company created successfully');
        navigate(`/companies/${created.id}`);
      }
    } catch (error) {
      reportFormError(form, error, { fields: FORM_FIELDS });
    }
  }

  const title = company ? 'Edit Company' : 'Create Company';
  const cancelTo = company ? `/companies/${company.id}` : '/companies';
  return (
    <Stack gap="6">
      <PageHeader
        title={title}
        description={company ? `Update the details of ${company.name}` : 'Add a new company account'}
        breadcrumbs={[
          { label: 'Companies', to: '/companies' },
          ...(company ? [{ label: company.name, to: `/companies/${company.id}` }] : []),
          { label: company ? 'Edit' : 'New' },
        ]}
      />
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={title}>
        <Stack gap="6">
          <SectionCard title="Company information">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label="Company Name" required error={errors.name?.message}>
                <Input {...register('name')} autoComplete="organization" />
              </FormField>
              <FormField label="Email" error={errors.email?.message}>
                <Input
                  {...register('email')}
                  type="email"
                  autoComplete="email"
                  placeholder="billing@company.com"
                />
              </FormField>
              <FormField label="Phone" error={errors.phone?.message}>
                <Input {...register('phone')} type="tel" autoComplete="tel" />
              </FormField>
              <FormField label="Website" error={errors.website?.message}>
                <Input {...register('website')} type="url" placeholder="https://company.com" />
              </FormField>
              <FormField label="Address" error={errors.address?.message}>
                <Input {...register('address')} autoComplete="street-address" />
              </FormField>
              <SelectField
                label="Industry"
                error={errors.industry?.message}
                options={[{ value: '', label: 'Select an industry' }, ...INDUSTRY_OPTIONS]}
                {...register('industry')}
              />
            </SimpleGrid>
            <Box mt="4">
              <FormField label="Description" error={errors.description?.message}>
                <Textarea {...register('description')} rows={4} />
              </FormField>
            </Box>
          </SectionCard>
          <SectionCard title="User assignments">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {COMPANY_ASSIGNEE_FIELDS.map((field) => (
                <SelectField
                  key={field}
                  label={ASSIGNEE_LABELS[field]}
                  error={errors[field]?.message}
                  options={withCurrent(field === 'managerId' ? managerOptions : staffOptions, company, field)}
                  disabled={(field === 'managerId' ? managers : staff).isLoading}
                  {...register(field)}
                />
              ))}
            </SimpleGrid>
          </SectionCard>
          <HStack justify="flex-end" gap="3">
            <Button asChild variant="outline">
              <RouterLink to={cancelTo}>Cancel</RouterLink>
            </Button>
            <Button type="submit" colorPalette="blue" loading={isSubmitting}>
              {company ? 'Update Company' : 'Create Company'}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
