import { valibotResolver } from '@hookform/resolvers/valibot';
import { Controller, useWatch, type Control } from 'react-hook-form';
import {
  ManagerFormSchema,
  personName,
  managerFormToUpdate,
  type Manager,
  type ManagerFormInput,
  type ManagerFormOutput,
} from 'shared-contracts';
import { Box, Card, HStack, SectionCard, SimpleGrid, Stack, Text } from 'shared-ui';
import { SelectField } from 'shared-ui/form';
import { recordFormPage, RecordFormPage, TextField, useRecordFormPage } from 'shared-ui/record';
import { useManager } from '../api/get-manager';
import { createManager, updateManager } from '../api/mutations';
import { MANAGER_TEXT, STATUS_OPTIONS } from '../manager-format';
import { ManagerAvatar } from './manager-avatar';
import { ManagerLoadError } from './manager-load-error';
import { UserPicker } from './user-picker';

const EMPTY_FORM: ManagerFormInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  title: '',
  userId: '',
};

/** The fields a server error can name: the edit form's status besides the create form's. */
const FORM_FIELDS = [...Object.keys(EMPTY_FORM), 'status'];

function toFormValues(manager: Manager): ManagerFormInput {
  return {
    firstName: manager.firstName,
    lastName: manager.lastName,
    email: manager.email,
    phone: manager.phone ?? '',
    title: manager.title ?? '',
    userId: manager.userId === null ? '' : String(manager.userId),
    status: manager.status,
  };
}

/** The live preview card: initials, name, email and title as they are typed. */
function PreviewCard({ control }: { control: Control<ManagerFormInput, unknown, ManagerFormOutput> }) {
  const [firstName, lastName, email, title] = useWatch({
    control,
    name: ['firstName', 'lastName', 'email', 'title'],
  });
  const person = { firstName: firstName ?? '', lastName: lastName ?? '', email: email ?? '' };
  const name = [person.firstName.trim(), person.lastName.trim()].filter(Boolean).join(' ');
  return (
    <Card.Root variant="outline" aria-label="Preview" role="region">
      <Card.Body>
        <HStack gap="4" align="center">
          <ManagerAvatar person={{ ...person, email: person.email || '?' }} size="lg" />
          <Stack gap="0" minW="0">
            <Text fontSize="xs" textTransform="uppercase" color="fg.muted" fontWeight="semibold">
              Preview
            </Text>
            <Text fontWeight="semibold" fontSize="lg" data-testid="preview-name">
              {name || 'New Manager'}
            </Text>
            <Text color="fg.muted" data-testid="preview-email" wordBreak="break-all">
              {email?.trim() || 'email@example.com'}
            </Text>
            <Text color="fg.muted" data-testid="preview-title">
              {title?.trim() || MANAGER_TEXT.noTitle}
            </Text>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function ManagerForm({ record: manager }: { record: Manager | null }) {
  // What is typed survives a session that ends mid-form (sign in again) or a reload.
  const { form, page } = useRecordFormPage<ManagerFormInput, ManagerFormOutput, Manager>(manager, {
    section: 'managers',
    noun: 'Manager',
    newTitle: 'Create New Manager',
    label: personName,
    resolver: valibotResolver(ManagerFormSchema),
    empty: EMPTY_FORM,
    toValues: toFormValues,
    create: createManager,
    update: (record, values) => updateManager(record.id, managerFormToUpdate(values)),
    // The user picker is not a plain input: the focus goes to the first field only when it is one.
    errors: { fields: FORM_FIELDS, focus: (field) => field !== 'userId' },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  return (
    <RecordFormPage
      {...page}
      description={
        manager
          ? `Update the details of ${personName(manager)}`
          : 'Add a manager and, optionally, link the user account they sign in with'
      }
    >
      <PreviewCard control={control} />
      <SectionCard title="Basic Information">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField form={form} name="firstName" label="First Name" required autoComplete="given-name" />
          <TextField form={form} name="lastName" label="Last Name" required autoComplete="family-name" />
          <TextField
            form={form}
            name="email"
            label="Email Address"
            required
            hint={MANAGER_TEXT.emailHint}
            type="email"
            autoComplete="email"
            placeholder="manager@company.com"
          />
          <TextField form={form} name="phone" label="Phone Number" type="tel" autoComplete="tel" />
          <TextField form={form} name="title" label="Job Title" autoComplete="organization-title" />
          {manager && (
            <SelectField
              label="Status"
              error={errors.status?.message}
              options={STATUS_OPTIONS}
              {...register('status')}
            />
          )}
        </SimpleGrid>
      </SectionCard>
      <SectionCard title="User Association">
        <Box maxW={{ md: '36rem' }}>
          <Controller
            control={control}
            name="userId"
            render={({ field, fieldState }) => (
              <UserPicker
                value={field.value == null ? '' : String(field.value)}
                onChange={field.onChange}
                current={manager?.user ?? null}
                error={fieldState.error?.message}
              />
            )}
          />
        </Box>
      </SectionCard>
    </RecordFormPage>
  );
}

/** /managers/new and /managers/{id}/edit: one form for creating and editing a manager. */
export const ManagerFormPage = recordFormPage(useManager, ManagerForm, (failure) => (
  <ManagerLoadError title="Edit Manager" failure={failure} />
));
