import {
  APPROVAL_ERRORS,
  BANK_ACCOUNT_COOLING_DAYS,
  DUPLICATE_WINDOW_DAYS,
  ERROR_CODES,
  isApprovalId,
  personName,
  toCents,
  type Approval,
  type ApprovalCreateInput,
  type ApprovalStatus,
  type ApprovalUpdateInput,
  type ApproveInput,
  type Bill,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { retryOnConflict } from '../../db/errors';
import type { ApprovalOrigin, ApprovalRow, DecisionAccount, UserRow } from '../../db/schema';
import { conflict, forbidden, HttpError, notFound, validationError } from '../../http/http-error';
import { paidBillsMatching } from '../bills/paid-bills';
import { recentAccountChangers, vendorAccountsByRef } from '../payments/payment-accounts.service';
import { findUserById } from '../users/users.service';
import { recordActivities, recordActivity } from '../activity/activity.service';
import { closeSteps, decideCurrentStep, startApprovalChain } from './approval-policy.service';
import { flaggedBillIds, indexAndFlagBills } from '../bills/duplicate-bills';
import { checkMayReject } from './viewer-decision';
import {
  deleteApprovalIfDeletable,
  findApproval,
  findApprovalRow,
  findApprovalStatus,
  findCompanyForApproval,
  findManagerRow,
  insertApproval,
  largestTotalOf,
  lockPendingCounters,
  updateApproval,
  updatePendingApproval,
  type ApprovalValues,
} from './approvals.repository';

export const approvalNotFound = () => notFound(APPROVAL_ERRORS.notFound);

/** The largest whole total (cents) among these approvals: what a batch's step-up weighs. */
export const largestTotalCents = (db: Db, ids: string[]) => largestTotalOf(db, ids.filter(isApprovalId));

/** The app's clock (tests inject one to cross escalation and out-of-office edges). */
export const nowOf = (deps: Pick<AppDeps, 'now'>): Date => deps.now?.() ?? new Date();

/** 409 'This approval is no longer pending' with the status it has now (error.details.status). */
export function notPending(status: ApprovalStatus): HttpError {
  return new HttpError(409, ERROR_CODES.conflict, APPROVAL_ERRORS.notPending, undefined, undefined, {
    status,
  });
}

/** After a conditional write changed nothing: 404 when the row is gone, else 409 with its status. */
async function explainNotPending(db: Db, id: string): Promise<never> {
  const status = await findApprovalStatus(db, id);
  if (!status) throw approvalNotFound();
  throw notPending(status);
}

export async function getApproval(db: Db, id: string): Promise<Approval> {
  const approval = await findApproval(db, id);
  if (!approval) throw approvalNotFound();
  return approval;
}

export const short = (id: string) => id.slice(0, 8);
export const cents = (bills: Bill[]) => bills.reduce((sum, bill) => sum + toCents(bill.TotalAmt), 0);
export const dollars = (amountCents: number) => `$${(amountCents / 100).toFixed(2)}`;

async function managerCopy(db: Db, managerId: number) {
  const manager = await findManagerRow(db, managerId);
  if (!manager) throw validationError({ managerId: APPROVAL_ERRORS.unknownManager(managerId) });
  return {
    managerId: manager.id,
    managerName: `${manager.firstName} ${manager.lastName}`.trim(),
    managerEmail: manager.email,
  };
}

/**
 * Who creates an approval: a signed-in person, or a system actor (id null) such as the
 * QuickBooks import, named in history by `name`.
 */
export interface ApprovalCreator {
  id: number | null;
  name: string;
}

/** The system actor of approvals a QuickBooks sync creates; its name is what history shows. */
export const QUICKBOOKS_IMPORTER: ApprovalCreator = { id: null, name: 'Imported from QuickBooks' };

/**
 * The one create path, inside the caller's transaction (an import creates a page's approvals in
 * the page's transaction): every rule of a new approval applies here, whoever creates it.
 * Answers the new approval's id.
 */
/**
 * Before one transaction creates or expires several approvals, as a page of the QuickBooks import
 * does: the PENDING counters' locks are taken at once, in the triggers' order. Taken insert by
 * insert, the page would hold the PENDING total while waiting for a priority's counter that a
 * decision holds, and the decision wait for the PENDING total: a deadlock, which PostgreSQL ends by
 * rolling one back; under a steady stream of decisions, every attempt of the page. Decisions wait
 * for the page instead.
 */
export function prepareApprovalBatch(tx: Db): Promise<void> {
  return lockPendingCounters(tx);
}

export async function createApprovalInTransaction(
  tx: Db,
  creator: ApprovalCreator,
  input: ApprovalCreateInput,
  origin: ApprovalOrigin = 'MANUAL',
  now: Date = new Date(),
): Promise<string> {
  const company = await findCompanyForApproval(tx, input.companyId);
  if (!company) throw validationError({ companyId: APPROVAL_ERRORS.unknownCompany(input.companyId) });
  const managerId = input.managerId === undefined ? company.managerId : input.managerId;
  const manager =
    managerId === null
      ? { managerId: null, managerName: null, managerEmail: null }
      : await managerCopy(tx, managerId);
  const totalCents = cents(input.bills);
  // A bill that was paid already, under this id or as the same vendor invoice and amount under
  // another, is refused now rather than discovered when its file is written.
  const paid = await paidBillsMatching(tx, company.id, input.bills);
  if (paid.length > 0) {
    throw conflict(
      'bills',
      paid.map((entry) => APPROVAL_ERRORS.alreadyPaid(entry.bill, short(entry.approvalId))).join('; '),
    );
  }
  const row = await insertApproval(tx, {
    companyId: company.id,
    companyName: company.name,
    priority: input.priority,
    status: 'PENDING',
    bills: input.bills,
    billIds: input.bills.map((bill) => bill.Id),
    totalBills: input.bills.length,
    processedBills: 0,
    totalAmountCents: totalCents,
    ...manager,
    recipients: input.recipients,
    createdById: creator.id,
    createdByName: creator.name,
    origin,
  });
  // The company's approval policy picks the rule and its steps now; the approval keeps them.
  await startApprovalChain(tx, row, now);
  // Each bill is keyed for the duplicate check and flagged when it matches an open or paid bill.
  const duplicates = await indexAndFlagBills(tx, row.id, company.id, input.bills);
  const summary = `approval ${short(row.id)} for ${company.name}: ${row.totalBills} bill(s), ${dollars(totalCents)}`;
  await recordActivities(tx, [
    {
      userId: creator.id,
      userName: creator.name,
      entityType: 'approval',
      entityId: row.id,
      action: 'approval.create',
      status: 'PENDING',
      description:
        origin === 'QUICKBOOKS' ? `${creator.name}: ${summary}` : `${creator.name} submitted ${summary}`,
      details: {
        after: {
          status: 'PENDING',
          priority: row.priority,
          totalBills: row.totalBills,
          totalAmount: totalCents / 100,
          origin,
        },
      },
    },
    ...duplicates.map((flag) => ({
      userId: creator.id,
      userName: creator.name,
      entityType: 'approval',
      entityId: row.id,
      action: 'approval.duplicate_flag',
      description: `Bill ${billLabel(flag.bill)} may be a duplicate of bill ${flag.otherBillId} of approval ${short(flag.otherApprovalId)} (${flag.kind === 'BILL_NUMBER' ? 'same vendor and bill number' : `same vendor and amount within ${DUPLICATE_WINDOW_DAYS} days`})`,
      details: {
        billId: flag.bill.Id,
        kind: flag.kind,
        otherApprovalId: flag.otherApprovalId,
        otherBillId: flag.otherBillId,
      },
    })),
  ]);
  return row.id;
}

/** A bill as history and messages name it: its number, else its id. */
const billLabel = (bill: Pick<Bill, 'Id' | 'DocNumber'>) => bill.DocNumber || bill.Id;

/** PUT (PENDING only): priority, manager (copied from the managers table), recipients. */
export async function editApproval(
  deps: AppDeps,
  actor: UserRow,
  id: string,
  input: ApprovalUpdateInput,
): Promise<Approval> {
  // A new priority moves the approval between the (status, priority) counters an import's pages write.
  return retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      const current = await findApprovalRow(tx, id);
      if (!current) throw approvalNotFound();
      if (current.status !== 'PENDING')
        throw new HttpError(409, ERROR_CODES.conflict, APPROVAL_ERRORS.notEditable, undefined, undefined, {
          status: current.status,
        });
      const values: ApprovalValues = {};
      if (input.priority !== undefined) values.priority = input.priority;
      if (input.recipients !== undefined) values.recipients = input.recipients;
      if (input.managerId !== undefined) {
        Object.assign(
          values,
          input.managerId === null
            ? { managerId: null, managerName: null, managerEmail: null }
            : await managerCopy(tx, input.managerId),
        );
      }
      const row = await updatePendingApproval(tx, id, values);
      if (!row) return explainNotPending(tx, id);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const key of Object.keys(values) as Array<keyof ApprovalValues>) {
        before[key] = current[key as keyof ApprovalRow];
        after[key] = row[key as keyof ApprovalRow];
      }
      await recordActivity(tx, actor, 'approval', id, {
        action: 'approval.update',
        description: `${personName(actor)} updated approval ${short(id)} (${Object.keys(values).join(', ')})`,
        details: { before, after },
      });
      return (await findApproval(tx, id))!;
    }),
  );
}

