import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCanAdminister, useSession } from 'shared-auth';
import {
  ROLE_DESCRIPTIONS,
  USER_ERRORS,
  hasRole,
  isActiveAdmin,
  personName,
  takesOutOfOffice,
  userActionDenial,
  type User,
  type UserAction,
} from 'shared-contracts';
import {
  ActiveBadge,
  Badge,
  Box,
  Button,
  DetailList,
  DetailRow,
  Flex,
  HStack,
  PageHeader,
  RoleBadge,
  SectionCard,
  SimpleGrid,
  Stack,
  Text,
  TruncatedText,
} from 'shared-ui';
import { ActionDialog, DeleteDialog, RowActionsMenu, useActivation } from 'shared-ui/dialog';
import { recordPage, RequestState, type RecordRequest } from 'shared-ui/record';
import { useActiveAdminCount, useUser, useUserStatistics } from '../api/get-user';
import { deleteUser, setPaymentDecisions, setUserActive } from '../api/mutations';
import { initials } from '../user-text';
import { ChangeRoleDialog } from './change-role-dialog';
import { EndSessionsCard } from './end-sessions-card';
import { FactorResetCard } from './factor-reset-card';
import { OutOfOfficeCard } from './out-of-office-card';
import { ActivityStatisticsList, UserInformationList } from './user-detail-lists';
import { UserLoadError } from './user-load-error';

export const DELETE_USER_TEXT =
  'Are you sure you want to delete this user? This action cannot be undone and will permanently remove all user data.';

