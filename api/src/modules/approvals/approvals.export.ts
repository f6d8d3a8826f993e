import { PassThrough, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { ApprovalExportQuery } from 'shared-contracts';
import type { Db } from '../../db/client';
import { approvals } from '../../db/schema';
import { listConditions, listOrder, rowsOf } from './approvals.repository';

/** Rows fetched from the cursor per round trip: memory stays flat however many rows match. */
export const EXPORT_FETCH_SIZE = 500;

const CSV_HEADER = [
  'ID',
  'Company',
  'Status',
  'Priority',
  'Bills',
  'Processed',
  'Amount',
  'Manager',
  'Created',
  'Decided By',
  'Decided At',
];

interface ExportRow {
  id: string;
  company: string;
  status: string;
  priority: string;
  bills: number;
  processed: number;
  amount: number;
  manager: string;
  created: string;
  decidedBy: string | null;
  decidedAt: string | null;
}

interface RawRow {
  id: string;
  company_id: number;
  company_name: string | null;
  status: string;
  priority: string;
  total_bills: number;
  processed_bills: number;
  total_amount_cents: string | number;
  manager_name: string | null;
  manager_email: string | null;
  created_at: Date | string;
  approved_by: string | null;
  approval_date: Date | string | null;
  rejected_by: string | null;
  rejection_date: Date | string | null;
}

const isoOf = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

function toExportRow(raw: RawRow): ExportRow {
  const rejected = raw.status === 'REJECTED';
  return {
    id: raw.id,
    company: raw.company_name || String(raw.company_id),
    status: raw.status,
    priority: raw.priority,
    bills: Number(raw.total_bills),
    processed: Number(raw.processed_bills),
    amount: Number(raw.total_amount_cents) / 100,
    manager: raw.manager_name || raw.manager_email || 'Not assigned',
    created: isoOf(raw.created_at)!,
    decidedBy: (rejected ? raw.rejected_by : raw.approved_by) ?? null,
    decidedAt: isoOf(rejected ? raw.rejection_date : raw.approval_date),
  };
}

/**
 * A CSV field: quoted when it holds a comma, quote or line break; text that a spreadsheet would
 * run as a formula (=, +, -, @, tab, CR at the start) is prefixed with a quote character.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvLine(row: ExportRow): string {
  return `${[
    row.id,
    row.company,
    row.status,
    row.priority,
    row.bills,
    row.processed,
    // Money with 2 decimals, as a number (no currency sign or thousands separator).
    row.amount.toFixed(2),
    row.manager,
    row.created,
    row.decidedBy,
    row.decidedAt,
  ]
    .map((value) => csvField(value))
    .join(',')}\r\n`;
}

export function exportFileName(format: 'csv' | 'json', now = new Date()): string {
  return `approvals-${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * Every approval matching the list's filters, in its sort, streamed from a server-side cursor
 * (DECLARE … CURSOR inside a transaction, FETCH EXPORT_FETCH_SIZE at a time) into the returned
 * stream, respecting its back-pressure. A client that goes away ends the cursor's transaction.
 */
export function streamApprovalExport(
  db: Db,
  query: ApprovalExportQuery,
  onError: (error: unknown) => void,
): Readable {
  const out = new PassThrough();
  const write = async (chunk: string) => {
    if (out.destroyed) throw new Error('export stream closed by the client');
    if (!out.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('close', done);
      });
    }
  };
  const select = sql`select ${approvals.id} as id, ${approvals.companyId} as company_id,
      ${approvals.companyName} as company_name, ${approvals.status} as status, ${approvals.priority} as priority,
      ${approvals.totalBills} as total_bills, ${approvals.processedBills} as processed_bills,
      ${approvals.totalAmountCents} as total_amount_cents, ${approvals.managerName} as manager_name,
      ${approvals.managerEmail} as manager_email, ${approvals.createdAt} as created_at,
      ${approvals.approvedBy} as approved_by, ${approvals.approvalDate} as approval_date,
      ${approvals.rejectedBy} as rejected_by, ${approvals.rejectionDate} as rejection_date
    from ${approvals}`;
  const where = listConditions(query);
  const order = sql.join(listOrder(query), sql`, `);
  const statement = where
    ? sql`${select} where ${where} order by ${order}`
    : sql`${select} order by ${order}`;

  void (async () => {
    let first = true;
    await db.transaction(async (tx) => {
      await tx.execute(sql`declare approval_export no scroll cursor for ${statement}`);
      await write(query.format === 'csv' ? `${CSV_HEADER.join(',')}\r\n` : '[');
      for (;;) {
        const batch = await tx.execute(sql.raw(`fetch ${EXPORT_FETCH_SIZE} from approval_export`));
        const rows = rowsOf<RawRow>(batch);
        if (rows.length === 0) break;
        let chunk = '';
        for (const raw of rows) {
          const row = toExportRow(raw);
          if (query.format === 'csv') chunk += csvLine(row);
          else {
            chunk += `${first ? '' : ','}\n${JSON.stringify(row)}`;
            first = false;
          }
        }
        await write(chunk);
        if (rows.length < EXPORT_FETCH_SIZE) break;
      }
      await tx.execute(sql`close approval_export`);
    });
    if (query.format === 'json') await write('\n]\n');
    out.end();
  })().catch((error: unknown) => {
    if (!out.destroyed) {
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return out;
}
