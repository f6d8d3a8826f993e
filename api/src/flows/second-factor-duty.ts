/**
 * Who must have a second factor: an ADMIN or MODERATOR, or anyone with a part in deciding payments
 * (approvals knows: a company's approver, a person named in a policy step, an out-of-office
 * delegate). Given to second-factors through its port, so it imports no approvals code.
 */
import { hasRole } from 'shared-contracts';
import { decidesPayments } from '../modules/approvals/approval-policy.service';
import type { SecondFactorDuty } from '../ports/second-factor-duty';

export const mustHaveSecondFactor: SecondFactorDuty = async (db, user) =>
  hasRole(user.role, 'MODERATOR') || decidesPayments(db, user.id);
