import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { SECURITY_PAGE_PATH, useAuth } from 'shared-auth';
import {
  ChangePasswordSchema,
  ProfileUpdateSchema,
  SECOND_FACTOR_TEXT,
  VALIDATION,
  takesOutOfOffice,
  type ChangePasswordInput,
} from 'shared-contracts';
import {
  Button,
  FormField,
  HStack,
  Input,
  PageHeader,
  RoleBadge,
  SectionCard,
  SimpleGrid,
  Stack,
  Text,
  notifySuccess,
} from 'shared-ui';
import { reportFormError } from 'shared-ui/record';
import { changePassword, updateProfile } from '../api/mutations';
import { OutOfOfficeCard } from './out-of-office-card';
import { SessionsCard } from './sessions-card';

interface NameValues {
  firstName: string;
  lastName: string;
}

/**
 * /users/profile: the signed-in user's own name, password and sessions (opened from the sidebar's
 * user block).
 */
export function ProfilePage() {
  const { user, refreshUser } = useAuth();
  const names = useForm<NameValues>({
    resolver: valibotResolver(ProfileUpdateSchema) as never,
    defaultValues: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' },
  });
  const password = useForm<ChangePasswordInput>({
    resolver: valibotResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  if (!user) return null;

  async function saveNames(values: NameValues) {
    try {
      await updateProfile(values);
      await refreshUser();
      notifySuccess('Profile updated successfully');
    } catch (error) {
      reportFormError(names, error);
    }
  }

  async function savePassword(values: ChangePasswordInput) {
    try {
      await changePassword(values);
      password.reset();
      notifySuccess('Password changed successfully');
    } catch (error) {
      reportFormError(password, error, { fallback: 'Password change failed' });
    }
  }

  return (
    <Stack gap="6">
      <PageHeader
        title="My Profile"
        breadcrumbs={[{ label: 'My Profile' }]}
        actions={
          <Button asChild variant="outline">
            <RouterLink to={SECURITY_PAGE_PATH}>{SECOND_FACTOR_TEXT.securityTitle}</RouterLink>
          </Button>
        }
      />
      <SectionCard title="Account">
        <HStack gap="3" wrap="wrap">
          <Text>{user.email}</Text>
          <RoleBadge role={user.role} />
        </HStack>
      </SectionCard>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <SectionCard title="Name">
          <form noValidate onSubmit={(event) => void names.handleSubmit(saveNames)(event)}>
            <Stack gap="4">
              <FormField label="First Name" error={names.formState.errors.firstName?.message}>
                <Input {...names.register('firstName')} />
              </FormField>
              <FormField label="Last Name" error={names.formState.errors.lastName?.message}>
                <Input {...names.register('lastName')} />
              </FormField>
              <Button
                type="submit"
                colorPalette="blue"
                alignSelf="flex-end"
                loading={names.formState.isSubmitting}
              >
                Save Name
              </Button>
            </Stack>
          </form>
        </SectionCard>
        <SectionCard title="Password">
          <form noValidate onSubmit={(event) => void password.handleSubmit(savePassword)(event)}>
            <Stack gap="4">
              <FormField
                label="Current Password"
                required
                error={password.formState.errors.currentPassword?.message}
              >
                <Input
                  type="password"
                  autoComplete="current-password"
                  {...password.register('currentPassword')}
                />
              </FormField>
              <FormField
                label="New Password"
                required
                hint={VALIDATION.userPasswordHint}
                error={password.formState.errors.newPassword?.message}
              >
                <Input type="password" autoComplete="new-password" {...password.register('newPassword')} />
              </FormField>
              <Text fontSize="xs" color="fg.muted">
                Changing your password signs you out everywhere else.
              </Text>
              <Button
                type="submit"
                colorPalette="blue"
                alignSelf="flex-end"
                loading={password.formState.isSubmitting}
              >
                Change Password
              </Button>
            </Stack>
          </form>
        </SectionCard>
      </SimpleGrid>
      <SessionsCard />
      {takesOutOfOffice(user) && <OutOfOfficeCard user={user} onSaved={refreshUser} />}
    </Stack>
  );
}