/** PUT …/recipients: who is told about the approval; allowed in any status. */
export async function setRecipients(
  deps: AppDeps,
  actor: UserRow,
  id: string,
  recipients: string[],
): Promise<Approval> {
  return deps.db.transaction(async (tx) => {
    const current = await findApprovalRow(tx, id, true);
    if (!current) throw approvalNotFound();
    await updateApproval(tx, id, { recipients });
    await recordActivity(tx, actor, 'approval', id, {
      action: 'approval.recipients',
      description: `${personName(actor)} set the recipients of approval ${short(id)} (${recipients.length})`,
      details: { before: current.recipients, after: recipients },
    });
    return (await findApproval(tx, id))!;
  });
}

/**
 * One approve decision, of a subset of the bills (all when `approvedBills` is absent): the current
 * step of the approval's policy for the signed-in person; true when that was the last step and the
 * approval is now APPROVED (its bank file is then the caller's to write: flows/approve-and-pay.ts).
 * The decision is ONE conditional UPDATE (… WHERE status = 'PENDING'): of two deciders only one
 * changes the row, the other gets 409 with the status the winner set. The creator is refused
 * whatever their role. The row is locked first, so
 * decisions of one approval run one after the other; the step the request saw is read before the
 * lock, so of two people deciding one step at once the second gets 409 instead of deciding the next.
 */
