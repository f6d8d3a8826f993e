import { sql, type SQL } from 'drizzle-orm';
import { hasRole, type Role } from 'shared-contracts';
import { activity } from '../db/schema';

/**
 * Payment details (vendor bank accounts, the settlement account, originator settings) are not for a
 * GUEST, even as a line of history or a live event: who changed which vendor's bank account, and
 * when, is what someone planning to redirect a payment wants to know. These are the actions that
 * record them (including the lines a vendor account change writes into the history of the
 * approvals it pays).
 */
export const PAYMENT_DETAIL_ACTION = /^(payments\.|approval\.vendor_account_)/;

/** The lowest role that reads payment details. */
export const PAYMENT_DETAILS_MIN_ROLE: Role = 'USER';

/**
 * What happens to people's accounts (created, role changed, allowed to decide payments, away and
 * who stands in) and to a company's approval policy: who decides what is for those who manage
 * people and policies, not for every signed-in viewer of the live stream.
 */
export const PEOPLE_ACTION = /^(user\.|company\.approval_policy)/;

/** The lowest role that is told of people's accounts and approval policies as they change. */
export const PEOPLE_MIN_ROLE: Role = 'MODERATOR';

/** The lowest role that may see the record of `action` as a live event. */
export function minRoleOfAction(action: string): Role {
  if (PEOPLE_ACTION.test(action)) return PEOPLE_MIN_ROLE;
  return PAYMENT_DETAIL_ACTION.test(action) ? PAYMENT_DETAILS_MIN_ROLE : 'GUEST';
}

/**
 * The activity rows `role` may read, as a condition of a query over `activity`; undefined when it
 * may read them all. The same test as PAYMENT_DETAIL_ACTION, written for the database.
 */
export function activityVisibleTo(role: Role): SQL | undefined {
  if (hasRole(role, PAYMENT_DETAILS_MIN_ROLE)) return undefined;
  return sql`not (starts_with(${activity.action}, 'payments.') or starts_with(${activity.action}, 'approval.vendor_account_'))`;
}

/**
 * The sign-ins and people's-account rows of the activity log (`auth.*`, `user.*`: who signed in
 * when, who is away and who stands in, who registered whom) that `reader` may read, as a condition
 * of a query over `activity`; undefined when it may read them all (MODERATOR and up). Anyone else
 * reads only the ones they did themselves (their own sign-ins), as the users routes answer them.
 */
export function peopleActivityVisibleTo(reader: { id: number; role: Role }): SQL | undefined {
  if (hasRole(reader.role, PEOPLE_MIN_ROLE)) return undefined;
  return sql`(not (starts_with(${activity.action}, 'auth.') or starts_with(${activity.action}, 'user.')) or ${activity.userId} = ${reader.id})`;
}
