import { format } from 'date-fns';
import { MANAGER_STATUSES, personName, type ManagerUser } from 'shared-contracts';
import { titleCase } from 'shared-ui';
import { type SelectOption } from 'shared-ui/table';

type Person = { firstName?: string | null; lastName?: string | null; email: string };

/** Avatar initials: first and last initial, else the e-mail's first letter. */
export function initials(person: Person): string {
  const letters = [person.firstName, person.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return letters || person.email.trim().charAt(0).toUpperCase() || '?';
}

/** A user in the Linked User Account picker: name or e-mail, e-mail, role. */
export function userOptionLabel(
  user: ManagerUser | Pick<ManagerUser, 'email' | 'firstName' | 'lastName' | 'role'>,
): string {
  return `${personName(user)} — ${user.email} (${user.role})`;
}

/** The manager list's date format ('MMM d, yyyy'). */
export function formatListDate(value: string): string {
  return format(new Date(value), 'MMM d, yyyy');
}

export const STATUS_OPTIONS: SelectOption[] = MANAGER_STATUSES.map((status) => ({
  value: status,
  label: titleCase(status),
}));

export const STATUS_FILTER_OPTIONS: SelectOption[] = [
  { value: '', label: 'All statuses' },
  ...STATUS_OPTIONS,
];

export const LINKED_FILTER_OPTIONS: SelectOption[] = [
  { value: '', label: 'Linked or not' },
  { value: 'yes', label: 'Linked to a user' },
  { value: 'no', label: 'Not linked' },
];

/** Texts of the manager screens, word for word. */
export const MANAGER_TEXT = {
  noTitle: 'No title',
  notLinked: 'Not linked',
  linkHint: 'Linking to a user account allows the manager to access the system',
  emailHint: 'This will be used for communication and notifications',
  noUserAccount: 'No user account',
  linked: 'This manager is linked to a user account and can access the system.',
  unlinked: 'This manager is not linked to any user account and cannot access the system.',
  deleteConfirm:
    "Are you sure you want to delete this manager? This action cannot be undone. Companies they manage will have no manager; approvals keep the manager's name and e-mail.",
} as const;
