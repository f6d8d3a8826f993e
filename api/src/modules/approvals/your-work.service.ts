import { hasRole, sectionNamed, type Role, type YourWork } from 'shared-contracts';
import type { Db } from '../../db/client';
import { yourWork } from './your-work.repository';

/** Forgets a reused overdue answer (a test that changes bills and reads again at once). */
export { forgetOverdueBills } from './your-work.repository';

/**
 * The dashboard's "Your work" for whoever decides payments (the approvals section's decideRole and
 * up: the card is theirs), null for anyone else.
 */
export function yourWorkFor(
  db: Db,
  person: { id: number; role: Role },
  now: Date,
  cap: number,
): Promise<YourWork | null> {
  if (!hasRole(person.role, sectionNamed('approvals').decideRole)) return Promise.resolve(null);
  return yourWork(db, person, now, cap);
}