function UserDetail({ record: user, request }: { record: User; request: RecordRequest<User> }) {
  const onRefresh = async () => request.mutate();
  const navigate = useNavigate();
  const { user: me } = useSession();
  const canAdminister = useCanAdminister('users');
  // Requested only once the user has loaded: a missing user must not cost a second failing request.
  const stats = useUserStatistics(user.id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [changingRole, setChangingRole] = useState(false);
  const activation = useActivation('User', user.isActive, (active) => setUserActive(user.id, active));
  const [refreshing, setRefreshing] = useState(false);
  const denial = (action: UserAction) =>
    me ? userActionDenial(me, user, action) : "You don't have permission";
  const isSelf = me?.id === user.id;
  // The last active ADMIN can be neither demoted, deactivated nor deleted (the API answers 409);
  // that can only be yourself, so it is said beside the "yourself" reason.
  const activeAdmins = useActiveAdminCount(isActiveAdmin(user));
  const isLastAdmin = isActiveAdmin(user) && activeAdmins.data === 1;
  const LAST_ADMIN: Partial<Record<UserAction, string>> = {
    changeRole: USER_ERRORS.lastAdmin('demoted'),
    deactivate: USER_ERRORS.lastAdmin('deactivated'),
    delete: USER_ERRORS.lastAdmin('deleted'),
  };
  const reasons = (action: UserAction) =>
    [denial(action), isLastAdmin ? LAST_ADMIN[action] : undefined].filter(
      (reason): reason is string => !!reason,
    );
  // Hidden when the role may not use it; shown disabled with the reason when only "yourself" forbids it.
  const visible = (action: UserAction) => !denial(action) || isSelf;
  const toggle: UserAction = user.isActive ? 'deactivate' : 'activate';

  const actions = [
    {
      key: 'edit',
      label: 'Edit User',
      action: 'edit' as const,
      run: () => navigate(`/users/${user.id}/edit`),
    },
    { key: 'role', label: 'Change Role', action: 'changeRole' as const, run: () => setChangingRole(true) },
    {
      key: 'toggle',
      label: activation.label,
      action: toggle,
      run: () => void activation.toggle(),
    },
    { key: 'delete', label: 'Delete User', action: 'delete' as const, run: () => setConfirmDelete(true) },
  ].filter((item) => visible(item.action));

  return (
    <Stack gap="6">
      <PageHeader
        title={personName(user)}
        breadcrumbs={[{ label: 'Users', to: '/users' }, { label: personName(user) }]}
      />
      <SectionCard
        title="Profile"
        actions={
          <HStack gap="2">
            <Button
              variant="outline"
              size="sm"
              loading={refreshing}
              // The user and their statistics together (the statistics are not part of the user).
              onClick={() => {
                setRefreshing(true);
                void Promise.allSettled([onRefresh(), stats.mutate()]).then(() => setRefreshing(false));
              }}
            >
              Refresh
            </Button>
            {actions.length > 0 && (
              <RowActionsMenu
                label={`Actions for ${personName(user)}`}
                items={actions.map((item) => ({
                  key: item.key,
                  label: item.label,
                  destructive: item.key === 'delete',
                  disabled: reasons(item.action).length > 0,
                  onSelect: item.run,
                }))}
              />
            )}
          </HStack>
        }
      >
        <Flex gap="4" align="center" wrap="wrap">
          <Flex
            aria-hidden="true"
            boxSize="16"
            borderRadius="full"
            bg="blue.solid"
            color="blue.contrast"
            fontSize="xl"
            fontWeight="bold"
            align="center"
            justify="center"
          >
            {initials(user)}
          </Flex>
          <Box minW={0} flex="1">
            <TruncatedText lines={2} fontSize="xl" fontWeight="bold" overflowWrap="anywhere">
              {personName(user)}
            </TruncatedText>
            {/* Only here: the information card below does not repeat it, so a long address wraps. */}
            <TruncatedText lines={2} color="fg.muted" overflowWrap="anywhere">
              {user.email}
            </TruncatedText>
            <HStack gap="2" mt="2">
              <RoleBadge role={user.role} />
              <ActiveBadge isActive={user.isActive} />
            </HStack>
          </Box>
        </Flex>
      </SectionCard>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <SectionCard title="User Information">
          <UserInformationList user={user} />
        </SectionCard>

        {/* Beside the information, before the actions: on a phone it is read second, not last. */}
        <SectionCard title="Activity Statistics">
          <RequestState request={stats}>
            {(statistics) => <ActivityStatisticsList user={user} stats={statistics} />}
          </RequestState>
        </SectionCard>

        {/* Left out when the role may use none: no card stands empty. */}
        {actions.length > 0 && (
          <SectionCard title="Quick Actions">
            <Stack gap="2">
              {actions.map((item) => (
                <Box key={item.key}>
                  <Button
                    w="full"
                    variant="outline"
                    colorPalette={item.key === 'delete' ? 'red' : undefined}
                    disabled={reasons(item.action).length > 0}
                    loading={item.key === 'toggle' && activation.busy}
                    onClick={item.run}
                  >
                    {item.label}
                  </Button>
                  {reasons(item.action).map((reason) => (
                    <Text key={reason} fontSize="xs" color="fg.muted" mt="1">
                      {reason}
                    </Text>
                  ))}
                </Box>
              ))}
            </Stack>
          </SectionCard>
        )}

        <SectionCard title="System Information">
          <DetailList>
            <DetailRow label="User ID">{user.id}</DetailRow>
            <DetailRow label="Status">{user.isActive ? 'Active' : 'Inactive'}</DetailRow>
            <DetailRow label="Permission Level">
              {/* What the role lets the person do, not its internal rank. */}
              {ROLE_DESCRIPTIONS[user.role].permissions
                .slice(0, 2)
                .map((permission, index) => (index === 0 ? permission : permission.toLowerCase()))
                .join(', ')}
            </DetailRow>
          </DetailList>
        </SectionCard>

        {/* Told to MODERATOR and up and to the person (absent otherwise, like the lists' rows). */}
        {user.mayDecidePayments !== undefined && <PaymentDecisionsCard user={user} />}
        {canAdminister && takesOutOfOffice(user) && <OutOfOfficeCard user={user} onSaved={onRefresh} />}
        {canAdminister && !isSelf && <EndSessionsCard user={user} />}
        {hasRole(me?.role, 'ADMIN') && !isSelf && <FactorResetCard user={user} />}
      </SimpleGrid>

      <DeleteDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete User"
        description={DELETE_USER_TEXT}
        confirmLabel="Delete User"
        action={() => deleteUser(user.id)}
        successMessage="User deleted successfully"
        onDeleted={() => navigate('/users')}
      />
      {changingRole && <ChangeRoleDialog user={user} onClose={() => setChangingRole(false)} />}
    </Stack>
  );
}

/**
 * Whether the account may approve and reject payments. An account a MODERATOR registered may
 * not until an ADMIN allows it (the server enforces it; this is where an ADMIN grants it).
 */
function PaymentDecisionsCard({ user }: { user: User }) {
  const { user: me } = useSession();
  const [confirming, setConfirming] = useState(false);
  const allowed = user.mayDecidePayments !== false;
  const canChange = useCanAdminister('users') && me?.id !== user.id;

  return (
    <SectionCard title="Payment Decisions">
      <Stack gap="3">
        <HStack gap="2">
          <Badge colorPalette={allowed ? 'green' : 'orange'} variant="subtle">
            {allowed ? 'May decide payments' : 'May not decide payments'}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {allowed
            ? 'This account may approve and reject approvals its role allows.'
            : 'A MODERATOR registered this account, so it approves or rejects nothing until an ADMIN allows it.'}
        </Text>
        {canChange && (
          <Box>
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              {allowed ? 'Stop deciding payments' : 'Allow deciding payments'}
            </Button>
          </Box>
        )}
      </Stack>
      <ActionDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={allowed ? 'Stop deciding payments' : 'Allow deciding payments'}
        description={
          allowed
            ? `${personName(user)} will no longer be able to approve or reject payments.`
            : `${personName(user)} will be able to approve and reject payments their role allows. Make sure this account belongs to a different person than the one who registered it.`
        }
        confirmLabel={allowed ? 'Stop' : 'Allow'}
        pendingLabel="Saving..."
        destructive={allowed}
        action={() => setPaymentDecisions(user.id, !allowed)}
        successMessage={allowed ? 'Payment decisions stopped' : 'Payment decisions allowed'}
      />
    </SectionCard>
  );
}

/** /users/{id}: the user, the actions their role allows on them, and their activity statistics. */
export const UserDetailPage = recordPage(
  useUser,
  UserDetail,
  (failure) => <UserLoadError failure={failure} />,
  { loadingText: 'Loading user...' },
);
