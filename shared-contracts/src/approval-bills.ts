import * as v from 'valibot';
import { APPROVAL_ERRORS } from './approval-errors';
import { APPROVAL_BILLS_MAX } from './approval-rules';
import { multiLine, singleLine } from './form-fields';
import { BANK_ENTRY_AMOUNT_MAX_CENTS, EMAIL_MAX, TEXT_MAX } from './limits';

// An approval's bills in QuickBooks' shape: the schema a request's bills are checked with, their
// amounts in whole cents, and the keys two spellings of one bill share (the duplicate and
// already-paid checks).

/**
 * The key two spellings of one bill number share for the duplicate check: compatibility-normalised
 * (NFKC), only its ASCII letters and digits, upper-case, and without the leading zeros of each run
 * of digits. 'INV-0042', 'inv 42' and 'Inv.42' share 'INV42'. The migration that indexed the
 * bills before this rule computes the same key in SQL, so keep the two in step.
 */
export function billNumberKey(docNumber: string | null | undefined): string | null {
  if (!docNumber) return null;
  const key = docNumber
    .normalize('NFKC')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .replace(/(^|[^0-9])0+([0-9])/g, '$1$2');
  return key === '' ? null : key;
}

/** The date a bill is dated by for the duplicate check: its bill date, else its due date. */
export function billDateOf(bill: Pick<Bill, 'TxnDate' | 'DueDate'>): string | null {
  return bill.TxnDate ?? bill.DueDate ?? null;
}

/**
 * QuickBooks ids are decimal digits. One canonical spelling (no leading zeros, no spaces, no
 * invisible characters) is the only one accepted, so '1676', '01676' and '1676\u200b' can never
 * be three bills: the others are refused with this message rather than silently rewritten.
 */
export const BILL_ID_MESSAGE = 'Id must be a QuickBooks bill id: digits only, without leading zeros';
export const BILL_ID_PATTERN = /^[1-9][0-9]{0,19}$/;

/**
 * The key two spellings of one vendor invoice number share: compatibility-normalised, without
 * invisible (format) characters or white space, upper-case. A bill whose company, vendor, this key
 * and amount match a paid bill is the same bill, whatever its id.
 */
export function docNumberKey(docNumber: string | null | undefined): string | null {
  if (!docNumber) return null;
  const key = docNumber
    .normalize('NFKC')
    .replace(/[\p{Cf}\s]/gu, '')
    .toUpperCase();
  return key === '' ? null : key;
}

/** Whole cents of an amount, or NaN when it has more than 2 decimals. */
export function toCents(amount: number): number {
  const cents = Math.round(amount * 100);
  return Math.abs(cents - amount * 100) < 1e-6 ? cents : NaN;
}

/**
 * True when the amount, as the client wrote it, has at most 2 decimals. toCents tolerates the
 * rounding noise of sums, so it takes 100.0000000000001 for 100.00; an amount sent in is held to
 * what was written: its shortest decimal form (the number the JSON text parsed to) must equal its
 * value rounded to the cent.
 */
export function hasWholeCents(amount: number): boolean {
  return Number.isFinite(amount) && Number(amount.toFixed(2)) === amount;
}

const money = (field: string, allowZero = false) => {
  const message = `${field} must be a ${allowZero ? 'non-negative' : 'positive'} amount with at most 2 decimals`;
  return v.pipe(
    v.number(message),
    v.finite(message),
    v.check((value) => (allowZero ? value >= 0 : value > 0) && hasWholeCents(value), message),
    v.maxValue(1_000_000_000, `${field} must be at most 1,000,000,000`),
  );
};

/** An optional text of a bill; one line unless `lines` (a line's description). */
const text = (field: string, max = TEXT_MAX, lines = false) =>
  v.optional(
    v.pipe(
      v.string(`${field} must be text`),
      v.trim(),
      v.maxLength(max, `${field} must be at most ${max} characters`),
      lines ? multiLine(field) : singleLine(field),
    ),
  );

const ref = (field: string) =>
  v.optional(
    v.object(
      { name: text(`${field}.name`), value: text(`${field}.value`, 64) },
      `${field} must be an object`,
    ),
  );

