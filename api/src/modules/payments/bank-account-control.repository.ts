import { and, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { personName, type BankAccountControl, type PersonRef } from 'shared-contracts';
import type { Db } from '../../db/client';
import { approvals, bankAccountChanges, users, type UserRow } from '../../db/schema';

/**
 * Dual control of bank accounts. Every entered or changed account (a vendor's, or a company's
 * settlement account) gets a new version, written to `bank_account_changes` with who entered it;
 * it stays PENDING until someone else confirms that version. These are the reads and writes the
 * payment services and the approve rules share.
 */

export const vendorAccountKey = (vendorRef: string) => `vendor:${vendorRef}`;
export const SETTLEMENT_ACCOUNT_KEY = 'settlement';

/** The people with these ids, by id (deleted accounts are simply absent). */
export async function peopleByIds(
  db: Db,
  ids: Array<number | null | undefined>,
): Promise<Map<number, PersonRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, { id: row.id, name: personName(row), email: row.email }]));
}

export function toControl(
  values: {
    version: number;
    changedAt: Date;
    changedById: number | null;
    confirmedAt: Date | null;
    confirmedById: number | null;
  },
  people: Map<number, PersonRef>,
): BankAccountControl {
  const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
  return {
    version: values.version,
    status: values.confirmedAt ? 'CONFIRMED' : 'PENDING',
    changedAt: values.changedAt.toISOString(),
    changedBy: person(values.changedById),
    confirmedAt: values.confirmedAt ? values.confirmedAt.toISOString() : null,
    confirmedBy: person(values.confirmedById),
  };
}

/**
 * Records a new version of an account and answers its number: one more than any version this
 * account ever had (a removed and re-entered account continues its count). The unique index on
 * (company, account, version) refuses a concurrent writer of the same version.
 */
export async function recordAccountVersion(
  db: Db,
  values: {
    companyId: number;
    accountKey: string;
    /** The version the account has now (0: none); the new one is above it and above every recorded one. */
    currentVersion?: number;
    routingNumber: string | null;
    accountLast4: string | null;
    accountType: 'checking' | 'savings' | null;
    actor: UserRow;
    at: Date;
  },
): Promise<number> {
  const [last] = await db
    .select({ version: max(bankAccountChanges.version) })
    .from(bankAccountChanges)
    .where(
      and(
        eq(bankAccountChanges.companyId, values.companyId),
        eq(bankAccountChanges.accountKey, values.accountKey),
      ),
    );
  // Above both: an account may be older than its history (rows entered before the history existed
  // stood at version 1 with nothing recorded), and a version must never be handed out twice.
  const version = Math.max(last?.version ?? 0, values.currentVersion ?? 0) + 1;
  await db.insert(bankAccountChanges).values({
    companyId: values.companyId,
    accountKey: values.accountKey,
    version,
    routingNumber: values.routingNumber,
    accountLast4: values.accountLast4,
    accountType: values.accountType,
    changedById: values.actor.id,
    changedAt: values.at,
  });
  return version;
}

/**
 * Who entered or changed the accounts of these vendors since `since`, by vendor: every version
 * counts, so changing an account and changing it back still leaves both changes on record.
 */
export async function recentAccountChangers(
  db: Db,
  companyId: number,
  vendorRefs: string[],
  since: Date,
): Promise<Map<string, Set<number>>> {
  if (vendorRefs.length === 0) return new Map();
  const rows = await db
    .select({ accountKey: bankAccountChanges.accountKey, changedById: bankAccountChanges.changedById })
    .from(bankAccountChanges)
    .where(
      and(
        eq(bankAccountChanges.companyId, companyId),
        inArray(bankAccountChanges.accountKey, vendorRefs.map(vendorAccountKey)),
        gt(bankAccountChanges.changedAt, since),
      ),
    )
    .orderBy(desc(bankAccountChanges.changedAt));
  const byVendor = new Map<string, Set<number>>();
  for (const row of rows) {
    if (row.changedById === null) continue;
    const vendorRef = row.accountKey.slice('vendor:'.length);
    const set = byVendor.get(vendorRef) ?? new Set<number>();
    set.add(row.changedById);
    byVendor.set(vendorRef, set);
  }
  return byVendor;
}

/** Approvals still to be paid (not yet in a bank file) that carry a bill of this vendor. */
export async function openApprovalsOfVendor(
  db: Db,
  companyId: number,
  vendorRef: string,
): Promise<Array<{ id: string; status: string }>> {
  return db
    .select({ id: approvals.id, status: approvals.status })
    .from(approvals)
    .where(
      and(
        eq(approvals.companyId, companyId),
        inArray(approvals.status, ['PENDING', 'APPROVED', 'NACHA_PENDING']),
        sql`${approvals.bills} @> ${JSON.stringify([{ VendorRef: { value: vendorRef } }])}::jsonb`,
      ),
    );
}

/** APPROVED approvals of the company whose file is still to be written (retried after a confirmation). */
export async function approvedAwaitingFile(db: Db, companyId: number, vendorRef?: string): Promise<string[]> {
  const rows = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.companyId, companyId),
        eq(approvals.status, 'APPROVED'),
        eq(approvals.nachaFileGenerated, false),
        vendorRef === undefined
          ? undefined
          : sql`${approvals.approvedBills} @> ${JSON.stringify([{ VendorRef: { value: vendorRef } }])}::jsonb`,
      ),
    );
  return rows.map((row) => row.id);
}
