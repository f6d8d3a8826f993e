/**
 * Approvals and vendors written straight into a test's database, in the state the product's own
 * paths leave them, for tests whose point lies after creation (decisions, bank files, lists):
 *
 * - `handBill` is one bill as POST …/approvals takes it (entered by hand; the server numbers it).
 * - `addVendor` makes a vendor the company's: a bank account entered and confirmed long ago, as
 *   the demo data has them (so nobody in the test counts as having just changed it).
 * - `importedApproval` creates an approval the way the QuickBooks import does (its own create
 *   step, on bills in QuickBooks' shape with QuickBooks' ids): the only way a company connected to
 *   QuickBooks gets approvals. `createdBy` names a person as its creator instead of the importer,
 *   for tests of the rules about who created what (the creator never approves, …); the creation
 *   rules themselves are tested through the routes.
 */
import * as v from 'valibot';
import { BillsSchema, type Approval, type ApprovalPriority, type Bill } from 'shared-contracts';
import type { Db } from '../db/client';
import { bankAccountChanges, vendorBankAccounts } from '../db/schema';
import { findApproval } from '../modules/approvals/approvals.repository';
import {
  QUICKBOOKS_IMPORTER,
  createApprovalInTransaction,
  type ApprovalCreator,
} from '../modules/approvals/approvals.service';
import { vendorAccountKey } from '../modules/payments/bank-account-control.repository';
import { encryptSecret } from '../security/token-cipher';

/** A bill as POST /api/bill-approval/approvals takes it. */
export interface HandBill {
  vendorRef: string;
  DocNumber: string;
  TxnDate: string;
  DueDate: string;
  TotalAmt: number;
  Line: Array<{ Description: string; Amount: number }>;
}

const DAY_MS = 86_400_000;
let billsDated = 0;

/**
 * One bill of one line (or of `lines`, which must add up to `amount`). Unless given a date, each
 * bill is dated 8 days after the previous one, so two bills of a vendor for the same amount are
 * not flagged as possible duplicates (same amount within 7 days) unless a test means them to be.
 */
export function handBill(
  vendorRef: string,
  amount: number,
  docNumber: string,
  options: { date?: string; due?: string; lines?: number[] } = {},
): HandBill {
  const lines = options.lines ?? [amount];
  billsDated += 1;
  const dated = Date.UTC(2027, 0, 1) + billsDated * 8 * DAY_MS;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    vendorRef,
    DocNumber: docNumber,
    TxnDate: options.date ?? day(dated),
    DueDate: options.due ?? (options.date ? options.date : day(dated + 30 * DAY_MS)),
    TotalAmt: amount,
    Line: lines.map((line, index) => ({ Description: `${docNumber} line ${index + 1}`, Amount: line })),
  };
}

/** When the demo data's accounts were entered and confirmed (long before any test's clock). */
const LONG_AGO = new Date('2024-01-02T15:00:00Z');

/** The vendor `vendorRef` becomes the company's: a confirmed checking account entered long ago. */
export async function addVendor(
  db: Db,
  bankAccountKey: Buffer,
  companyId: number,
  vendorRef: string,
  vendorName = `Vendor ${vendorRef}`,
  accountNumber = `4${vendorRef.replace(/\D/g, '').padStart(7, '0').slice(-7)}`,
): Promise<void> {
  await db.transaction(async (tx) => {
    const routingNumber = '021000021';
    const accountLast4 = accountNumber.slice(-4);
    await tx.insert(vendorBankAccounts).values({
      companyId,
      vendorRef,
      vendorName,
      routingNumber,
      accountNumberEnc: encryptSecret(accountNumber, bankAccountKey),
      accountLast4,
      accountType: 'checking',
      changedAt: LONG_AGO,
      confirmedAt: LONG_AGO,
    });
    await tx.insert(bankAccountChanges).values({
      companyId,
      accountKey: vendorAccountKey(vendorRef),
      version: 1,
      routingNumber,
      accountLast4,
      accountType: 'checking',
      changedAt: LONG_AGO,
    });
  });
}

/**
 * An approval of `bills` (QuickBooks' shape, checked by the bill rules the import applies) made by
 * the import's create step; PENDING, its policy chain started, its bills keyed for duplicates.
 */
export async function importedApproval(
  db: Db,
  input: {
    companyId: number;
    bills: Bill[];
    priority?: ApprovalPriority;
    /** A person standing in for the importer (see the file's comment). */
    createdBy?: ApprovalCreator;
    now?: Date;
  },
): Promise<Approval> {
  const bills = v.parse(BillsSchema, input.bills);
  return db.transaction(async (tx) => {
    const id = await createApprovalInTransaction(
      tx,
      input.createdBy ?? QUICKBOOKS_IMPORTER,
      { companyId: input.companyId, priority: input.priority ?? 'MEDIUM', bills, recipients: [] },
      input.createdBy ? 'MANUAL' : 'QUICKBOOKS',
      input.now ?? new Date(),
    );
    return (await findApproval(tx, id))!;
  });
}