export const BillLineSchema = v.object(
  {
    Id: text('Line.Id', 64),
    Description: text('Line.Description', 1000, true),
    Amount: money('Line.Amount', true),
    ItemBasedExpenseLineDetail: v.optional(
      v.object({
        Qty: v.optional(
          v.pipe(
            v.number('Qty must be a number'),
            v.finite('Qty must be a number'),
            v.minValue(0, 'Qty must not be negative'),
          ),
        ),
        ItemRef: ref('ItemRef'),
      }),
    ),
  },
  'Each line must be an object',
);

/** A YYYY-MM-DD that is a day of the calendar (isoDate lets 2026-02-31 through). */
export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
const realDate = (field: string) =>
  v.check<string, string>(isCalendarDate, `${field} must be a day of the calendar (YYYY-MM-DD)`);

/** A bill in QuickBooks' shape; line amounts must add up to TotalAmt. */
export const BillSchema = v.pipe(
  v.object(
    {
      Id: v.pipe(
        v.string('Id must be text'),
        v.nonEmpty('Id is required'),
        v.regex(BILL_ID_PATTERN, BILL_ID_MESSAGE),
      ),
      TotalAmt: money('TotalAmt'),
      DocNumber: text('DocNumber', 64),
      DueDate: v.optional(
        v.pipe(
          v.string('DueDate must be a date'),
          v.isoDate('DueDate must be a date (YYYY-MM-DD)'),
          realDate('DueDate'),
        ),
      ),
      /** The bill's date (QuickBooks' TxnDate). */
      TxnDate: v.optional(
        v.pipe(
          v.string('TxnDate must be a date'),
          v.isoDate('TxnDate must be a date (YYYY-MM-DD)'),
          realDate('TxnDate'),
        ),
      ),
      VendorRef: ref('VendorRef'),
      VendorInfo: v.optional(
        v.object({
          CompanyName: text('VendorInfo.CompanyName'),
          Email: v.optional(
            v.pipe(
              v.string(),
              v.trim(),
              v.maxLength(EMAIL_MAX),
              v.union(
                [v.literal(''), v.pipe(v.string(), v.email())],
                'VendorInfo.Email must be an e-mail address',
              ),
            ),
          ),
          Phone: text('VendorInfo.Phone', 64),
        }),
      ),
      VendorAddr: v.optional(
        v.object({
          Line1: text('VendorAddr.Line1'),
          City: text('VendorAddr.City'),
          CountrySubDivisionCode: text('VendorAddr.CountrySubDivisionCode', 64),
          PostalCode: text('VendorAddr.PostalCode', 32),
        }),
      ),
      Line: v.optional(
        v.pipe(
          v.array(BillLineSchema, 'Line must be a list'),
          v.maxLength(1000, 'At most 1000 lines per bill'),
        ),
      ),
    },
    'Each bill must be an object',
  ),
  v.check(
    (bill) =>
      !bill.Line ||
      bill.Line.length === 0 ||
      bill.Line.reduce((sum, line) => sum + toCents(line.Amount), 0) === toCents(bill.TotalAmt),
    (issue) => `Bill ${(issue.input as { Id?: string }).Id ?? ''}: line amounts do not add up to TotalAmt`,
  ),
);
export type Bill = v.InferOutput<typeof BillSchema>;

export const BillsSchema = v.pipe(
  v.array(BillSchema, 'bills must be a list of bills'),
  v.minLength(1, 'An approval needs at least one bill'),
  v.maxLength(APPROVAL_BILLS_MAX, `At most ${APPROVAL_BILLS_MAX} bills per approval`),
  v.check((bills) => new Set(bills.map((bill) => bill.Id)).size === bills.length, 'Bill ids must be unique'),
  // Refused here rather than when the bank file is written, after someone approved it.
  v.check(
    (bills) => billsTotalCents(bills) <= BANK_ENTRY_AMOUNT_MAX_CENTS,
    (issue) => APPROVAL_ERRORS.overBankFileLimit(billsTotalCents(issue.input as Bill[])),
  ),
);

/** Sum of the bills' TotalAmt in cents. */
export function billsTotalCents(bills: ReadonlyArray<Pick<Bill, 'TotalAmt'>>): number {
  return bills.reduce((sum, bill) => sum + toCents(bill.TotalAmt), 0);
}

/** Bills stored as JSON text: a parse failure is treated as no bills. */
export function parseBills(textValue: string | null | undefined): Bill[] {
  if (!textValue) return [];
  try {
    const parsed: unknown = JSON.parse(textValue);
    return Array.isArray(parsed) ? (parsed as Bill[]) : [];
  } catch {
    return [];
  }
}
