import { useNavigate } from 'react-router-dom';
import { errorMessage, useCanAdminister, useCanManage } from 'shared-auth';
import type { Company } from 'shared-contracts';
import { notifyError, notifySuccess } from 'shared-ui';
import { RowActionsMenu } from 'shared-ui/dialog';
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
  const active = company.status === 'ACTIVE';

  async function run(action: () => Promise<unknown>, success: string) {
    try {
      await action();
      notifySuccess(success);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

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
          label: active ? 'Deactivate' : 'Activate',
          hidden: !canManage,
          onSelect: () =>
            void run(
              () => setCompanyActive(company.id, !active),
              active ? 'Company deactivated successfully' : 'Company activated successfully',
            ),
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
