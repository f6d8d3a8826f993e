import { useState } from 'react';
import { useCanAdminister, useCanManage } from 'shared-auth';
import { ManagerListQuerySchema, personName, type Manager, type ManagerListQuery } from 'shared-contracts';
import { ConfirmDialog, useDialogTarget } from 'shared-ui/dialog';
import { ListView, useListController, type FilterField } from 'shared-ui/table';
import { managerList } from '../api/keys';
import { LINKED_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from '../manager-format';
import { DeleteManagerDialog } from './delete-manager-dialog';
import { LinkUserDialog } from './link-user-dialog';
import { MANAGER_COLUMNS } from './manager-columns';
import { deleteAction, plural, unlinkAction } from './manager-bulk-actions';
import { ManagerRowActions } from './manager-row-actions';

const FILTERS: Array<FilterField<ManagerListQuery>> = [
  { kind: 'search', key: 'search', label: 'Search', placeholder: 'Search by name, email or title' },
  { kind: 'select', key: 'status', label: 'Status', options: STATUS_FILTER_OPTIONS },
  { kind: 'select', key: 'linked', label: 'Linked user', options: LINKED_FILTER_OPTIONS },
];

/** /managers: filtered, sorted and paged on the server, newest first; the view lives in the URL. */
export function ManagerListPage() {
  const canManage = useCanManage('managers');
  const canDelete = useCanAdminister('managers');
  const list = useListController({ resource: managerList, schema: ManagerListQuerySchema, filters: FILTERS });
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const deleting = useDialogTarget<Manager>();
  const linking = useDialogTarget<Manager>();
  const count = list.selected.size;

  const bulkDelete = async () => {
    await list.bulk.run(deleteAction);
    setConfirmBulkDelete(false);
  };

  const total = list.pagination?.total;
  return (
    <ListView
      list={list}
      title="Managers"
      description={total === undefined ? 'Loading managers...' : `${total} total managers`}
      refresh
      create={canManage && { label: 'Add Manager', to: '/managers/new' }}
      noun={{ one: 'manager', other: 'managers' }}
      selectionLabel="manager(s)"
      caption="Managers"
      columns={MANAGER_COLUMNS}
      rowLabel={personName}
      rowActions={(manager) => (
        <ManagerRowActions manager={manager} onLink={linking.openFor} onDelete={deleting.openFor} />
      )}
      canSelect={canManage}
      bulkActions={[
        {
          key: 'unlinked',
          label: 'Unlink Users',
          variant: 'outline',
          loadingText: 'Unlinking...',
          onClick: () => void list.bulk.run(unlinkAction(list.rows)),
        },
        {
          key: 'deleted',
          label: 'Delete',
          colorPalette: 'red',
          hidden: !canDelete,
          onClick: () => setConfirmBulkDelete(true),
        },
      ]}
      empty={{ title: 'No managers found', description: 'Create your first manager to get started' }}
    >
      <ConfirmDialog
        open={confirmBulkDelete}
        onOpenChange={setConfirmBulkDelete}
        title={`Delete ${count} ${plural(count)}`}
        description={`Are you sure you want to delete ${count} ${plural(count)}? This action cannot be undone. Companies they manage will have no manager; approvals keep the manager's name and e-mail.`}
        confirmLabel={`Delete ${count} ${plural(count)}`}
        pendingLabel="Deleting..."
        destructive
        isPending={list.bulk.busy === 'deleted'}
        onConfirm={() => void bulkDelete()}
      />
      {deleting.target && (
        <DeleteManagerDialog record={deleting.target} open onOpenChange={deleting.onOpenChange} />
      )}
      {linking.target && <LinkUserDialog manager={linking.target} open onOpenChange={linking.onOpenChange} />}
    </ListView>
  );
}
