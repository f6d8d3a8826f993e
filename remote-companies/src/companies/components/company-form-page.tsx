import { valibotResolver } from '@hookform/resolvers/valibot';
import {
  CompanyFormSchema,
  companyFormToUpdate,
  type Company,
  type CompanyFormInput,
  type CompanyFormOutput,
} from 'shared-contracts';
import { Box, FormField, Input, SectionCard, SimpleGrid, titleCase } from 'shared-ui';
import { PersonSelect, SelectField, Textarea, useStaffPeople } from 'shared-ui/form';
import { recordFormPage, RecordFormPage, useRecordForm, useRecordSubmit } from 'shared-ui/record';
import { useManagerOptions } from '../api/get-assignee-options';
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

/** The assignees picked from the staff (the manager comes from the managers). */
const STAFF_ASSIGNEES = [
  { field: 'processorId', person: 'processor' },
  { field: 'approverId', person: 'approver' },
  { field: 'accountantId', person: 'accountant' },
] as const;

const ASSIGNEE_LABELS = {
  managerId: 'Manager',
  processorId: 'Processor',
  approverId: 'Approver',
  accountantId: 'Accountant',
} as const;

function CompanyForm({ record: company }: { record: Company | null }) {
  const managers = useManagerOptions();
  const staff = useStaffPeople();
  // What is typed survives a session that ends mid-form (sign in again) or a reload.
  const form = useRecordForm<CompanyFormInput, CompanyFormOutput, Company>(company, {
    resolver: valibotResolver(CompanyFormSchema),
    empty: EMPTY_FORM,
    toValues: toFormValues,
    draft: 'company',
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = useRecordSubmit(form, {
    save: async (values: CompanyFormOutput) =>
      company
        ? (await updateCompany(company.id, companyFormToUpdate(values)), company)
        : createCompany(values),
    notice: company ? 'Company updated successfully' : 'Company created successfully',
    to: (saved) => `/companies/${saved.id}`,
    errors: { fields: FORM_FIELDS },
  });

  const title = company ? 'Edit Company' : 'Create Company';
  return (
    <RecordFormPage
      title={title}
      description={company ? `Update the details of ${company.name}` : 'Add a new company account'}
      section={{ label: 'Companies', to: '/companies' }}
      record={company && { label: company.name, to: `/companies/${company.id}` }}
      onSubmit={handleSubmit(onSubmit)}
      formLabel={title}
      actions={{
        cancelTo: company ? `/companies/${company.id}` : '/companies',
        submitLabel: company ? 'Update Company' : 'Create Company',
        submitting: isSubmitting,
      }}
    >
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
          {/* Sorted by name with the e-mail beside it, so namesakes can be told apart; the company's
                  assignee stays a choice when the picker's first 100 do not hold it. */}
          <PersonSelect
            label={ASSIGNEE_LABELS.managerId}
            none="None"
            people={managers.data?.data ?? []}
            current={company?.manager}
            error={errors.managerId?.message}
            disabled={managers.isLoading}
            {...register('managerId')}
          />
          {STAFF_ASSIGNEES.map(({ field, person }) => (
            <PersonSelect
              key={field}
              label={ASSIGNEE_LABELS[field]}
              none="None"
              people={staff.data?.data ?? []}
              detail={(user) => titleCase(user.role)}
              current={company?.[person]}
              error={errors[field]?.message}
              disabled={staff.isLoading}
              {...register(field)}
            />
          ))}
        </SimpleGrid>
      </SectionCard>
    </RecordFormPage>
  );
}

/** /companies/new and /companies/{id}/edit: one form for creating and editing a company. */
export const CompanyFormPage = recordFormPage(useCompany, CompanyForm, (failure) => (
  <CompanyNotFound failure={failure} />
));