/**
 * Refuses (throws) when an approval of this total (cents) needs a second factor the person has not
 * given lately: the route's check of its caller, called once the row whose total counts is locked.
 */
export type StepUpForAmount = (amountCents: number) => void;

export async function approveStep(
  deps: AppDeps,
  actor: UserRow,
  id: string,
  input: ApproveInput,
  stepUp: StepUpForAmount,
): Promise<boolean> {
  // A decision meets the bulk writers (an import's pages, the sweeps) on the status counters: a
  // deadlock the database breaks by rolling the decision back is decided again, not answered 500.
  return retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      const seen = await findApprovalRow(tx, id);
      if (!seen) throw approvalNotFound();
      const current = await findApprovalRow(tx, id, true);
      if (!current) throw approvalNotFound();
      await checkMayApprove(tx, actor, current);
      if (current.status !== 'PENDING') throw notPending(current.status);
      const wanted = input.approvedBills ?? current.billIds;
      const known = new Set(current.bills.map((bill) => bill.Id));
      const unknown = wanted.filter((billId) => !known.has(billId));
      if (unknown.length > 0) throw validationError({ approvedBills: APPROVAL_ERRORS.unknownBills(unknown) });
      const chosen = new Set(wanted);
      const approvedBills = current.bills.filter((bill) => chosen.has(bill.Id));
      const approvedCents = cents(approvedBills);
      const now = nowOf(deps);
      const expected = input.step ?? (seen.stepCount > 0 ? seen.currentStep : null);
      const isLast = current.stepCount === 0 || current.currentStep === current.stepCount;
      if (!isLast && approvedBills.length < current.totalBills)
        throw validationError({ approvedBills: APPROVAL_ERRORS.partialBeforeLastStep });
      // A bill flagged as a possible duplicate is approved only with a reason, which history keeps.
      const flagged = await flaggedBillIds(tx, id);
      const flaggedApproved = approvedBills.filter((bill) => flagged.has(bill.Id));
      const duplicateReason = flaggedApproved.length > 0 ? input.duplicateReason || null : null;
      if (flaggedApproved.length > 0 && !duplicateReason) {
        const message = APPROVAL_ERRORS.duplicateReasonRequired(flaggedApproved.map(billLabel));
        // Still PENDING (a fact the list's bulk outcome shows, linking to the page that asks the reason).
        throw new HttpError(400, ERROR_CODES.validation, message, { duplicateReason: message }, undefined, {
          status: 'PENDING',
        });
      }
      const anyway = duplicateReason
        ? `; approved although bill ${flaggedApproved.map(billLabel).join(', ')} may be a duplicate: ${duplicateReason}`
        : '';
      const step = await decideCurrentStep(tx, actor, current, expected, now);
      // Asked only of someone this step waits for (a refusal rolls the step's record back), and on the
      // whole approval's total, whatever part is approved: splitting a large one is no way round.
      stepUp(current.totalAmountCents);
      if (!step.approved) {
        const forWhom = step.onBehalfOf ? ` for ${step.onBehalfOf.name}` : '';
        await recordActivity(tx, actor, 'approval', id, {
          action: 'approval.step_approve',
          status: 'PENDING',
          description: `${personName(actor)}${forWhom} approved step ${step.position} of ${step.stepCount} of approval ${short(id)}${current.companyName ? ` for ${current.companyName}` : ''}; now waiting for ${step.nextLabel}${anyway}`,
          details: {
            before: { status: 'PENDING', currentStep: step.position },
            after: { status: 'PENDING', step: step.position, onBehalfOf: step.onBehalfOf?.id ?? null },
            ...(duplicateReason ? { duplicateReason } : {}),
          },
        });
        return false;
      }
      const decisionAccounts = await accountsSeen(tx, current.companyId, approvedBills);
      const row = await updatePendingApproval(tx, id, {
        decisionAccounts,
        status: 'APPROVED',
        approvedBills,
        approvedBillIds: approvedBills.map((bill) => bill.Id),
        processedBills: approvedBills.length,
        approvedAmountCents: approvedCents,
        approvedById: actor.id,
        approvedBy: personName(actor),
        approvalDate: now,
      });
      if (!row) return explainNotPending(tx, id);
      const partial = approvedBills.length < current.totalBills;
      const lastStep =
        step.stepCount > 1
          ? ` (step ${step.position} of ${step.stepCount}${step.onBehalfOf ? ` for ${step.onBehalfOf.name}` : ''})`
          : step.onBehalfOf
            ? ` (for ${step.onBehalfOf.name})`
            : '';
      await recordActivity(tx, actor, 'approval', id, {
        action: 'approval.approve',
        status: 'APPROVED',
        description: `${personName(actor)}${lastStep} approved ${partial ? `${approvedBills.length} of ${current.totalBills} bills` : `all ${current.totalBills} bill(s)`} of approval ${short(id)}${current.companyName ? ` for ${current.companyName}` : ''}: ${dollars(approvedCents)}${anyway}`,
        details: {
          before: { status: 'PENDING' },
          after: {
            status: 'APPROVED',
            approvedBillIds: row.approvedBillIds,
            approvedAmount: approvedCents / 100,
          },
          ...(duplicateReason ? { duplicateReason } : {}),
        },
      });
      return true;
    }),
  );
}

