import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useCanAdminister, useCanManage } from 'shared-auth';
import { MANAGER_NOTICES, personName, type Manager } from 'shared-contracts';
import {
  ActiveBadge,
  Box,
  Button,
  Card,
  DetailList,
  DetailRow,
  Flex,
  HStack,
  Heading,
  Link,
  PageHeader,
  RoleBadge,
  SectionCard,
  SimpleGrid,
  Stack,
  StatusBadge,
  Text,
} from 'shared-ui';
import { RowActionsMenu, useRecordDelete, useRowAction } from 'shared-ui/dialog';
import { formatDateLong } from 'shared-ui/format';
import { recordPage } from 'shared-ui/record';
import { useManager } from '../api/get-manager';
import { unlinkUser } from '../api/mutations';
import { MANAGER_TEXT } from '../manager-format';
import { DeleteManagerDialog } from './delete-manager-dialog';
import { ManagerAvatar } from './manager-avatar';
import { ManagerLoadError } from './manager-load-error';

function ManagerDetail({ record: manager }: { record: Manager }) {
  const navigate = useNavigate();
  const canManage = useCanManage('managers');
  const canDelete = useCanAdminister('managers');
  const deleting = useRecordDelete('managers', DeleteManagerDialog, manager);
  const { busy: unlinking, run } = useRowAction();
  const name = personName(manager);
  const edit = `/managers/${manager.id}/edit`;
  const unlink = () => run(() => unlinkUser(manager.id), MANAGER_NOTICES.unlinked);

  return (
    <Stack gap="6">
      <PageHeader
        title={name}
        breadcrumbs={[{ label: 'Managers', to: '/managers' }, { label: name }]}
        actions={
          <RowActionsMenu
            label={`Actions for ${name}`}
            items={[
              { key: 'edit', label: 'Edit Manager', hidden: !canManage, onSelect: () => navigate(edit) },
              manager.userId !== null
                ? { key: 'unlink', label: 'Unlink User', hidden: !canManage, onSelect: () => void unlink() }
                : { key: 'link', label: 'Link User', hidden: !canManage, onSelect: () => navigate(edit) },
              {
                key: 'delete',
                label: 'Delete Manager',
                destructive: true,
                hidden: !canDelete,
                onSelect: deleting.open,
              },
            ]}
          />
        }
      />
      <Card.Root variant="outline">
        <Card.Body>
          <Flex
            gap="4"
            align={{ base: 'flex-start', sm: 'center' }}
            direction={{ base: 'column', sm: 'row' }}
          >
            <ManagerAvatar person={manager} size="xl" />
            <Stack gap="1" minW="0">
              <Heading as="h2" size="lg">
                {name}
              </Heading>
              <Text color="fg.muted">{manager.title ?? MANAGER_TEXT.noTitle}</Text>
              <Link href={`mailto:${manager.email}`} color="blue.fg" wordBreak="break-all">
                {manager.email}
              </Link>
              <HStack gap="2" mt="1">
                <StatusBadge status={manager.status} />
                <ActiveBadge isActive={manager.isActive} />
              </HStack>
            </Stack>
          </Flex>
        </Card.Body>
      </Card.Root>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <SectionCard title="Contact Information">
          <DetailList>
            <DetailRow label="Email">
              <Link href={`mailto:${manager.email}`} color="blue.fg" wordBreak="break-all">
                {manager.email}
              </Link>
            </DetailRow>
            {manager.phone && <DetailRow label="Phone">{manager.phone}</DetailRow>}
            {manager.title && <DetailRow label="Title">{manager.title}</DetailRow>}
          </DetailList>
        </SectionCard>
        <SectionCard title="User Association">
          {manager.user ? (
            <Stack gap="4">
              <Text>{MANAGER_TEXT.linked}</Text>
              <Box borderWidth="1px" borderRadius="l2" px="4" py="3">
                <Text fontWeight="semibold">{personName(manager.user)}</Text>
                <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                  {manager.user.email}
                </Text>
                <HStack gap="2" mt="1">
                  <RoleBadge role={manager.user.role} />
                  <ActiveBadge isActive={manager.user.isActive} />
                </HStack>
              </Box>
              {canManage && (
                <Box>
                  <Button
                    variant="outline"
                    colorPalette="red"
                    loading={unlinking}
                    loadingText="Unlinking..."
                    onClick={() => void unlink()}
                  >
                    Unlink User Account
                  </Button>
                </Box>
              )}
            </Stack>
          ) : (
            <Stack gap="4">
              <Text>{MANAGER_TEXT.unlinked}</Text>
              {canManage && (
                <Box>
                  <Button asChild colorPalette="blue">
                    <RouterLink to={edit}>Link User Account</RouterLink>
                  </Button>
                </Box>
              )}
            </Stack>
          )}
        </SectionCard>
        <SectionCard title="System Information">
          <DetailList>
            <DetailRow label="Manager ID">{manager.id}</DetailRow>
            <DetailRow label="Created">{formatDateLong(manager.createdAt)}</DetailRow>
            <DetailRow label="Last Updated">{formatDateLong(manager.updatedAt)}</DetailRow>
          </DetailList>
        </SectionCard>
      </SimpleGrid>
      {deleting.dialog}
    </Stack>
  );
}

/** /managers/{id}: the manager, their contact details and linked user account. */
export const ManagerDetailPage = recordPage(useManager, ManagerDetail, (failure) => (
  <ManagerLoadError title="Manager" failure={failure} />
));
