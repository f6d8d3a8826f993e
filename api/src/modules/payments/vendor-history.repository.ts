import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { VENDOR_HISTORY_LIMITS } from 'shared-contracts';
import type { Db } from '../../db/client';
import { bankAccountChanges } from '../../db/schema';
import { vendorAccountKey } from './bank-account-control.repository';

/** One earlier credit to a vendor, as its bank file recorded it. */
export interface VendorPaymentRow {
  vendorRef: string;
  approvalId: string;
  amountCents: number;
  /** The file's effective entry date ('YYYY-MM-DD'). */
  paidOn: string;
  status: 'SENT' | 'RETURNED';
  /** Among the latest `VENDOR_HISTORY_LIMITS.payments` of the vendor (else only one of its latest paid ones). */
  recent: boolean;
}

/**
 * The earlier bank file entries of these vendors within one company, newest first: the latest few
 * of each (any status) and the latest paid ones the typical amount is taken from, leaving out
 * `exceptApprovalId`. The company is part of the match, so another company's vendor with the same
 * QuickBooks ref (refs are only unique within a company) is never read; the (company, vendor)
 * index bounds the read to these vendors' entries.
 */
export async function vendorPayments(
  db: Db,
  companyId: number,
  vendorRefs: string[],
  exceptApprovalId: string,
): Promise<VendorPaymentRow[]> {
  if (vendorRefs.length === 0) return [];
  const result = await db.execute(vendorPaymentsQuery(companyId, vendorRefs, exceptApprovalId));
  // Both drivers (pg, PGlite) answer { rows }; Drizzle types a raw result per driver.
  const { rows } = result as unknown as {
    rows: Array<{
      vendor_ref: string;
      approval_id: string;
      amount_cents: string | number;
      paid_on: string;
      status: 'SENT' | 'RETURNED';
      recent: boolean;
    }>;
  };
  return rows.map((row) => ({
    vendorRef: row.vendor_ref,
    approvalId: row.approval_id,
    amountCents: Number(row.amount_cents),
    paidOn: row.paid_on,
    status: row.status,
    recent: row.recent,
  }));
}

/** The latest change of each of these vendors' bank accounts since `since`, by vendor. */
export async function latestAccountChanges(
  db: Db,
  companyId: number,
  vendorRefs: string[],
  since: Date,
): Promise<Map<string, { changedAt: Date; changedById: number | null }>> {
  if (vendorRefs.length === 0) return new Map();
  const rows = await db
    .select({
      accountKey: bankAccountChanges.accountKey,
      changedAt: bankAccountChanges.changedAt,
      changedById: bankAccountChanges.changedById,
    })
    .from(bankAccountChanges)
    .where(
      and(
        eq(bankAccountChanges.companyId, companyId),
        inArray(bankAccountChanges.accountKey, vendorRefs.map(vendorAccountKey)),
        gt(bankAccountChanges.changedAt, since),
      ),
    )
    .orderBy(desc(bankAccountChanges.changedAt), desc(bankAccountChanges.id));
  const latest = new Map<string, { changedAt: Date; changedById: number | null }>();
  for (const row of rows) {
    const vendorRef = row.accountKey.slice(vendorAccountKey('').length);
    if (!latest.has(vendorRef))
      latest.set(vendorRef, { changedAt: row.changedAt, changedById: row.changedById });
  }
  return latest;
}

/** The read of `vendorPayments` (the index test explains it). */
export function vendorPaymentsQuery(companyId: number, vendorRefs: string[], exceptApprovalId: string): SQL {
  const refs = sql.join(
    vendorRefs.map((ref) => sql`${ref}`),
    sql`, `,
  );
  return sql`
    select vendor_ref, approval_id, amount_cents, paid_on, status, recent_rank <= ${VENDOR_HISTORY_LIMITS.payments} as recent
    from (
      select e.vendor_ref, e.approval_id, e.amount_cents, f.effective_entry_date as paid_on, e.status,
             row_number() over (partition by e.vendor_ref order by f.effective_entry_date desc, e.id desc) as recent_rank,
             row_number() over (partition by e.vendor_ref, e.status order by f.effective_entry_date desc, e.id desc) as status_rank
      from bank_file_entries e
      join nacha_files f on f.id = e.nacha_file_id and f.company_id = e.company_id
      where e.company_id = ${companyId}
        and e.vendor_ref in (${refs})
        and e.approval_id <> ${exceptApprovalId}
    ) ranked
    where recent_rank <= ${VENDOR_HISTORY_LIMITS.payments}
       or (status = 'SENT' and status_rank <= ${VENDOR_HISTORY_LIMITS.typicalOf})
    order by vendor_ref, paid_on desc, recent_rank
  `;
}