/**
 * Who may approve: money rules about people, not accounts. Refused (403) when the approver
 *  - is an account a MODERATOR registered that no ADMIN has allowed to decide payments yet;
 *  - created the approval;
 *  - was registered by the approval's creator, or registered the creator (a second account of the
 *    same person is not a second person);
 *  - created or changed, in the last BANK_ACCOUNT_COOLING_DAYS days, the bank account of a vendor
 *    whose bill the approval carries.
 * No role is exempt.
 */
export async function checkMayApprove(tx: Db, actor: UserRow, approval: ApprovalRow): Promise<void> {
  if (!actor.mayDecidePayments) throw forbidden(APPROVAL_ERRORS.mayNotDecide);
  if (approval.createdById === actor.id) throw forbidden(APPROVAL_ERRORS.ownApproval);
  if (approval.createdById !== null) {
    if (actor.createdById === approval.createdById) throw forbidden(APPROVAL_ERRORS.registeredByCreator);
    const creator = await findUserById(tx, approval.createdById);
    if (creator?.createdById === actor.id) throw forbidden(APPROVAL_ERRORS.creatorRegisteredByYou);
  }
  const vendors = new Map<string, string>();
  for (const bill of approval.bills) {
    const ref = bill.VendorRef?.value;
    if (ref) vendors.set(ref, bill.VendorRef?.name || ref);
  }
  const since = new Date(Date.now() - BANK_ACCOUNT_COOLING_DAYS * 86_400_000);
  const changers = await recentAccountChangers(tx, approval.companyId, [...vendors.keys()], since);
  for (const [vendorRef, people] of changers) {
    if (people.has(actor.id)) throw forbidden(APPROVAL_ERRORS.changedVendorAccount(vendors.get(vendorRef)!));
  }
}

