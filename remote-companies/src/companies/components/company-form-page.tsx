import { valibotResolver } from '@hookform/resolvers/valibot';
import {
  CompanyFormSchema,
  companyFormToUpdate,
  type Company,
  type CompanyFormInput,
  type CompanyFormOutput,
} from 'shared-contracts';
import { Box, FormField, SectionCard, SimpleGrid, titleCase } from 'shared-ui';
import { PersonSelect, SelectField, Textarea, useStaffPeople } from 'shared-ui/form';
import { recordFormPage, RecordFormPage, TextField, useRecordFormPage } from 'shared-ui/record';
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
  const { form, page } = useRecordFormPage<CompanyFormInput, CompanyFormOutput, Company>(company, {
    section: 'companies',
    noun: 'Company',
    label: (record) => record.name,
    resolver: valibotResolver(CompanyFormSchema),
    empty: EMPTY_FORM,
    toValues: toFormValues,
    create: createCompany,
    update: (record, values) => updateCompany(record.id, companyFormToUpdate(values)),
    errors: { fields: FORM_FIELDS },
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <RecordFormPage
      {...page}
      description={company ? `Update the details of ${company.name}` : 'Add a new company account'}
    >
      <SectionCard title="Company information">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField form={form} name="name" label="Company Name" required autoComplete="organization" />
          <TextField
            form={form}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="billing@company.com"
          />
          <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" />
          <TextField
            form={form}
            name="website"
            label="Website"
            type="url"
            placeholder="https://company.com"
          />
          <TextField form={form} name="address" label="Address" autoComplete="street-address" />
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
