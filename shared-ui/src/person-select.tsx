// The console's person select: a user or manager picker's <select>, its choices as the person
// pickers name people (person-options.ts), the one chosen now kept as a choice when the loaded
// people lack it, and the first choice for nobody. With a label it is a form field; without one, a
// bare select (give it an aria-label).
import { NativeSelect } from '@chakra-ui/react';
import type { ComponentProps, ReactNode, Ref } from 'react';
import useSWR from 'swr';
import { api } from 'shared-auth';
import { STAFF_PICKER_QUERY, type UserRef } from 'shared-contracts';
import type { SelectOption } from './filter-panel';
import { FormField } from './form-field';
import { comparePeople, personLabel, personName, type PersonLike } from './person-options';

/** How the choices are made from the people. */
export interface PersonChoices<P extends PersonLike> {
  /** How a person reads; by default 'Name (e-mail)' with ' · {detail}' (personLabel). */
  optionLabel?: (person: P) => string;
  /** The default label's detail, e.g. the role. */
  detail?: (person: P) => string | null | undefined;
  /** The person chosen now, kept as a choice when `people` lacks them (beyond the first 100, or gone). */
  current?: P | null;
  /** Where that kept choice goes: after the people (default) or before them. */
  currentFirst?: boolean;
  /** Keep the people's own order (a server search's) instead of sorting them by name. */
  keepOrder?: boolean;
}

/**
 * The choices of a person select (the first choice for nobody aside).
 * @example personChoices(staff, { detail: (user) => titleCase(user.role), current: company.approver })
 */
export function personChoices<P extends PersonLike>(
  people: readonly P[],
  { optionLabel, detail, current, currentFirst = false, keepOrder = false }: PersonChoices<P> = {},
): SelectOption[] {
  const label = optionLabel ?? ((person: P) => personLabel(person, detail?.(person)));
  const ordered = keepOrder ? people : [...people].sort(comparePeople);
  const options = ordered.map((person) => ({ value: String(person.id), label: label(person) }));
  if (!current || options.some((option) => option.value === String(current.id))) return options;
  const kept = { value: String(current.id), label: (optionLabel ?? personLabel)(current) };
  return currentFirst ? [kept, ...options] : [...options, kept];
}

/** How a staff picker names a person where space is short: 'Ann Lee (MODERATOR)'. */
export const staffLabel = (person: Omit<PersonLike, 'id'> & { role: string }): string =>
  `${personName(person)} (${person.role})`;

/** Props of PersonSelect: the choices' and the native select's (value, onChange, name, aria-label …). */
export interface PersonSelectProps<P extends PersonLike>
  extends
    PersonChoices<P>,
    Omit<ComponentProps<typeof NativeSelect.Field>, 'children' | 'placeholder' | 'ref'> {
  people: readonly P[];
  /** The first choice, value '' ('None', 'Choose a person'); none when left out. */
  none?: string;
  /** A form field's label; without one the select stands alone. */
  label?: ReactNode;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  size?: ComponentProps<typeof NativeSelect.Root>['size'];
  width?: ComponentProps<typeof NativeSelect.Root>['width'];
  ref?: Ref<HTMLSelectElement>;
}

/**
 * @example <PersonSelect label="Delegate" none="Choose a person" people={staff} optionLabel={(p) => `${personName(p)} (${p.role})`} value={delegateId} onChange={(e) => setDelegateId(e.target.value)} />
 * @example <PersonSelect label="Approver" none="None" people={staff} detail={(u) => titleCase(u.role)} current={company.approver} {...register('approverId')} />
 */
export function PersonSelect<P extends PersonLike>({
  people,
  none,
  optionLabel,
  detail,
  current,
  currentFirst,
  keepOrder,
  label,
  required,
  error,
  hint,
  disabled,
  size,
  width,
  ref,
  ...selectProps
}: PersonSelectProps<P>) {
  const options = personChoices(people, { optionLabel, detail, current, currentFirst, keepOrder });
  const select = (
    <NativeSelect.Root size={size} width={width}>
      <NativeSelect.Field ref={ref} {...selectProps} {...(label === undefined ? { disabled } : {})}>
        {none !== undefined ? <option value="">{none}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  if (label === undefined) return select;
  return (
    <FormField label={label} required={required} error={error} hint={hint} disabled={disabled}>
      {select}
    </FormField>
  );
}

/**
 * The people a staff picker offers: the first 100 active users from USER up (company assignees,
 * delegates, a policy step's approvers), loaded once for every picker of the page.
 */
export function useStaffPeople() {
  return useSWR(['users', 'picker', 'staff'], () =>
    api.getPaged<UserRef>('/api/user/users', { searchParams: STAFF_PICKER_QUERY }),
  );
}
