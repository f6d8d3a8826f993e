// What the signed-in user may do in a section, as the section registry (shared-contracts sections.js)
// says: the pages and buttons ask by section, never by a role name, so a section's roles change in
// one place and the screens follow.
import { hasRole, sectionNamed, type Role, type SectionName } from 'shared-contracts';
import { useSession } from './use-session';

/** Whether `role` reaches `required`; a section that names no role for it lets no one. */
export function reaches(role: Role | undefined, required: Role | null): boolean {
  return required !== null && hasRole(role, required);
}

/**
 * True when the signed-in user may create and edit the section's records (its `manageRole`).
 * @example const canManage = useCanManage('companies');
 */
export function useCanManage(section: SectionName): boolean {
  const { user } = useSession();
  return reaches(user?.role, sectionNamed(section).manageRole);
}

/**
 * True when the signed-in user may take the section's steps that cannot be taken back (its
 * `adminRole`): deleting, confirming a policy change, marking a bank file paid and the like.
 * @example const canDelete = useCanAdminister('companies');
 */
export function useCanAdminister(section: SectionName): boolean {
  const { user } = useSession();
  return reaches(user?.role, sectionNamed(section).adminRole);
}

/**
 * True when the signed-in user's role reviews the section's records (its `decideRole`), whether or
 * not they may decide them now (useCanDecide).
 * @example const reviewer = useIsReviewer('approvals');
 */
export function useIsReviewer(section: SectionName): boolean {
  const { user } = useSession();
  return reaches(user?.role, sectionNamed(section).decideRole);
}

/**
 * True when the signed-in user may approve and reject the section's records: a reviewer whom no
 * ADMIN has stopped deciding payments (an account a MODERATOR registered decides nothing until an
 * ADMIN allows it; the API refuses it too).
 * @example const canDecide = useCanDecide('approvals');
 */
export function useCanDecide(section: SectionName): boolean {
  const { user } = useSession();
  return reaches(user?.role, sectionNamed(section).decideRole) && user?.mayDecidePayments !== false;
}
