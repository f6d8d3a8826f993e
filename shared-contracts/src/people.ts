/** What naming a person needs: a user, a manager, or a reference to either. */
export interface NamedPerson {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}

/**
 * How the console and the API name a person: first and last name (blank parts left out), else the
 * e-mail, which every account has. An empty string for no person at all.
 */
export function personName(person: NamedPerson | null | undefined): string {
  if (!person) return '';
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || person.email;
}
