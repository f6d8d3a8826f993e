import { Link as RouterLink } from 'react-router-dom';
import { useCanManage } from 'shared-auth';
import { CompanyListQuerySchema, type Company, type CompanyListQuery } from 'shared-contracts';
import { Link, QbStatusBadge, StatusBadge } from 'shared-ui';
import { useDialogTarget } from 'shared-ui/dialog';
import { formatDate } from 'shared-ui/format';
import {
  ListView,
  bulkActivation,
  useListController,
  type DataTableColumn,
  type FilterField,
} from 'shared-ui/table';
import { companyList } from '../api/keys';
import { setCompaniesActive } from '../api/mutations';
import { QB_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from '../company-options';
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

const COLUMNS: Array<DataTableColumn<Company>> = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    minWidth: '12rem',
    maxWidth: '20rem',
    card: 'title',
    render: (company) => (
      <Link asChild fontWeight="semibold" color="blue.fg">
        <RouterLink to={`/companies/${company.id}`}>{company.name}</RouterLink>
      </Link>
    ),
  },
  { key: 'email', header: 'Email', sortable: true, render: (company) => company.email ?? '—' },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    card: 'badge',
    render: (company) => <StatusBadge status={company.status} />,
  },
  {
    key: 'qbConnectionStatus',
    header: 'QB Status',
    sortable: true,
    card: 'badge',
    render: (company) => <QbStatusBadge status={company.qbConnectionStatus} />,
  },
  { key: 'industry', header: 'Industry', sortable: true, render: (company) => company.industry ?? '—' },
  { key: 'createdAt', header: 'Created', sortable: true, render: (company) => formatDate(company.createdAt) },
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
      columns={COLUMNS}
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
