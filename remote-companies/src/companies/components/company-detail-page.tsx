import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useCanAdminister, useCanManage } from 'shared-auth';
import type { Company } from 'shared-contracts';
import {
  Button,
  DetailList,
  DetailRow,
  ErrorState,
  HStack,
  Link,
  PageHeader,
  SectionCard,
  SimpleGrid,
  Stack,
  StatusBadge,
  titleCase,
} from 'shared-ui';
import { useActivation, useRecordDelete, useRowAction } from 'shared-ui/dialog';
import { InlineSelectEditor, personChoices, personLabel, useStaffPeople } from 'shared-ui/form';
import { ActivityList, formatDate, formatDateLong } from 'shared-ui/format';
import { recordPage } from 'shared-ui/record';
import { useManagerOptions } from '../api/get-assignee-options';
import { useCompany } from '../api/get-company';
import { useCompanyActivity } from '../api/get-company-activity';
import { ASSIGNMENT_FAILED, setCompanyActive, updateAssignment, type AssigneeField } from '../api/mutations';
import { CompanyNotFound } from './company-not-found';
import { DeleteCompanyDialog } from './delete-company-dialog';
import { ApprovalPolicyCard } from './approval-policy-card';
import { PaymentsCard } from './payments-card';
import { QuickBooksCard } from './quickbooks-card';
import { QuickBooksSyncCard } from './quickbooks-sync-card';

const ASSIGNMENTS: Array<{
  field: AssigneeField;
  label: string;
  person: 'manager' | 'processor' | 'approver' | 'accountant';
}> = [
  { field: 'managerId', label: 'Manager', person: 'manager' },
  { field: 'processorId', label: 'Processor', person: 'processor' },
  { field: 'approverId', label: 'Approver', person: 'approver' },
  { field: 'accountantId', label: 'Accountant', person: 'accountant' },
];

function CompanyDetail({ record: company }: { record: Company }) {
  const canManage = useCanManage('companies');
  const canDelete = useCanAdminister('companies');
  const deleting = useRecordDelete('companies', DeleteCompanyDialog, company);
  const activation = useActivation('Company', company.status === 'ACTIVE', (active) =>
    setCompanyActive(company.id, active),
  );

  return (
    <Stack gap="6">
      <PageHeader
        title={company.name}
        description={`Created ${formatDate(company.createdAt)}`}
        breadcrumbs={[{ label: 'Companies', to: '/companies' }, { label: company.name }]}
        actions={
          <HStack gap="2" wrap="wrap">
            <StatusBadge status={company.status} />
            {canManage && (
              <Button variant="outline" loading={activation.busy} onClick={() => void activation.toggle()}>
                {activation.label}
              </Button>
            )}
            {canManage && (
              <Button asChild colorPalette="blue">
                <RouterLink to={`/companies/${company.id}/edit`}>Edit Company</RouterLink>
              </Button>
            )}
            {canDelete && (
              <Button variant="outline" colorPalette="red" onClick={deleting.open}>
                Delete
              </Button>
            )}
          </HStack>
        }
      />
      <SimpleGrid columns={{ base: 1, xl: 3 }} gap="6" alignItems="start">
        <Stack gap="6" gridColumn={{ xl: 'span 2' }}>
          <SectionCard title="Company information">
            <DetailList>
              <DetailRow label="Description">{company.description || 'No description'}</DetailRow>
              <DetailRow label="Industry">{company.industry ?? '—'}</DetailRow>
              <DetailRow label="Status">
                <StatusBadge status={company.status} />
              </DetailRow>
              <DetailRow label="Email">
                {company.email ? (
                  <Link href={`mailto:${company.email}`} color="blue.fg">
                    {company.email}
                  </Link>
                ) : (
                  '—'
                )}
              </DetailRow>
              <DetailRow label="Phone">{company.phone ?? '—'}</DetailRow>
              <DetailRow label="Website">
                {company.website ? (
                  <Link href={company.website} target="_blank" rel="noreferrer noopener" color="blue.fg">
                    {company.website}
                  </Link>
                ) : (
                  '—'
                )}
              </DetailRow>
              <DetailRow label="Address">{company.address ?? '—'}</DetailRow>
            </DetailList>
          </SectionCard>
          <AssignmentsCard company={company} />
          <ApprovalPolicyCard companyId={company.id} />
          <PaymentsCard companyId={company.id} companyName={company.name} />
          <ActivityCard companyId={company.id} />
        </Stack>
        <Stack gap="6">
          <QuickBooksCard company={company} />
          <QuickBooksSyncCard company={company} />
          <SectionCard title="Company details">
            <DetailList stacked>
              <DetailRow label="Company ID">{company.id}</DetailRow>
              <DetailRow label="Created">{formatDateLong(company.createdAt)}</DetailRow>
              <DetailRow label="Last updated">{formatDateLong(company.updatedAt)}</DetailRow>
              <DetailRow label="QB realm ID">{company.qbRealmId ?? '—'}</DetailRow>
            </DetailList>
          </SectionCard>
          <SectionCard title="Quick actions">
            <Stack gap="2">
              <Button asChild variant="outline" justifyContent="flex-start">
                {/* The list keeps its filters in the URL: this opens it filtered by the company. */}
                <RouterLink to={`/approvals?companyId=${company.id}`} state={{ companyId: company.id }}>
                  View approvals
                </RouterLink>
              </Button>
              <Button asChild variant="outline" justifyContent="flex-start">
                <RouterLink to={`/companies?search=${encodeURIComponent(company.name)}`}>
                  Find in company list
                </RouterLink>
              </Button>
            </Stack>
          </SectionCard>
        </Stack>
      </SimpleGrid>
      {deleting.dialog}
    </Stack>
  );
}

