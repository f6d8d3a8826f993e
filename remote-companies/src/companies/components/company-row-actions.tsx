import { useNavigate } from 'react-router-dom';
import { useCanAdminister, useCanManage } from 'shared-auth';
import type { Company } from 'shared-contracts';
import { RowActionsMenu, useActivation, useRowAction } from 'shared-ui/dialog';
import { refreshQbToken, setCompanyActive } from '../api/mutations';

/** The company list's row menu: View, Edit, Refresh QB Token, Activate/Deactivate, Delete. */
export function CompanyRowActions({
  company,
  onDelete,
}: {
  company: Company;
  onDelete: (company: Company) => void;
}) {
  const navigate = useNavigate();
  const canManage = useCanManage('companies');
  const canDelete = useCanAdminister('companies');
  const { run } = useRowAction();
  const activation = useActivation('Company', company.status === 'ACTIVE', (active) =>
    setCompanyActive(company.id, active),
  );

  return (
    <RowActionsMenu
      label={`Actions for ${company.name}`}
      items={[
        { key: 'view', label: 'View', onSelect: () => navigate(`/companies/${company.id}`) },
        {
          key: 'edit',
          label: 'Edit',
          hidden: !canManage,
          onSelect: () => navigate(`/companies/${company.id}/edit`),
        },
        {
          key: 'refresh-qb',
          label: 'Refresh QB Token',
          hidden: !canManage || !company.qbConnectionStatus,
          onSelect: () =>
            void run(() => refreshQbToken(company.id), 'QuickBooks token refreshed successfully'),
        },
        {
          key: 'toggle-active',
          label: activation.label,
          hidden: !canManage,
          onSelect: () => void activation.toggle(),
        },
        {
          key: 'delete',
          label: 'Delete',
          destructive: true,
          hidden: !canDelete,
          onSelect: () => onDelete(company),
        },
      ]}
    />
  );
}
