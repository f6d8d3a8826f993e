import type { UserRow } from './db/schema';

/** "First Last", else the e-mail: how a user is named in activity descriptions and history rows. */
export function displayName(row: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  const full = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  return full || row.email;
}
