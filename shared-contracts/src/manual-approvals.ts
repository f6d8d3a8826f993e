import * as v from 'valibot';
import {
  ApprovalManagerIdSchema,
  hasWholeCents,
  isCalendarDate,
  RecipientsSchema,
  toCents,
} from './approvals';
import { multiLine, singleLine } from './form-fields';
import { APPROVAL_PRIORITIES } from './statuses';

/**
 * Approval requests entered by hand, for companies without QuickBooks: the API body of
 * POST …/approvals and POST …/approvals/manual (ManualApprovalCreateSchema, amounts as numbers)
 * and the screen's form (ManualApprovalFormSchema, amounts as typed), which share every rule and
 * message, so the screen says what the server would.
 */

/** Most bills one request entered by hand carries, and most lines one bill has. */
export const MANUAL_BILLS_MAX = 25;
export const MANUAL_LINES_MAX = 100;
export const MANUAL_DOC_NUMBER_MAX = 64;
export const MANUAL_DESCRIPTION_MAX = 1000;

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const MANUAL_APPROVAL_ERRORS = {
  company: 'Choose a company',
  vendor: 'Choose the vendor',
  docNumber: 'Enter the bill number (DocNumber)',
  docNumberMax: `The bill number must be at most ${MANUAL_DOC_NUMBER_MAX} characters`,
  billDate: 'Enter the bill date (YYYY-MM-DD)',
  dueDate: 'Enter the due date (YYYY-MM-DD)',
  dueBeforeBill: 'The due date must not be before the bill date',
  description: 'Describe what the line is for',
  descriptionMax: `A line's description must be at most ${MANUAL_DESCRIPTION_MAX} characters`,
  amount: (field: string) => `${field} must be an amount in dollars above 0 with at most 2 decimals`,
  amountMax: (field: string) => `${field} must be at most $1,000,000,000`,
  noLines: 'A bill needs at least one line',
  tooManyLines: `At most ${MANUAL_LINES_MAX} lines per bill`,
  noBills: 'A request needs at least one bill',
  tooManyBills: `At most ${MANUAL_BILLS_MAX} bills per request`,
  /**
   * A bill's id is the server's: an id the client chose could be a QuickBooks bill's, whose
   * payment would then be recorded against the real bill.
   */
  billId: 'Bill ids are given by the server: leave Id out (the bill number is DocNumber)',
  /** Names both sums, so whoever typed them sees which one is off and by how much. */
  linesDoNotAddUp: (linesCents: number, totalCents: number) =>
    `The lines add up to ${USD.format(linesCents / 100)}, not the bill's total of ${USD.format(totalCents / 100)}`,
} as const;

const AMOUNT_TEXT = /^\d{1,10}(\.\d{1,2})?$/;

/** An amount as the API takes it: dollars, above 0, whole cents. */
const amount = (field: string) =>
  v.pipe(
    v.number(MANUAL_APPROVAL_ERRORS.amount(field)),
    v.finite(MANUAL_APPROVAL_ERRORS.amount(field)),
    v.check((value) => value > 0 && hasWholeCents(value), MANUAL_APPROVAL_ERRORS.amount(field)),
    v.maxValue(1_000_000_000, MANUAL_APPROVAL_ERRORS.amountMax(field)),
  );

/** An amount as typed in the form ('1250', '1,250.50', '$ 99.9'), as the API's number. */
const amountText = (field: string) =>
  v.pipe(
    v.string(MANUAL_APPROVAL_ERRORS.amount(field)),
    v.transform((value) => value.replace(/[\s,$]/g, '')),
    v.regex(AMOUNT_TEXT, MANUAL_APPROVAL_ERRORS.amount(field)),
    v.transform(Number),
    amount(field),
  );

const date = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.isoDate(message), v.check(isCalendarDate, message));

const docNumber = v.pipe(
  v.string(MANUAL_APPROVAL_ERRORS.docNumber),
  v.trim(),
  v.nonEmpty(MANUAL_APPROVAL_ERRORS.docNumber),
  v.maxLength(MANUAL_DOC_NUMBER_MAX, MANUAL_APPROVAL_ERRORS.docNumberMax),
  singleLine('The bill number'),
);

const description = v.pipe(
  v.string(MANUAL_APPROVAL_ERRORS.description),
  v.trim(),
  v.nonEmpty(MANUAL_APPROVAL_ERRORS.description),
  v.maxLength(MANUAL_DESCRIPTION_MAX, MANUAL_APPROVAL_ERRORS.descriptionMax),
  multiLine('The description'),
);

const vendorRef = v.pipe(
  v.string(MANUAL_APPROVAL_ERRORS.vendor),
  v.trim(),
  v.nonEmpty(MANUAL_APPROVAL_ERRORS.vendor),
  v.maxLength(100, MANUAL_APPROVAL_ERRORS.vendor),
);

