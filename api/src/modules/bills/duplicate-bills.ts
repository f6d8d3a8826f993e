import { and, eq, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  billDateOf,
  billNumberKey,
  DUPLICATE_WINDOW_DAYS,
  toCents,
  type ApprovalStatus,
  type Bill,
  type DuplicateBill,
  type DuplicateKind,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import { approvalBillKeys, approvals, paidBills } from '../../db/schema';

/**
 * Duplicate bills. A bill is flagged when another bill of the same company and vendor that is open
 * (its approval PENDING) or paid or on its way to be (APPROVED and later) has
 *  - the same bill number once normalised (billNumberKey: 'INV-0042' is 'inv 42'), or
 *  - the same amount, dated within DUPLICATE_WINDOW_DAYS days of it.
 * The flag and the other bill are stored with the bill's keys; approving a flagged bill needs a
 * reason. Rejected and expired approvals pay nobody, so their bills match nothing.
 */

/** Statuses whose bills are not open and never paid: they match nothing. */
const CLOSED: ApprovalStatus[] = ['REJECTED', 'EXPIRED'];

interface BillKey {
  billId: string;
  vendorRef: string | null;
  docKey: string | null;
  amountCents: number;
  billDate: string | null;
}

const keyOf = (bill: Bill): BillKey => ({
  billId: bill.Id,
  vendorRef: bill.VendorRef?.value ?? null,
  docKey: billNumberKey(bill.DocNumber),
  amountCents: toCents(bill.TotalAmt),
  billDate: billDateOf(bill),
});

const DAY_MS = 86_400_000;
const daysApart = (a: string, b: string) =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY_MS;

/** Why `candidate` is a duplicate of `bill`, or null. */
function matchKind(bill: BillKey, candidate: BillKey): DuplicateKind | null {
  if (!bill.vendorRef || bill.vendorRef !== candidate.vendorRef) return null;
  if (bill.docKey && bill.docKey === candidate.docKey) return 'BILL_NUMBER';
  if (
    bill.amountCents === candidate.amountCents &&
    bill.billDate &&
    candidate.billDate &&
    daysApart(bill.billDate, candidate.billDate) <= DUPLICATE_WINDOW_DAYS
  )
    return 'AMOUNT_AND_DATE';
  return null;
}

/** The SQL condition "same vendor and (same bill number, or same amount within the window)" for one bill. */
function sameBillCondition(key: BillKey): SQL | undefined {
  if (!key.vendorRef) return undefined;
  const byNumber = key.docKey ? eq(approvalBillKeys.docKey, key.docKey) : undefined;
  const byAmount = key.billDate
    ? and(
        eq(approvalBillKeys.amountCents, key.amountCents),
        sql`${approvalBillKeys.billDate} between ${key.billDate}::date - ${DUPLICATE_WINDOW_DAYS}::int and ${key.billDate}::date + ${DUPLICATE_WINDOW_DAYS}::int`,
      )
    : undefined;
  const either = or(byNumber, byAmount);
  return either ? and(eq(approvalBillKeys.vendorRef, key.vendorRef), either) : undefined;
}

/**
 * Keys the bills of a new approval and flags each that matches an open or paid bill of another
 * approval, or an earlier bill of the same request. Answers the flags, for the history.
 */
export async function indexAndFlagBills(
  tx: Db,
  approvalId: string,
  companyId: number,
  bills: Bill[],
): Promise<Array<{ bill: Bill; kind: DuplicateKind; otherApprovalId: string; otherBillId: string }>> {
  const keys = bills.map(keyOf);
  const conditions = keys.map(sameBillCondition).filter((condition) => condition !== undefined);
  const candidates =
    conditions.length === 0
      ? []
      : await tx
          .select({
            approvalId: approvalBillKeys.approvalId,
            billId: approvalBillKeys.billId,
            vendorRef: approvalBillKeys.vendorRef,
            docKey: approvalBillKeys.docKey,
            amountCents: approvalBillKeys.amountCents,
            billDate: approvalBillKeys.billDate,
          })
          .from(approvalBillKeys)
          .innerJoin(approvals, eq(approvals.id, approvalBillKeys.approvalId))
          .where(
            and(
              eq(approvalBillKeys.companyId, companyId),
              ne(approvalBillKeys.approvalId, approvalId),
              notInArray(approvals.status, CLOSED),
              or(...conditions),
            ),
          )
          .orderBy(approvals.createdAt, approvalBillKeys.billId)
          .limit(1000);
  const flags: Array<{ bill: Bill; kind: DuplicateKind; otherApprovalId: string; otherBillId: string }> = [];
  const rows = keys.map((key, index) => {
    let flag: { kind: DuplicateKind; otherApprovalId: string; otherBillId: string } | null = null;
    for (const candidate of candidates) {
      const kind = matchKind(key, candidate);
      if (kind) {
        flag = { kind, otherApprovalId: candidate.approvalId, otherBillId: candidate.billId };
        break;
      }
    }
    // Two bills of one request can be the same bill too: the later one is flagged.
    for (let earlier = 0; !flag && earlier < index; earlier += 1) {
      const kind = matchKind(key, keys[earlier]!);
      if (kind) flag = { kind, otherApprovalId: approvalId, otherBillId: keys[earlier]!.billId };
    }
    if (flag) flags.push({ bill: bills[index]!, ...flag });
    return {
      approvalId,
      companyId,
      ...key,
      billId: key.billId.slice(0, 100),
      vendorRef: key.vendorRef?.slice(0, 100) ?? null,
      docKey: key.docKey?.slice(0, 100) ?? null,
      duplicateKind: flag?.kind ?? null,
      duplicateOfApprovalId: flag?.otherApprovalId ?? null,
      duplicateOfBillId: flag?.otherBillId ?? null,
    };
  });
  if (rows.length > 0) await tx.insert(approvalBillKeys).values(rows).onConflictDoNothing();
  return flags;
}

/** The flagged bills of an approval, each with the other bill as its approval holds it. */
export async function duplicatesOf(db: Db, approvalId: string): Promise<DuplicateBill[]> {
  const flagged = await db
    .select({
      billId: approvalBillKeys.billId,
      kind: approvalBillKeys.duplicateKind,
      otherApprovalId: approvalBillKeys.duplicateOfApprovalId,
      otherBillId: approvalBillKeys.duplicateOfBillId,
      otherStatus: approvals.status,
      otherBills: approvals.bills,
    })
    .from(approvalBillKeys)
    .leftJoin(approvals, eq(approvals.id, approvalBillKeys.duplicateOfApprovalId))
    .where(
      and(eq(approvalBillKeys.approvalId, approvalId), sql`${approvalBillKeys.duplicateKind} is not null`),
    )
    .orderBy(approvalBillKeys.billId);
  return flagged.map((row) => {
    const other = row.otherBills?.find((bill) => bill.Id === row.otherBillId);
    return {
      billId: row.billId,
      kind: row.kind!,
      otherApprovalId: row.otherApprovalId,
      otherBillId: row.otherBillId ?? '',
      otherStatus: row.otherStatus ?? null,
      otherBill: other ? JSON.stringify(other) : null,
    };
  });
}

/**
 * Bills among `bills` (of approval `approvalId`) that a bank file already paid under another id:
 * the same company, vendor, bill number once normalised (billNumberKey) and amount. The exact-id and
 * NFKC-key checks (paidBillsMatching) miss 'inv 42' against a paid 'INV-0042'; this one does not.
 */
export async function paidUnderAnotherId(
  db: Db,
  companyId: number,
  approvalId: string,
  bills: Bill[],
): Promise<Array<{ bill: Bill; paidBillId: string; paidDocNumber: string | null; approvalId: string }>> {
  const keys = bills.map(keyOf).filter((key) => key.vendorRef && key.docKey);
  if (keys.length === 0) return [];
  const rows = await db
    .select({
      approvalId: approvalBillKeys.approvalId,
      billId: approvalBillKeys.billId,
      vendorRef: approvalBillKeys.vendorRef,
      docKey: approvalBillKeys.docKey,
      amountCents: approvalBillKeys.amountCents,
    })
    .from(approvalBillKeys)
    .innerJoin(
      paidBills,
      and(
        eq(paidBills.companyId, approvalBillKeys.companyId),
        eq(paidBills.billId, approvalBillKeys.billId),
        eq(paidBills.approvalId, approvalBillKeys.approvalId),
      ),
    )
    .where(
      and(
        eq(approvalBillKeys.companyId, companyId),
        or(
          ...keys.map((key) =>
            and(
              eq(approvalBillKeys.vendorRef, key.vendorRef!),
              eq(approvalBillKeys.docKey, key.docKey!),
              eq(approvalBillKeys.amountCents, key.amountCents),
            ),
          ),
        ),
      ),
    );
  const found = [];
  for (const bill of bills) {
    const key = keyOf(bill);
    const paid = rows.find(
      (row) =>
        row.vendorRef === key.vendorRef &&
        row.docKey === key.docKey &&
        row.amountCents === key.amountCents &&
        !(row.billId === bill.Id && row.approvalId === approvalId),
    );
    if (!paid) continue;
    const [paidApproval] = await db
      .select({ bills: approvals.bills })
      .from(approvals)
      .where(inArray(approvals.id, [paid.approvalId]));
    const paidBill = paidApproval?.bills.find((candidate) => candidate.Id === paid.billId);
    found.push({
      bill,
      paidBillId: paid.billId,
      paidDocNumber: paidBill?.DocNumber ?? null,
      approvalId: paid.approvalId,
    });
  }
  return found;
}

/** Bill ids of an approval that are flagged as possible duplicates. */
export async function flaggedBillIds(db: Db, approvalId: string): Promise<Set<string>> {
  const rows = await db
    .select({ billId: approvalBillKeys.billId })
    .from(approvalBillKeys)
    .where(
      and(eq(approvalBillKeys.approvalId, approvalId), sql`${approvalBillKeys.duplicateKind} is not null`),
    );
  return new Set(rows.map((row) => row.billId));
}

/** Drops a bill's keys (it left its approval, or is keyed again after a change). */
export async function unindexBill(tx: Db, approvalId: string, billId: string): Promise<void> {
  await tx
    .delete(approvalBillKeys)
    .where(and(eq(approvalBillKeys.approvalId, approvalId), eq(approvalBillKeys.billId, billId)));
}

/**
 * Keys the bills of approvals written without the create path (the demo seed inserts rows), in SQL
 * with the same key as billNumberKey (as migration 0025 did for the approvals before it). Their
 * flags start empty.
 */
export async function keyUnkeyedBills(tx: Db): Promise<void> {
  await tx.execute(sql`
    insert into approval_bill_keys (approval_id, bill_id, company_id, vendor_ref, doc_key, amount_cents, bill_date)
    select distinct on (a.id, b->>'Id')
      a.id,
      left(b->>'Id', 100),
      a.company_id,
      left(b->'VendorRef'->>'value', 100),
      left(nullif(regexp_replace(upper(regexp_replace(normalize(coalesce(b->>'DocNumber', ''), NFKC), '[^A-Za-z0-9]', '', 'g')), '(^|[^0-9])0+([0-9])', '\\1\\2', 'g'), ''), 100),
      round((b->>'TotalAmt')::numeric * 100)::bigint,
      case when coalesce(b->>'TxnDate', b->>'DueDate') ~ '^\\d{4}-\\d{2}-\\d{2}$' then coalesce(b->>'TxnDate', b->>'DueDate')::date end
    from approvals a, jsonb_array_elements(a.bills) b
    where b->>'Id' is not null and jsonb_typeof(b->'TotalAmt') = 'number'
      and not exists (select 1 from approval_bill_keys k where k.approval_id = a.id)
    on conflict do nothing`);
}

/**
 * The check run again just before a bank file is written (under the company's file lock, so a file
 * written meanwhile is seen): approved bills of `approvalId` that nobody approved as a possible
 * duplicate (not flagged when decided) but that match a bill another approval's bank file already
 * paid. Two requests created at the same moment do not see each other's keys, and bills keyed
 * before the rule were never flagged; neither may be paid twice. A pair the other approval's
 * approver acknowledged (the paid bill flagged as a duplicate of this very bill) is not refused again.
 */
export async function unacknowledgedPaidDuplicates(
  db: Db,
  companyId: number,
  approvalId: string,
  bills: Bill[],
): Promise<Array<{ bill: Bill; kind: DuplicateKind; paidApprovalId: string; paidBillId: string }>> {
  const flagged = await flaggedBillIds(db, approvalId);
  const keys = bills.filter((bill) => !flagged.has(bill.Id)).map((bill) => ({ bill, key: keyOf(bill) }));
  const conditions = keys
    .map(({ key }) => sameBillCondition(key))
    .filter((condition) => condition !== undefined);
  if (conditions.length === 0) return [];
  const paid = await db
    .select({
      approvalId: approvalBillKeys.approvalId,
      billId: approvalBillKeys.billId,
      vendorRef: approvalBillKeys.vendorRef,
      docKey: approvalBillKeys.docKey,
      amountCents: approvalBillKeys.amountCents,
      billDate: approvalBillKeys.billDate,
      duplicateOfApprovalId: approvalBillKeys.duplicateOfApprovalId,
      duplicateOfBillId: approvalBillKeys.duplicateOfBillId,
    })
    .from(approvalBillKeys)
    .innerJoin(
      paidBills,
      and(
        eq(paidBills.companyId, approvalBillKeys.companyId),
        eq(paidBills.billId, approvalBillKeys.billId),
        eq(paidBills.approvalId, approvalBillKeys.approvalId),
      ),
    )
    .where(
      and(
        eq(approvalBillKeys.companyId, companyId),
        ne(approvalBillKeys.approvalId, approvalId),
        or(...conditions),
      ),
    )
    .orderBy(approvalBillKeys.billId)
    .limit(1000);
  const found: Array<{ bill: Bill; kind: DuplicateKind; paidApprovalId: string; paidBillId: string }> = [];
  for (const { bill, key } of keys) {
    for (const candidate of paid) {
      const acknowledged =
        candidate.duplicateOfApprovalId === approvalId && candidate.duplicateOfBillId === bill.Id;
      const kind = acknowledged ? null : matchKind(key, candidate);
      if (kind) {
        found.push({ bill, kind, paidApprovalId: candidate.approvalId, paidBillId: candidate.billId });
        break;
      }
    }
  }
  return found;
}
