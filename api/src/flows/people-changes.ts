/**
 * A change to people may strand an approval: an account deactivated, deleted, demoted or no longer
 * allowed to decide payments; a company's assignees or a manager record changed. Each such change
 * reads, in its own transaction and before it writes, the open policy steps it may strand, and
 * escalates at once (not after the escalation time) those that nobody active can satisfy after it.
 * Routes make these changes through here, so users, companies and managers never import approvals.
 */
import * as companies from '../modules/companies/companies.service';
import { escalateStuck, stepsAtRisk } from '../modules/approvals/escalation.service';
import * as managers from '../modules/managers/managers.service';
import * as users from '../modules/users/users.service';
import type { StrandedSteps } from '../ports/stranded-steps';

const strandedSteps: StrandedSteps = async (tx, scopes) => {
  const kinds = await stepsAtRisk(tx, scopes);
  return { escalate: (now) => escalateStuck(tx, kinds, now) };
};

/** The change, with the approval policies' escalation given to it. */
const escalating =
  <A extends unknown[], R>(change: (...args: [...A, StrandedSteps]) => Promise<R>) =>
  (...args: A): Promise<R> =>
    change(...args, strandedSteps);

export const setPaymentDecisions = escalating(users.setPaymentDecisions);
export const updateUserDetails = escalating(users.updateUserDetails);
export const setUserActive = escalating(users.setUserActive);
export const changeUserRole = escalating(users.changeUserRole);
export const deleteUser = escalating(users.deleteUser);

export const updateCompanyDetails = escalating(companies.updateCompanyDetails);
export const assignCompany = escalating(companies.assignCompany);

export const updateManagerDetails = escalating(managers.updateManagerDetails);
export const linkManagerUser = escalating(managers.linkManagerUser);
export const unlinkManagerUser = escalating(managers.unlinkManagerUser);
export const deleteManager = escalating(managers.deleteManager);
