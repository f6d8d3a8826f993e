import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  APPROVAL_ERRORS,
  BillsSchema,
  personName,
  type Approval,
  type Bill,
  type ManualApprovalCreateInput,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { retryOnConflict } from '../../db/errors';
import { companies, type UserRow } from '../../db/schema';
import { validationError } from '../../http/http-error';
import { getVendorAccounts } from '../payments/payment-accounts.service';
import { findApproval, rowsOf } from './approvals.repository';
import { createApprovalInTransaction, nowOf } from './approvals.service';

/** QuickBooks states in which a company's bills come from QuickBooks (an error is a broken link, not none). */
const LINKED = new Set(['connected', 'error']);

/**
 * POST …/approvals and POST …/approvals/manual (one request, two addresses): bills a person enters
 * for a company without QuickBooks. The company must not be linked to QuickBooks (its bills come
 * from there, with QuickBooks' ids), each bill gets an id of the manual range (never the client's:
 * an id of its choosing could be a QuickBooks bill's, recorded as paid), its vendor from the
 * company's vendors, and then goes the one create path every approval takes (origin MANUAL: the
 * approval policy's chain starts, duplicates are flagged, paid bills refused).
 */
export async function createManualApproval(
  deps: AppDeps,
  actor: UserRow,
  input: ManualApprovalCreateInput,
): Promise<Approval> {
  // A new approval adds to the counters an import's pages write. A bill id drawn by an attempt the
  // database rolled back is not used again (a gap in the manual range, as any refused create leaves).
  return retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      const [company] = await tx
        .select({ id: companies.id, name: companies.name, qb: companies.qbConnectionStatus })
        .from(companies)
        .where(eq(companies.id, input.companyId));
      if (!company) throw validationError({ companyId: APPROVAL_ERRORS.unknownCompany(input.companyId) });
      if (company.qb && LINKED.has(company.qb)) {
        const message = APPROVAL_ERRORS.connectedToQuickBooks(company.name);
        throw validationError({ companyId: message }, message);
      }
      const vendors = await companyVendors(tx, company.id);
      const bills: Bill[] = [];
      for (const [index, bill] of input.bills.entries()) {
        const vendorName = vendors.get(bill.vendorRef);
        if (vendorName === undefined) {
          const message = APPROVAL_ERRORS.unknownVendor(bill.vendorRef);
          throw validationError({ [`bills.${index}.vendorRef`]: message }, message);
        }
        bills.push({
          Id: await nextManualBillId(tx),
          TotalAmt: bill.TotalAmt,
          DocNumber: bill.DocNumber,
          TxnDate: bill.TxnDate,
          DueDate: bill.DueDate,
          VendorRef: { value: bill.vendorRef, name: vendorName },
          Line: bill.Line.map((line, lineIndex) => ({
            Id: String(lineIndex + 1),
            Description: line.Description,
            Amount: line.Amount,
          })),
        });
      }
      // The bills as the approval keeps them meet every rule a bill has (totals, the bank-file limit).
      const checked = v.safeParse(BillsSchema, bills);
      if (!checked.success) {
        const message = checked.issues[0].message;
        throw validationError({ bills: message }, message);
      }
      const id = await createApprovalInTransaction(
        tx,
        { id: actor.id, name: personName(actor) },
        {
          companyId: company.id,
          priority: input.priority ?? 'MEDIUM',
          bills: checked.output,
          managerId: input.managerId,
          recipients: input.recipients ?? [],
        },
        'MANUAL',
        nowOf(deps),
      );
      return (await findApproval(tx, id))!;
    }),
  );
}

/** The company's vendors by reference: those with a bank account and those of its unpaid bills. */
async function companyVendors(db: Db, companyId: number): Promise<Map<string, string>> {
  const { accounts, missingVendors } = await getVendorAccounts(db, companyId);
  const vendors = new Map<string, string>();
  for (const vendor of missingVendors) vendors.set(vendor.vendorRef, vendor.vendorName);
  for (const account of accounts) vendors.set(account.vendorRef, account.vendorName);
  return vendors;
}

async function nextManualBillId(db: Db): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`select nextval('manual_bill_id_seq')::text as id`),
  );
  return row!.id;
}
