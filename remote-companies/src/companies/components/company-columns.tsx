import { Link as RouterLink } from 'react-router-dom';
import type { Company } from 'shared-contracts';
import { Link, QbStatusBadge, StatusBadge } from 'shared-ui';
import { formatDate } from 'shared-ui/format';
import type { DataTableColumn } from 'shared-ui/table';

// On a phone each row is a card: the name as its title, status and QuickBooks status as badges.
export const COMPANY_COLUMNS: Array<DataTableColumn<Company>> = [
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