/** The bank accounts of the approved bills' vendors as the approver's decision finds them. */
async function accountsSeen(tx: Db, companyId: number, bills: Bill[]): Promise<DecisionAccount[]> {
  const refs = [...new Set(bills.flatMap((bill) => (bill.VendorRef?.value ? [bill.VendorRef.value] : [])))];
  const accounts = await vendorAccountsByRef(tx, companyId, refs);
  return [...accounts.values()].map((account) => ({
    vendorRef: account.vendorRef,
    routingNumber: account.routingNumber,
    accountLast4: account.accountLast4,
    accountType: account.accountType,
    version: account.version,
  }));
}

/**
 * Reject with a reason (validated by RejectSchema); same single conditional UPDATE as approve, by
 * the same people (checkMayReject).
 */
export async function rejectApproval(
  deps: AppDeps,
  actor: UserRow,
  id: string,
  reason: string,
): Promise<Approval> {
  return retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      // Locked, as a decision locks it: the step the check reads is the one this rejects.
      const current = await findApprovalRow(tx, id, true);
      if (!current) throw approvalNotFound();
      if (!actor.mayDecidePayments) throw forbidden(APPROVAL_ERRORS.mayNotDecide);
      if (current.status !== 'PENDING') throw notPending(current.status);
      await checkMayReject(tx, id, actor, nowOf(deps));
      const row = await updatePendingApproval(tx, id, {
        status: 'REJECTED',
        rejectedById: actor.id,
        rejectedBy: personName(actor),
        rejectionDate: new Date(),
        rejectionReason: reason,
      });
      if (!row) return explainNotPending(tx, id);
      await closeSteps(tx, id);
      await recordActivity(tx, actor, 'approval', id, {
        action: 'approval.reject',
        status: 'REJECTED',
        description: `${personName(actor)} rejected approval ${short(id)}${current.companyName ? ` for ${current.companyName}` : ''}: ${reason}`,
        details: { before: { status: 'PENDING' }, after: { status: 'REJECTED' }, reason },
      });
      return (await findApproval(tx, id))!;
    }),
  );
}

/** DELETE (ADMIN): PENDING, REJECTED or EXPIRED only; payment records answer 409 saying why. */
export async function deleteApproval(deps: AppDeps, actor: UserRow, id: string): Promise<void> {
  // Each delete (the list's bulk delete sends one per approval) takes its status off the counters.
  await retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      const current = await findApprovalRow(tx, id);
      if (!current) throw approvalNotFound();
      const deleted = await deleteApprovalIfDeletable(tx, id);
      if (!deleted) {
        const status = await findApprovalStatus(tx, id);
        if (!status) throw approvalNotFound();
        throw new HttpError(409, ERROR_CODES.conflict, APPROVAL_ERRORS.paymentRecord, undefined, undefined, {
          status,
        });
      }
      await recordActivity(tx, actor, 'approval', id, {
        action: 'approval.delete',
        description: `${personName(actor)} deleted approval ${short(id)}${deleted.companyName ? ` for ${deleted.companyName}` : ''} (${deleted.status})`,
        details: { before: { status: deleted.status, totalAmount: deleted.totalAmountCents / 100 } },
      });
    }),
  );
}
