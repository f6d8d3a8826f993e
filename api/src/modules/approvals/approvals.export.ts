import { PassThrough, type Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { ApprovalExportQuery } from 'shared-contracts';
import type { Db } from '../../db/client';
import { approvals } from '../../db/schema';
import { listConditions, listOrder, rowsOf } from './approvals.repository';

/**
 * Rows fetched from the cursor per round trip: memory stays flat however many rows match (a batch
 * is about 200 KB of CSV), and a million rows take 500 round trips instead of 2,000.
 */
export const EXPORT_FETCH_SIZE = 2000;

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

/**
 * One row as PostgreSQL renders it for the file: dates already ISO 8601 text (UTC, milliseconds)
 * and the amount already in dollars with 2 decimals, so Node parses no Date and formats no number.
 */
interface RawRow {
  id: string;
  company: string;
  status: string;
  priority: string;
  bills: number;
  processed: number;
  amount: string;
  manager: string;
  created: string;
  decided_by: string | null;
  decided_at: string | null;
}

function toExportRow(raw: RawRow): ExportRow {
  return {
    id: raw.id,
    company: raw.company,
    status: raw.status,
    priority: raw.priority,
    bills: raw.bills,
    processed: raw.processed,
    amount: Number(raw.amount),
    manager: raw.manager,
    created: raw.created,
    decidedBy: raw.decided_by,
    decidedAt: raw.decided_at,
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

/**
 * One CSV line. Only the free-text fields (company, manager, decided by) can need quoting or the
 * formula guard; ids, enum values, numbers and ISO dates never do. Money with 2 decimals, as a
 * number (no currency sign or thousands separator), as PostgreSQL rendered it.
 */
function csvLine(raw: RawRow): string {
  return `${raw.id},${csvField(raw.company)},${raw.status},${raw.priority},${raw.bills},${raw.processed},${raw.amount},${csvField(raw.manager)},${raw.created},${csvField(raw.decided_by)},${raw.decided_at ?? ''}\r\n`;
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
  const iso = (column: typeof approvals.createdAt | SQL) =>
    sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const rejected = sql`${approvals.status} = 'REJECTED'`;
  const select = sql`select ${approvals.id} as id,
      coalesce(nullif(${approvals.companyName}, ''), ${approvals.companyId}::text) as company,
      ${approvals.status} as status, ${approvals.priority} as priority,
      ${approvals.totalBills} as bills, ${approvals.processedBills} as processed,
      to_char(${approvals.totalAmountCents} / 100.0, 'FM999999999999990.00') as amount,
      coalesce(nullif(${approvals.managerName}, ''), nullif(${approvals.managerEmail}, ''), 'Not assigned') as manager,
      ${iso(approvals.createdAt)} as created,
      case when ${rejected} then ${approvals.rejectedBy} else ${approvals.approvedBy} end as decided_by,
      ${iso(sql`case when ${rejected} then ${approvals.rejectionDate} else ${approvals.approvalDate} end`)} as decided_at
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
          if (query.format === 'csv') chunk += csvLine(raw);
          else {
            chunk += `${first ? '' : ','}\n${JSON.stringify(toExportRow(raw))}`;
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
