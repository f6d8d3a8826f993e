import { useRef, useState } from 'react';
import { errorMessage } from 'shared-auth';
import { PICKER_LIMIT, personName, type ManagerUser } from 'shared-contracts';
import { Box, RoleBadge, Stack, Text } from 'shared-ui';
import { PersonSelect } from 'shared-ui/form';
import { SearchInput } from 'shared-ui/table';
import { useUserOptions } from '../api/get-user-options';
import { MANAGER_TEXT, userOptionLabel } from '../manager-format';

type PickerUser = Pick<ManagerUser, 'id' | 'email' | 'firstName' | 'lastName' | 'role'>;

export interface UserPickerProps {
  /** The chosen user id as text; '' is 'No user account'. */
  value: string;
  onChange: (value: string) => void;
  /** The user linked now, kept selectable whatever the search shows. */
  current?: PickerUser | null;
  error?: string;
  label?: string;
  /** Offer 'No user account' (the form); the link dialog needs a user. */
  allowNone?: boolean;
}

/**
 * Linked User Account: the first 100 users before anything is typed, then the server's
 * matches for the typed text, so any account can be chosen. Once a user is chosen, a note shows
 * their name, e-mail and role.
 */
export function UserPicker({
  value,
  onChange,
  current,
  error,
  label = 'Linked User Account',
  allowNone = true,
}: UserPickerProps) {
  const [search, setSearch] = useState('');
  const { data, error: loadError, isLoading } = useUserOptions(search);
  // Every user seen so far, so the chosen one keeps its label when a new search leaves it out.
  const seen = useRef(new Map<string, PickerUser>());
  if (current) seen.current.set(String(current.id), current);
  for (const user of data?.data ?? []) seen.current.set(String(user.id), user);
  const chosen = value ? seen.current.get(value) : undefined;

  const results = data?.data ?? [];

  const total = data?.pagination.total ?? 0;
  const status = loadError
    ? `Users could not be loaded: ${errorMessage(loadError)}`
    : isLoading
      ? 'Loading users...'
      : search
        ? `${total} user${total === 1 ? '' : 's'} match "${search}"${total > PICKER_LIMIT ? `; the first ${PICKER_LIMIT} are listed` : ''}`
        : total > PICKER_LIMIT
          ? `The first ${PICKER_LIMIT} of ${total} users are listed; search to find the others`
          : null;

  return (
    <Stack gap="3">
      <SearchInput
        label="Find a user account"
        placeholder="Search users by name or e-mail"
        value={search}
        onChange={setSearch}
      />
      {/* The server's order (by first name, then its matches); the chosen user first when a search
          leaves them out. */}
      <PersonSelect
        label={label}
        none={allowNone ? MANAGER_TEXT.noUserAccount : 'Choose a user'}
        people={results}
        keepOrder
        optionLabel={userOptionLabel}
        current={chosen}
        currentFirst
        value={value}
        error={error}
        hint={status ? `${MANAGER_TEXT.linkHint}. ${status}` : MANAGER_TEXT.linkHint}
        onChange={(event) => onChange(event.target.value)}
      />
      {chosen && (
        <Box
          role="note"
          aria-label="Linked user"
          borderWidth="1px"
          borderColor="blue.muted"
          bg="blue.subtle"
          borderRadius="l2"
          px="4"
          py="3"
        >
          <Text fontWeight="semibold">{personName(chosen)}</Text>
          <Text fontSize="sm" color="fg.muted">
            {chosen.email}
          </Text>
          <Box mt="1">
            <RoleBadge role={chosen.role} />
          </Box>
        </Box>
      )}
    </Stack>
  );
}