function AssignmentsCard({ company }: { company: Company }) {
  const canManage = useCanManage('companies');
  const managers = useManagerOptions();
  const staff = useStaffPeople();
  const { run } = useRowAction();

  // Rethrown after its notice: the inline editor stays open on a failure.
  const save = async (field: AssigneeField, value: string | null) => {
    await run(
      () => updateAssignment(company.id, field, value === null ? null : Number(value)),
      'User assignment updated successfully',
      { failure: ASSIGNMENT_FAILED, rethrow: true },
    );
  };

  return (
    <SectionCard title="User assignments">
      <Stack gap="4">
        {ASSIGNMENTS.map(({ field, label, person }) => {
          const assignee = company[person];
          const current = company[field];
          // Sorted by name with the e-mail beside it, so namesakes can be told apart.
          const options =
            person === 'manager'
              ? personChoices(managers.data?.data ?? [], { current: company.manager })
              : personChoices(staff.data?.data ?? [], {
                  detail: (user) => titleCase(user.role),
                  current: company[person],
                });
          return (
            <InlineSelectEditor
              key={field}
              label={label}
              valueLabel={assignee ? personLabel(assignee) : 'Not assigned'}
              value={current === null ? '' : String(current)}
              options={options}
              canEdit={canManage}
              onSave={(value) => save(field, value)}
            />
          );
        })}
      </Stack>
    </SectionCard>
  );
}

function ActivityCard({ companyId }: { companyId: number }) {
  const { data, error, isLoading, mutate } = useCompanyActivity(companyId);
  return (
    <SectionCard title="Recent activity">
      {error ? (
        <ErrorState message={errorMessage(error)} onRetry={() => void mutate()} />
      ) : (
        <ActivityList
          items={data}
          isLoading={isLoading}
          emptyText="No activity recorded for this company yet."
          data-testid="company-activity"
        />
      )}
    </SectionCard>
  );
}

/** /companies/{id}: the company, its assignees, payments, QuickBooks link and activity. */
export const CompanyDetailPage = recordPage(useCompany, CompanyDetail, (failure) => (
  <CompanyNotFound failure={failure} />
));
