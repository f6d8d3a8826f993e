import { useCanManage } from 'shared-auth';
import { CompanyListQuerySchema, type Company, type CompanyListQuery } from 'shared-contracts';
import { useDialogTarget } from 'shared-ui/dialog';
import { ListView, bulkActivation, useListController, type FilterField } from 'shared-ui/table';
import { companyList } from '../api/keys';
import { setCompaniesActive } from '../api/mutations';
import { QB_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from '../company-options';
import { COMPANY_COLUMNS } from './company-columns';
import { CompanyRowActions } from './company-row-actions';
import { DeleteCompanyDialog } from './delete-company-dialog';

const NOUN = { one: 'company', other: 'companies' };

const FILTERS: Array<FilterField<CompanyListQuery>> = [
  { kind: 'search', key: 'search', label: 'Search', placeholder: 'Search by name, email or industry' },
  { kind: 'select', key: 'status', label: 'Status', options: STATUS_FILTER_OPTIONS },
  {
    kind: 'select',
    key: 'qb',
    param: 'qbConnectionStatus',
    label: 'QuickBooks status',
    options: QB_FILTER_OPTIONS,
  },
];

/** /companies: filtered, sorted and paged on the server, newest first; the view lives in the URL. */
export function CompanyListPage() {
  const canManage = useCanManage('companies');
  const list = useListController({ resource: companyList, schema: CompanyListQuerySchema, filters: FILTERS });
  const deleting = useDialogTarget<Company>();

  return (
    <ListView
      list={list}
      title="Companies"
      description="Company accounts, their staff assignments and QuickBooks connections"
      create={canManage && { label: 'Add Company', to: '/companies/new' }}
      noun={NOUN}
      caption="Companies"
      columns={COMPANY_COLUMNS}
      rowLabel={(company) => company.name}
      rowActions={(company) => <CompanyRowActions company={company} onDelete={deleting.openFor} />}
      canSelect={canManage}
      bulkActions={bulkActivation(list.bulk, NOUN, setCompaniesActive, { failedVerb: 'changed' })}
      empty={{
        title: 'No companies found',
        description: 'Get started by creating your first company',
      }}
    >
      {deleting.target && (
        <DeleteCompanyDialog record={deleting.target} open onOpenChange={deleting.onOpenChange} />
      )}
    </ListView>
  );
}
