import * as v from 'valibot';
import { APPROVAL_SEARCH_MAX } from './approval-rules';
import { intFromString } from './common';
import { ID_MAX } from './form-fields';
import { APPROVAL_PAGE_SIZES } from './limits';
import { optionalFilter, searchText, withDefaultSort } from './lists';
import { APPROVAL_PRIORITIES, APPROVAL_STATUSES } from './statuses';
import type { LiveFigures } from './live-events';

// The approvals list and its export: the sortable columns, the filters both take, the views, and
// the export's formats and columns.

const nullableString = v.nullable(v.string());

/** Sortable columns (dotted keys into the answer's nested fields). */
export const APPROVAL_SORT_FIELDS = [
  'id',
  'company.name',
  'status',
  'priority',
  'billStats.totalBills',
  'billStats.processedBills',
  'billStats.totalAmount',
  'managerName',
  'createdAt',
] as const;
export type ApprovalSortField = (typeof APPROVAL_SORT_FIELDS)[number];

const companyFilterMessage = "companyId must be a company id or 'all'";
const filterEntries = {
  search: searchText(APPROVAL_SEARCH_MAX),
  status: optionalFilter(APPROVAL_STATUSES, `status must be one of ${APPROVAL_STATUSES.join(', ')}`),
  priority: optionalFilter(APPROVAL_PRIORITIES, `priority must be one of ${APPROVAL_PRIORITIES.join(', ')}`),
  companyId: v.optional(
    v.pipe(
      v.union([v.string(), v.number()], companyFilterMessage),
      v.transform((value) => (typeof value === 'number' ? String(value) : value.trim())),
      v.transform((value) => (value === '' || value === 'all' ? undefined : value)),
      v.union(
        [
          v.undefined(),
          v.pipe(
            v.string(),
            v.regex(/^\d+$/, companyFilterMessage),
            v.transform(Number),
            v.minValue(1, companyFilterMessage),
            v.maxValue(ID_MAX, companyFilterMessage),
          ),
        ],
        companyFilterMessage,
      ),
    ),
  ),
  sortBy: optionalFilter(APPROVAL_SORT_FIELDS, `sortBy must be one of ${APPROVAL_SORT_FIELDS.join(', ')}`),
  sortOrder: v.optional(v.picklist(['asc', 'desc'] as const, 'sortOrder must be asc or desc')),
};

/** The list's views besides every approval: 'waiting' is the reviewer's queue ('Waiting for me'). */
export const APPROVAL_VIEWS = ['waiting'] as const;
export type ApprovalView = (typeof APPROVAL_VIEWS)[number];

const limitMessage = `limit must be one of ${APPROVAL_PAGE_SIZES.join(', ')}`;

/** GET /api/bill-approval/approvals. */
export const ApprovalListQuerySchema = v.pipe(
  v.object({
    page: v.optional(intFromString('page must be a whole number from 1'), 1),
    limit: v.optional(
      v.pipe(
        intFromString(limitMessage, 1, 1000),
        v.check((value) => (APPROVAL_PAGE_SIZES as readonly number[]).includes(value), limitMessage),
      ),
      10,
    ),
    ...filterEntries,
    /** 'waiting': the pending approvals whose current step the signed-in person may decide. */
    view: optionalFilter(APPROVAL_VIEWS, `view must be one of ${APPROVAL_VIEWS.join(', ')} or all`),
  }),
  v.transform(withDefaultSort<ApprovalSortField>('createdAt')),
);
export type ApprovalListQuery = v.InferOutput<typeof ApprovalListQuerySchema>;
export type ApprovalFilters = Omit<ApprovalListQuery, 'page' | 'limit'>;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET …/approvals/export: the list's filters and sort, every matching row, csv by default. */
export const ApprovalExportQuerySchema = v.pipe(
  v.object({
    ...filterEntries,
    format: v.optional(
      v.pipe(
        v.string(`format must be one of ${EXPORT_FORMATS.join(', ')}`),
        v.trim(),
        v.toLowerCase(),
        v.picklist(EXPORT_FORMATS, `format must be one of ${EXPORT_FORMATS.join(', ')}`),
      ),
      'csv',
    ),
  }),
  v.transform(withDefaultSort<ApprovalSortField>('createdAt')),
);
export type ApprovalExportQuery = v.InferOutput<typeof ApprovalExportQuerySchema>;

/** Columns of an export line, in the order the CSV writes them: spreadsheets and scripts read them by position. */
export const APPROVAL_EXPORT_COLUMNS = [
  'id',
  'company',
  'status',
  'priority',
  'bills',
  'processed',
  'amount',
  'manager',
  'created',
  'decidedBy',
  'decidedAt',
] as const;

/** One line of GET …/approvals/export?format=json (the CSV has the same columns, in this order). */
export const ApprovalExportRowSchema = v.object({
  id: v.string(),
  company: v.string(),
  status: v.picklist(APPROVAL_STATUSES),
  priority: v.picklist(APPROVAL_PRIORITIES),
  bills: v.number(),
  processed: v.number(),
  /** Total amount of the bills. */
  amount: v.number(),
  manager: v.string(),
  created: v.string(),
  decidedBy: nullableString,
  decidedAt: nullableString,
  /** Where it came from: 'Entered by hand' or 'Imported from QuickBooks'. */
  source: v.string(),
});
export type ApprovalExportRow = v.InferOutput<typeof ApprovalExportRowSchema>;

/**
 * How an approvals list keeps up with live events without re-reading its page on each: the
 * changes that leave an approval where it is in any list (its decision or payment moves on; its
 * creation date, company, priority, bills and amounts stay), and the filters and sorts no such
 * change touches. A change of another kind (a creation, a deletion, an edit, QuickBooks' changes
 * to the bills), of a row on the page, or a page filtered or sorted by status, search or the
 * processed bills, re-reads the page.
 */
export const APPROVAL_LIVE_POLICY = {
  inPlaceKinds: [
    'approval.approve',
    'approval.step_approve',
    'approval.reject',
    'approval.expire',
    'approval.nacha_pending',
    'approval.nacha_generated',
    'approval.nacha_failed',
    'approval.bank_uploaded',
    'approval.payment_completed',
    'approval.payment_returned',
    'approval.payment_corrected',
    'approval.qb_bill_payment',
    'approval.qb_bill_payment_waiting',
    'approval.qb_bill_payment_retry',
    'approval.qb_bill_payment_failed',
    'approval.qb_bill_payment_deleted',
    'approval.qb_bill_payment_delete_waiting',
    'approval.qb_bill_payment_delete_retry',
    'approval.qb_bill_payment_delete_failed',
    'approval.recipients',
    'approval.vendor_account_change',
  ],
  stableKeys: [
    'companyId',
    'priority',
    'id',
    'createdAt',
    'company.name',
    'billStats.totalBills',
    'billStats.totalAmount',
    'managerName',
  ],
  // The event's status is the approval's: a decided row shows it as the event arrives.
  statusField: 'status',
  // The stat cards ('stats', GET …/approvals/stats) come with the event: written, not re-read.
  figures: { stats: 'approvalStats' },
} as const satisfies {
  inPlaceKinds: readonly string[];
  stableKeys: readonly string[];
  statusField?: string;
  figures?: Readonly<Record<string, keyof LiveFigures>>;
};
