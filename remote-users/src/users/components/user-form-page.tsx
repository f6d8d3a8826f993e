import { valibotResolver } from '@hookform/resolvers/valibot';
import { Controller, type Resolver } from 'react-hook-form';
import { useSession } from 'shared-auth';
import {
  DEFAULT_ROLE,
  RegisterSchema,
  UserUpdateSchema,
  assignableRoles,
  personName,
  userActionDenial,
  type RegisterInput,
  type Role,
  type User,
  type UserUpdateInput,
  VALIDATION,
} from 'shared-contracts';
import { Box, FormField, Input, SectionCard, SimpleGrid, Stack } from 'shared-ui';
import { SelectField, SwitchField } from 'shared-ui/form';
import {
  FormActions,
  RecordFormPage,
  recordFormPage,
  useRecordForm,
  useRecordSubmit,
} from 'shared-ui/record';
import { useUser } from '../api/get-user';
import { createUser, updateUser } from '../api/mutations';
import { ROLE_OPTIONS, roleHint } from '../user-text';
import { UserLoadError } from './user-load-error';

interface UserFormValues {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  isActive: boolean;
}

const EMPTY: UserFormValues = {
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  role: DEFAULT_ROLE,
  isActive: true,
};

const toValues = (user: User): UserFormValues => ({
  email: user.email,
  password: '',
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  role: user.role,
  isActive: user.isActive,
});

function UserForm({ record: user }: { record: User | null }) {
  const { user: me } = useSession();
  const roleDenial = user && me ? userActionDenial(me, user, 'changeRole') : null;
  // Create validates with the register schema (password required), edit with the update schema.
  const resolver = (user
    ? valibotResolver(UserUpdateSchema)
    : valibotResolver(RegisterSchema)) as unknown as Resolver<UserFormValues>;
  // What is typed survives a session that ends mid-form (sign in again) or a reload; never the password.
  const form = useRecordForm<UserFormValues, UserFormValues, User>(user, {
    resolver,
    empty: EMPTY,
    toValues,
    draft: 'user',
    omit: ['password'],
  });
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = form;

  // No one but an ADMIN hands out their own rank or a higher one (the API refuses it too).
  const roleOptions = ROLE_OPTIONS.filter((option) => assignableRoles(me?.role).includes(option.value));

  const update = async (payload: UserUpdateInput, current: User) => {
    await updateUser(current.id, {
      email: payload.email,
      firstName: payload.firstName,
      lastName: payload.lastName,
      role: payload.role ?? current.role,
      isActive: payload.isActive,
    });
    return current;
  };
  const onSubmit = useRecordSubmit(form, {
    save: async (values: UserFormValues): Promise<{ id?: number } | null | undefined> =>
      user
        ? update(values as unknown as UserUpdateInput, user)
        : createUser(values as unknown as RegisterInput),
    notice: user ? 'User updated successfully' : 'User created successfully',
    to: (saved) => (saved?.id ? `/users/${saved.id}` : '/users'),
    // Server field errors (e.g. a taken e-mail) go on their field; the notice says it too.
    errors: { fields: Object.keys(EMPTY) },
  });

  return (
    <RecordFormPage
      title={user ? 'Edit User' : 'Create User'}
      section={{ label: 'Users', to: '/users' }}
      record={user && { label: personName(user), to: `/users/${user.id}` }}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <SectionCard title="User details">
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label="Email" required error={errors.email?.message}>
              <Input type="email" autoComplete="off" {...register('email')} />
            </FormField>
            {!user && (
              <FormField
                label="Password"
                required
                hint={VALIDATION.userPasswordHint}
                error={errors.password?.message}
              >
                <Input type="password" autoComplete="new-password" {...register('password')} />
              </FormField>
            )}
            <FormField label="First Name" error={errors.firstName?.message}>
              <Input {...register('firstName')} />
            </FormField>
            <FormField label="Last Name" error={errors.lastName?.message}>
              <Input {...register('lastName')} />
            </FormField>
            <Box gridColumn={{ md: 'span 2' }} minW="0">
              <SelectField
                label="Role"
                options={roleOptions}
                disabled={!!roleDenial}
                hint={roleDenial ?? roleHint(watch('role'))}
                error={errors.role?.message}
                {...register('role')}
              />
            </Box>
            <Controller
              control={control}
              name="isActive"
              render={({ field }) => (
                <SwitchField
                  label="Active"
                  name={field.name}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  disabled={!!(user && me?.id === user.id)}
                  hint="Active users can sign in and access the system"
                />
              )}
            />
          </SimpleGrid>
          <FormActions
            cancelTo={user ? `/users/${user.id}` : '/users'}
            submitLabel={user ? 'Update User' : 'Create User'}
            submitting={isSubmitting}
          />
        </Stack>
      </SectionCard>
    </RecordFormPage>
  );
}

/** /users/new and /users/{id}/edit: one form for creating and editing a user. */
export const UserFormPage = recordFormPage(
  useUser,
  UserForm,
  (failure) => <UserLoadError failure={failure} />,
  { loadingText: 'Loading user...' },
);