const priority = v.picklist(APPROVAL_PRIORITIES, `priority must be one of ${APPROVAL_PRIORITIES.join(', ')}`);

/** One bill once its amounts are numbers (the API body's and the form's output). */
type BillShape = {
  vendorRef: string;
  DocNumber: string;
  TxnDate: string;
  DueDate: string;
  TotalAmt: number;
  Line: Array<{ Description: string; Amount: number }>;
};

const linesCents = (bill: Pick<BillShape, 'Line'>) =>
  bill.Line.reduce((sum, line) => sum + toCents(line.Amount), 0);

/** The rules of one bill: a due date not before its date, lines that add up to its total. */
const billRules = [
  v.forward<BillShape, v.PartialCheckIssue<BillShape>, [string]>(
    v.partialCheck(
      [['TxnDate'], ['DueDate']],
      (bill) => bill.DueDate >= bill.TxnDate,
      MANUAL_APPROVAL_ERRORS.dueBeforeBill,
    ),
    ['DueDate'],
  ),
  v.forward<BillShape, v.PartialCheckIssue<BillShape>, [string]>(
    v.partialCheck(
      [['TotalAmt'], ['Line']],
      (bill) => linesCents(bill) === toCents(bill.TotalAmt),
      (issue) => {
        const bill = issue.input as BillShape;
        return MANUAL_APPROVAL_ERRORS.linesDoNotAddUp(linesCents(bill), toCents(bill.TotalAmt));
      },
    ),
    ['TotalAmt'],
  ),
] as const;

const lines = <S extends v.GenericSchema>(line: S) =>
  v.pipe(
    v.array(line, MANUAL_APPROVAL_ERRORS.noLines),
    v.minLength(1, MANUAL_APPROVAL_ERRORS.noLines),
    v.maxLength(MANUAL_LINES_MAX, MANUAL_APPROVAL_ERRORS.tooManyLines),
  );

const bills = <S extends v.GenericSchema>(bill: S) =>
  v.pipe(
    v.array(bill, MANUAL_APPROVAL_ERRORS.noBills),
    v.minLength(1, MANUAL_APPROVAL_ERRORS.noBills),
    v.maxLength(MANUAL_BILLS_MAX, MANUAL_APPROVAL_ERRORS.tooManyBills),
  );

/** One bill entered by hand, as the API takes it (its id is the server's). */
export const ManualBillSchema = v.pipe(
  v.object({
    Id: v.optional(v.never(MANUAL_APPROVAL_ERRORS.billId)),
    vendorRef,
    DocNumber: docNumber,
    TxnDate: date(MANUAL_APPROVAL_ERRORS.billDate),
    DueDate: date(MANUAL_APPROVAL_ERRORS.dueDate),
    TotalAmt: amount('The total'),
    Line: lines(v.object({ Description: description, Amount: amount('The amount') })),
  }),
  ...billRules,
);
export type ManualBill = v.InferOutput<typeof ManualBillSchema>;

const companyIdMessage = MANUAL_APPROVAL_ERRORS.company;

/**
 * POST /api/bill-approval/approvals (and …/manual, the same request): bills entered by hand. The
 * manager is the company's unless given (null: none).
 */
export const ManualApprovalCreateSchema = v.object({
  companyId: v.pipe(
    v.number(companyIdMessage),
    v.integer(companyIdMessage),
    v.minValue(1, companyIdMessage),
    v.maxValue(2_147_483_647, companyIdMessage),
  ),
  priority: v.optional(priority, 'MEDIUM'),
  bills: bills(ManualBillSchema),
  managerId: v.optional(v.nullable(ApprovalManagerIdSchema)),
  recipients: v.optional(RecipientsSchema, []),
});
/** The body as a client sends it (the screen's form output is one); the server reads it parsed. */
export type ManualApprovalCreateInput = v.InferInput<typeof ManualApprovalCreateSchema>;

/** The screen's form: amounts and the company as typed and chosen; its output is the API body. */
export const ManualApprovalFormSchema = v.object({
  companyId: v.pipe(
    v.string(companyIdMessage),
    v.regex(/^[1-9][0-9]{0,9}$/, companyIdMessage),
    v.transform(Number),
  ),
  priority,
  bills: bills(
    v.pipe(
      v.object({
        vendorRef,
        DocNumber: docNumber,
        TxnDate: date(MANUAL_APPROVAL_ERRORS.billDate),
        DueDate: date(MANUAL_APPROVAL_ERRORS.dueDate),
        TotalAmt: amountText('The total'),
        Line: lines(v.object({ Description: description, Amount: amountText('The amount') })),
      }),
      ...billRules,
    ),
  ),
});
export type ManualApprovalFormInput = v.InferInput<typeof ManualApprovalFormSchema>;
export type ManualApprovalFormOutput = v.InferOutput<typeof ManualApprovalFormSchema>;
