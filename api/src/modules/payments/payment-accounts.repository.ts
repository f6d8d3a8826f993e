import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ACH_RETURN_CODES,
  isAchReturnCode,
  type MissingVendor,
  type PaymentSettings,
  type PersonRef,
  type VendorAccount,
  type VendorAccountBlock,
  type VendorAccountCorrection,
  ACH_CHANGE_CODES,
  isAchChangeCode,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import {
  approvals,
  companyPaymentSettings,
  vendorBankAccounts,
  type PaymentSettingsRow,
  type VendorBankAccountRow,
} from '../../db/schema';
import { toControl } from './bank-account-control.repository';
import { isBlockedAccount } from './decision-accounts';

/** The return that blocks the account as it stands; null once a change raised it past the block. */
export function accountBlock(row: VendorBankAccountRow): VendorAccountBlock | null {
  if (!isBlockedAccount(row) || !row.blockedAt) return null;
  const code = row.blockedCode!;
  return {
    code,
    description: isAchReturnCode(code) ? ACH_RETURN_CODES[code] : 'Returned',
    blockedAt: row.blockedAt.toISOString(),
  };
}

/** Only these leave the server: never the encrypted number. `people` names who changed and confirmed. */
export function toPaymentSettings(row: PaymentSettingsRow, people: Map<number, PersonRef>): PaymentSettings {
  return {
    companyId: row.companyId,
    odfiRoutingNumber: row.odfiRoutingNumber,
    odfiName: row.odfiName,
    companyIdentification: row.companyIdentification,
    achCompanyName: row.achCompanyName,
    entryDescription: row.entryDescription,
    originName: row.originName,
    settlementAccount:
      row.settlementAccountLast4 && row.settlementAccountType
        ? {
            last4: row.settlementAccountLast4,
            accountType: row.settlementAccountType,
            control: toControl(
              {
                version: row.settlementVersion,
                changedAt: row.settlementChangedAt ?? row.updatedAt,
                changedById: row.settlementChangedById,
                confirmedAt: row.settlementConfirmedAt,
                confirmedById: row.settlementConfirmedById,
              },
              people,
            ),
          }
        : null,
    qbBankAccountId: row.qbBankAccountId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The latest notification of change of the account: kept once its change is confirmed (the record
 * of why the account changed), cleared by a change made by hand.
 */
export function accountCorrection(row: VendorBankAccountRow): VendorAccountCorrection | null {
  if (!row.correctionCode || !row.correctionAt) return null;
  const code = row.correctionCode;
  return {
    code,
    description: isAchChangeCode(code) ? ACH_CHANGE_CODES[code].description : 'Notification of change',
    receivedAt: row.correctionAt.toISOString(),
  };
}

export function toVendorAccount(row: VendorBankAccountRow, people: Map<number, PersonRef>): VendorAccount {
  return {
    id: row.id,
    companyId: row.companyId,
    vendorRef: row.vendorRef,
    vendorName: row.vendorName,
    routingNumber: row.routingNumber,
    accountLast4: row.accountLast4,
    accountType: row.accountType,
    control: toControl(row, people),
    blocked: accountBlock(row),
    correction: accountCorrection(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findPaymentSettings(
  db: Db,
  companyId: number,
  forUpdate = false,
): Promise<PaymentSettingsRow | undefined> {
  const query = db
    .select()
    .from(companyPaymentSettings)
    .where(eq(companyPaymentSettings.companyId, companyId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export type PaymentSettingsValues = Omit<
  typeof companyPaymentSettings.$inferInsert,
  'createdAt' | 'updatedAt'
>;

/** Insert or replace a company's settings (one row per company). */
export async function upsertPaymentSettings(
  db: Db,
  values: PaymentSettingsValues,
): Promise<PaymentSettingsRow> {
  const { companyId, ...changes } = values;
  const [row] = await db
    .insert(companyPaymentSettings)
    .values(values)
    .onConflictDoUpdate({
      target: companyPaymentSettings.companyId,
      set: { ...changes, companyId, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function listVendorAccounts(db: Db, companyId: number): Promise<VendorBankAccountRow[]> {
  return db
    .select()
    .from(vendorBankAccounts)
    .where(eq(vendorBankAccounts.companyId, companyId))
    .orderBy(asc(sql`lower(${vendorBankAccounts.vendorName})`), asc(vendorBankAccounts.id));
}

export async function findVendorAccount(
  db: Db,
  companyId: number,
  accountId: number,
  forUpdate = false,
): Promise<VendorBankAccountRow | undefined> {
  const query = db
    .select()
    .from(vendorBankAccounts)
    .where(and(eq(vendorBankAccounts.companyId, companyId), eq(vendorBankAccounts.id, accountId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The accounts of the given vendors of one company, for writing its bank file. */
export async function vendorAccountsByRef(
  db: Db,
  companyId: number,
  vendorRefs: string[],
): Promise<Map<string, VendorBankAccountRow>> {
  if (vendorRefs.length === 0) return new Map();
  const rows = await db
    .select()
    .from(vendorBankAccounts)
    .where(
      and(
        eq(vendorBankAccounts.companyId, companyId),
        sql`${vendorBankAccounts.vendorRef} = any(${sql.param(vendorRefs)}::text[])`,
      ),
    );
  return new Map(rows.map((row) => [row.vendorRef, row]));
}

export async function insertVendorAccount(
  db: Db,
  values: typeof vendorBankAccounts.$inferInsert,
): Promise<VendorBankAccountRow> {
  const [row] = await db.insert(vendorBankAccounts).values(values).returning();
  return row!;
}

export async function updateVendorAccount(
  db: Db,
  id: number,
  values: Partial<typeof vendorBankAccounts.$inferInsert>,
): Promise<VendorBankAccountRow> {
  const [row] = await db
    .update(vendorBankAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(vendorBankAccounts.id, id))
    .returning();
  return row!;
}

export async function deleteVendorAccount(db: Db, id: number): Promise<void> {
  await db.delete(vendorBankAccounts).where(eq(vendorBankAccounts.id, id));
}

/**
 * Vendors of the company's bills still to be paid (PENDING or APPROVED approvals) that have no bank
 * account yet, with how many of those bills each has. Served by the (company_id, created_at) index
 * of approvals: bounded by one company's approvals.
 */
export async function missingVendors(db: Db, companyId: number): Promise<MissingVendor[]> {
  const result = await db.execute(sql`
    select bill->'VendorRef'->>'value' as vendor_ref,
           max(coalesce(bill->'VendorRef'->>'name', bill->'VendorRef'->>'value')) as vendor_name,
           count(*) as bill_count
    from approvals a
    cross join lateral jsonb_array_elements(a.bills) as bill
    where a.company_id = ${companyId}
      and a.status in ('PENDING', 'APPROVED')
      and bill->'VendorRef'->>'value' is not null
      and not exists (
        select 1 from vendor_bank_accounts v
        where v.company_id = a.company_id and v.vendor_ref = bill->'VendorRef'->>'value'
      )
    group by 1
    order by lower(max(coalesce(bill->'VendorRef'->>'name', bill->'VendorRef'->>'value'))), 1
  `);
  // Both drivers (pg, PGlite) answer { rows }; Drizzle types a raw result per driver.
  const { rows } = result as unknown as {
    rows: Array<{ vendor_ref: string; vendor_name: string; bill_count: string }>;
  };
  return rows.map((row) => ({
    vendorRef: row.vendor_ref,
    vendorName: row.vendor_name,
    billCount: Number(row.bill_count),
  }));
}

/** What an approval's payment accounts are read from: its company, its bills and what its decision saw. */
export async function findApprovalForAccounts(db: Db, id: string) {
  const [row] = await db
    .select({
      companyId: approvals.companyId,
      bills: approvals.bills,
      approvedBills: approvals.approvedBills,
      decisionAccounts: approvals.decisionAccounts,
    })
    .from(approvals)
    .where(eq(approvals.id, id))
    .limit(1);
  return row;
}
