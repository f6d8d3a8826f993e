// The choices of every person picker (company assignees, a manager's linked user, approval filters):
// sorted by name and labelled with the e-mail beside the name, so two people called the same can be
// told apart. Native <option>s hold text only, hence one formatted label per person.
import { personName } from 'shared-contracts';
import type { SelectOption } from './filter-panel';

// The naming rule itself is the contracts' (the API names people in activity the same way).
export { personName };

/** What a picker needs of a user or manager. */
export interface PersonLike {
  id: number | string;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}

/**
 * 'Ann Lee (ann@example.com)', plus ' · {detail}' when given; just the e-mail for a person without a name.
 * @example personLabel(user, titleCase(user.role)) // 'Ann Lee (ann@example.com) · Moderator'
 */
export function personLabel(
  person: Pick<PersonLike, 'firstName' | 'lastName' | 'email'>,
  detail?: string | null,
): string {
  const name = personName(person);
  const base = name === person.email ? person.email : `${name} (${person.email})`;
  return detail ? `${base} · ${detail}` : base;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Orders people by display name (case- and accent-insensitive), then by e-mail. */
export function comparePeople(
  a: Pick<PersonLike, 'firstName' | 'lastName' | 'email'>,
  b: Pick<PersonLike, 'firstName' | 'lastName' | 'email'>,
): number {
  return collator.compare(personName(a), personName(b)) || collator.compare(a.email, b.email);
}

/**
 * Picker options for people, sorted by name with the e-mail beside it (`value` is the id as text).
 * @example <SelectField {...register('processorId')} options={personOptions(users, { detail: (u) => titleCase(u.role) })} placeholder="No processor" />
 */
export function personOptions<T extends PersonLike>(
  people: readonly T[],
  { detail }: { detail?: (person: T) => string | null | undefined } = {},
): SelectOption[] {
  return [...people]
    .sort(comparePeople)
    .map((person) => ({ value: String(person.id), label: personLabel(person, detail?.(person)) }));
}

/**
 * `options` plus the current value when the list does not hold it (e.g. an assignee beyond the 100
 * a picker loads, or one since deactivated), so a select never silently shows another choice.
 * @example withCurrentOption(options, String(company.managerId ?? ''), company.manager ? personLabel(company.manager) : undefined)
 */
export function withCurrentOption(
  options: readonly SelectOption[],
  value: string,
  label: string | undefined,
): SelectOption[] {
  if (value === '' || options.some((option) => option.value === value)) return [...options];
  return [...options, { value, label: label ?? `#${value}` }];
}
