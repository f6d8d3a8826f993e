import * as v from 'valibot';
import { APPROVAL_ERRORS } from './approval-errors';
import type { Bill } from './approval-bills';
import {
  APPROVAL_BILLS_MAX,
  APPROVAL_RECIPIENTS_MAX,
  BULK_APPROVAL_MAX,
  REJECTION_REASON_MAX,
} from './approval-rules';
import { emailSchema } from './auth';
import { ID_MAX, multiLine } from './form-fields';
import { VALIDATION } from './messages';
import { APPROVAL_PRIORITIES, type ApprovalPriority } from './statuses';

// What the approval endpoints take: the id in the path, edits, decisions (one approval's and a
// selection's). Each schema carries every rule and message the server enforces; the console checks
// its dialogs with the same ones (the reject dialog, the partial-approval dialog).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isApprovalId = (value: string) => UUID.test(value);

const approvalId = (message: string = APPROVAL_ERRORS.invalidId) =>
  v.pipe(v.string(message), v.trim(), v.regex(UUID, message), v.toLowerCase());

/** /approvals/{id} */
export const ApprovalIdParamSchema = v.object({ id: approvalId() });

const priority = v.picklist(APPROVAL_PRIORITIES, `priority must be one of ${APPROVAL_PRIORITIES.join(', ')}`);

const managerIdMessage = 'managerId must be a positive whole number';
const managerId = v.pipe(
  v.number(managerIdMessage),
  v.integer(managerIdMessage),
  v.minValue(1, managerIdMessage),
  v.maxValue(ID_MAX, managerIdMessage),
);

export const RecipientsSchema = v.pipe(
  v.array(
    emailSchema('Each recipient must be a valid email address'),
    'recipients must be a list of e-mail addresses',
  ),
  v.maxLength(APPROVAL_RECIPIENTS_MAX, `At most ${APPROVAL_RECIPIENTS_MAX} recipients`),
  v.transform((list) => [...new Set(list)]),
);

/** An approval's manager (null: none); absent when creating: the company's. */
export const ApprovalManagerIdSchema = managerId;

/**
 * What the one create path takes once its bills are checked: the hand-entered request's bills as
 * the server numbered them, or a page of bills the QuickBooks import read.
 */
export interface ApprovalCreateInput {
  companyId: number;
  priority: ApprovalPriority;
  bills: Bill[];
  managerId?: number | null | undefined;
  recipients: string[];
}

/** PUT /api/bill-approval/approvals/{id} (PENDING only): absent = unchanged, managerId null clears. */
export const ApprovalUpdateSchema = v.pipe(
  v.object({
    priority: v.optional(priority),
    managerId: v.optional(v.nullable(managerId)),
    recipients: v.optional(RecipientsSchema),
  }),
  v.check((input) => Object.values(input).some((value) => value !== undefined), APPROVAL_ERRORS.emptyUpdate),
);
export type ApprovalUpdateInput = v.InferOutput<typeof ApprovalUpdateSchema>;

export const ApprovalRecipientsSchema = v.object({ recipients: RecipientsSchema });

/**
 * PUT …/approve: ids of a non-empty subset of the approval's bills (all of them when omitted; a
 * subset only at the last step), and optionally the step the approver saw: when another decision
 * moved the approval on meanwhile, the answer is 409 rather than a decision of the next step.
 */
export const ApproveSchema = v.object({
  step: v.optional(
    v.pipe(v.number('step must be a step number'), v.integer('step must be a step number'), v.minValue(1)),
  ),
  approvedBills: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string('approvedBills must be bill ids'),
          v.trim(),
          v.nonEmpty('approvedBills must be bill ids'),
        ),
        'approvedBills must be a list of bill ids',
      ),
      v.minLength(1, 'Approve at least one bill'),
      v.maxLength(APPROVAL_BILLS_MAX, `At most ${APPROVAL_BILLS_MAX} bills`),
      v.transform((ids) => [...new Set(ids)]),
    ),
  ),
  /** Why a bill flagged as a possible duplicate is approved anyway (required when one is). */
  duplicateReason: v.optional(
    v.pipe(
      v.string('duplicateReason must be text'),
      v.trim(),
      v.maxLength(REJECTION_REASON_MAX, `The reason must be at most ${REJECTION_REASON_MAX} characters`),
      multiLine('The reason'),
    ),
  ),
});
export type ApproveInput = v.InferOutput<typeof ApproveSchema>;

/** The reject reason: trimmed, required, at most 1,000 characters. */
export const RejectionReasonSchema = v.pipe(
  v.optional(v.string(VALIDATION.rejectionReason), ''),
  v.trim(),
  v.nonEmpty(VALIDATION.rejectionReason),
  v.maxLength(
    REJECTION_REASON_MAX,
    `The rejection reason must be at most ${REJECTION_REASON_MAX} characters`,
  ),
  multiLine('The rejection reason'),
);

export const RejectSchema = v.object({ rejectionReason: RejectionReasonSchema });

/**
 * Deciding again after QuickBooks changed a bill of a decided approval: the decision stands as
 * approved (the approved amounts are what its bank file pays), with the reason why.
 */
export const QbChangesConfirmSchema = v.object({
  reason: v.pipe(
    v.optional(v.string('Say why the decision stands'), ''),
    v.trim(),
    v.nonEmpty('Say why the decision stands'),
    v.maxLength(REJECTION_REASON_MAX, `The reason must be at most ${REJECTION_REASON_MAX} characters`),
    multiLine('The reason'),
  ),
});
export type QbChangesConfirmInput = v.InferOutput<typeof QbChangesConfirmSchema>;
export type RejectInput = v.InferOutput<typeof RejectSchema>;

const bulkIds = v.pipe(
  v.array(v.string('ids must be approval ids'), 'ids must be a list of approval ids'),
  v.minLength(1, 'Select at least one approval'),
  v.maxLength(BULK_APPROVAL_MAX, `At most ${BULK_APPROVAL_MAX} approvals at once`),
  v.transform((ids) => [...new Set(ids.map((id) => id.trim().toLowerCase()))]),
);

export const BulkApproveSchema = v.object({ ids: bulkIds });
export const BulkRejectSchema = v.object({ ids: bulkIds, rejectionReason: RejectionReasonSchema });
export type BulkRejectInput = v.InferOutput<typeof BulkRejectSchema>;
