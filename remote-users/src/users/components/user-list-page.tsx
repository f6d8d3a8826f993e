import { useState } from 'react';
import { useCanManage, useSession } from 'shared-auth';
import {
  UserListQuerySchema,
  personName,
  userActionDenial,
  type User,
  type UserListQuery,
} from 'shared-contracts';
import {
  ListView,
  bulkActivation,
  useListController,
  type BulkActivationOptions,
  type FilterField,
} from 'shared-ui/table';
import { useOverviewStats } from '../api/get-overview-stats';
import { userList } from '../api/keys';
import { setUsersActive } from '../api/mutations';
import { ROLE_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from '../user-text';
import { ChangeRoleDialog } from './change-role-dialog';
import { USER_COLUMNS } from './user-columns';
import { UserOverview } from './user-overview';
import { UserRowActions } from './user-row-actions';

const NOUN = { one: 'user', other: 'users' };

const FILTERS: Array<FilterField<UserListQuery>> = [
  { kind: 'search', key: 'search', label: 'Search', placeholder: 'Search by name or email' },
  { kind: 'select', key: 'role', label: 'Role', options: ROLE_FILTER_OPTIONS },
  { kind: 'select', key: 'status', param: 'isActive', label: 'Status', options: STATUS_FILTER_OPTIONS },
];

/** /users: overview statistics and the user list, filtered, sorted and paged on the server. */
export function UserListPage() {
  const canManage = useCanManage('users');
  const { user: me } = useSession();
  const list = useListController({ resource: userList, schema: UserListQuerySchema, filters: FILTERS });
  const overview = useOverviewStats();
  const [roleFor, setRoleFor] = useState<User | null>(null);

  // Each failed user by name with the reason; the run goes on past them.
  const failure: BulkActivationOptions['failure'] =
    (verb) =>
    ({ succeeded, failed }, total) => {
      const names = failed.map(({ id, message }) => {
        const user = list.rows.find((row) => row.id === id);
        return `${user ? personName(user) : `#${id}`} (${message})`;
      });
      console.warn(`Bulk ${verb}: failed for`, names);
      return `${succeeded.length} of ${total} ${verb}; failed: ${names.join(', ')}`;
    };

  return (
    <ListView
      list={list}
      title="User Management"
      description="User accounts, their roles and activity"
      crumb="Users"
      refresh={() => Promise.all([list.refresh(), overview.mutate()])}
      create={canManage && { label: 'Add User', to: '/users/new' }}
      summary={<UserOverview stats={overview.data} />}
      noun={NOUN}
      caption="Users"
      columns={USER_COLUMNS}
      rowLabel={personName}
      rowActions={(user) => <UserRowActions user={user} onChangeRole={setRoleFor} />}
      canSelect={canManage}
      bulkActions={bulkActivation(list.bulk, NOUN, setUsersActive, { failure })}
      empty={{ title: 'No users found', description: 'Create your first user to get started' }}
    >
      {roleFor && me && !userActionDenial(me, roleFor, 'changeRole') && (
        <ChangeRoleDialog user={roleFor} onClose={() => setRoleFor(null)} />
      )}
    </ListView>
  );
}
