import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { APPROVAL_ORIGIN_LABELS, type ApprovalExportQuery, type ApprovalSortField } from 'shared-contracts';
import type { DatabaseHandle, Db } from '../../db/client';
import { approvals } from '../../db/schema';
import { csvField, streamKeysetBatches, writerOf } from '../../http/csv';
import { Spool } from '../../http/spool';
import { listConditions, listOrder, SORT_EXPRESSIONS } from './approval-list.repository';
import { rowsOf } from './approvals.repository';

/**
 * Rows fetched from the cursor per round trip: memory stays flat however many rows match (a batch
 * is about 200 KB of CSV), and a million rows take 500 round trips instead of 2,000.
 */
export const EXPORT_FETCH_SIZE = 2000;
/**
 * Rows per keyset batch on the embedded database: each batch is its own query, and every other
 * request waits for at most one of them (PGlite runs one query at a time).
 */
export const EXPORT_KEYSET_BATCH = 1000;
/**
 * The COPY of a whole export is one statement, bounded by the table's size (not by the client,
 * which reads from the spool file): it may run past the API's ordinary statement_timeout.
 */
const EXPORT_STATEMENT_TIMEOUT = '10min';

// The CSV cell rules every export shares (the tests of the formula guard read them from here).
export { csvField };

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
  'Source',
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
  /** 'Entered by hand' or 'Imported from QuickBooks' (APPROVAL_ORIGIN_LABELS). */
  source: string;
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
  source: string;
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
    source: raw.source,
  };
}

/**
 * One CSV line. Only the free-text fields (company, manager, decided by) can need quoting or the
 * formula guard; ids, enum values, numbers and ISO dates never do. Money with 2 decimals, as a
 * number (no currency sign or thousands separator), as PostgreSQL rendered it.
 */
function csvLine(raw: RawRow): string {
  return `${raw.id},${csvField(raw.company)},${raw.status},${raw.priority},${raw.bills},${raw.processed},${raw.amount},${csvField(raw.manager)},${raw.created},${csvField(raw.decided_by)},${raw.decided_at ?? ''},${csvField(raw.source)}\r\n`;
}

export function exportFileName(format: 'csv' | 'json', now = new Date()): string {
  return `approvals-${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * The file's SELECT: the list's filters and sort, every column rendered as the file shows it.
 * `extra` adds columns, `after` a condition and `limit` a LIMIT (the keyset batches).
 */
function exportStatement(
  query: ApprovalExportQuery,
  batch?: { extra: SQL; after: SQL | undefined; limit: number },
): SQL {
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
      ${iso(sql`case when ${rejected} then ${approvals.rejectionDate} else ${approvals.approvalDate} end`)} as decided_at,
      case when ${approvals.origin} = 'QUICKBOOKS' then ${APPROVAL_ORIGIN_LABELS.QUICKBOOKS} else ${APPROVAL_ORIGIN_LABELS.MANUAL} end as source${batch ? sql`, ${batch.extra}` : sql``}
    from ${approvals}`;
  const where = and(listConditions(query), batch?.after);
  const order = sql.join(listOrder(query), sql`, `);
  const limit = batch ? sql` limit ${sql.raw(String(batch.limit))}` : sql``;
  return where
    ? sql`${select} where ${where} order by ${order}${limit}`
    : sql`${select} order by ${order}${limit}`;
}

/** PostgreSQL type of each sort key, for the keyset's bound values (sent as text). */
const SORT_KEY_TYPES: Record<ApprovalSortField, string> = {
  id: 'uuid',
  'company.name': 'text',
  status: 'approval_status',
  priority: 'approval_priority',
  'billStats.totalBills': 'integer',
  'billStats.processedBills': 'integer',
  'billStats.totalAmount': 'bigint',
  managerName: 'text',
  createdAt: 'timestamptz',
};
/** Sort keys that may be NULL (PostgreSQL sorts NULL after every value ascending, first descending). */
const NULLABLE_SORT_KEYS = new Set<ApprovalSortField>(['company.name', 'managerName']);

/** Where the previous keyset batch ended: its last row's sort key (as text) and id. */
interface KeysetPosition {
  key: string | null;
  id: string;
}

/**
 * The rows after `last` in the list's total order (sort key, then id, both in the sort's
 * direction), with PostgreSQL's NULL placement: NULL keys are greater than any value.
 */
function afterPosition(query: ApprovalExportQuery, last: KeysetPosition): SQL {
  const key = SORT_EXPRESSIONS[query.sortBy];
  const ascending = query.sortOrder === 'asc';
  const compare = sql.raw(ascending ? '>' : '<');
  const id = sql`cast(${last.id} as uuid)`;
  if (query.sortBy === 'id') return sql`${approvals.id} ${compare} ${id}`;
  if (last.key === null) {
    return ascending
      ? sql`(${key} is null and ${approvals.id} > ${id})`
      : sql`(${key} is not null or ${approvals.id} < ${id})`;
  }
  const value = sql`cast(${last.key} as ${sql.raw(SORT_KEY_TYPES[query.sortBy])})`;
  const after = sql`(${key}, ${approvals.id}) ${compare} (${value}, ${id})`;
  return ascending && NULLABLE_SORT_KEYS.has(query.sortBy) ? sql`(${after} or ${key} is null)` : after;
}

/**
 * Every approval matching the list's filters, in its sort, as a CSV or JSON file. Nothing the
 * database holds waits on the client: on PostgreSQL the file is written at the database's speed
 * into a spool file (Spool) and the client reads that (the CSV by PostgreSQL itself, COPY … TO
 * STDOUT, streamCopyCsv; the JSON from a cursor, streamCursorExport); on the embedded PGlite, which
 * runs one query at a time, in short keyset batches, each its own query, read only when the client
 * has taken the previous one (streamKeysetExport). All paths write the same bytes (tests compare).
 */
export function streamApprovalExport(
  database: DatabaseHandle,
  query: ApprovalExportQuery,
  onError: (error: unknown) => void,
): Readable {
  if (database.kind === 'pglite') return streamKeysetExport(database.db, query, onError);
  return query.format === 'csv'
    ? streamCopyCsv(database.pool, query, onError)
    : streamCursorExport(database.db, query, onError);
}

/** The file's text for some rows; `first` says whether a JSON row is the file's first. */
function chunkOf(format: ApprovalExportQuery['format'], rows: RawRow[], first: boolean): string {
  let chunk = '';
  let leading = first;
  for (const raw of rows) {
    if (format === 'csv') chunk += csvLine(raw);
    else {
      chunk += `${leading ? '' : ','}\n${JSON.stringify(toExportRow(raw))}`;
      leading = false;
    }
  }
  return chunk;
}

const fileStart = (format: ApprovalExportQuery['format']) =>
  format === 'csv' ? `${CSV_HEADER.join(',')}\r\n` : '[';
const fileEnd = (format: ApprovalExportQuery['format']) => (format === 'csv' ? '' : '\n]\n');

/**
 * The file in keyset batches (EXPORT_KEYSET_BATCH rows after the last row of the previous batch,
 * in the list's order): no transaction or cursor stays open between batches, and the next batch is
 * read only once the client has taken this one. Rows are not read from one snapshot: a row whose
 * sort key changes during the export may appear twice or not at all (any other row exactly once).
 */
export function streamKeysetExport(
  db: Db,
  query: ApprovalExportQuery,
  onError: (error: unknown) => void,
  batchSize = EXPORT_KEYSET_BATCH,
): Readable {
  const key = SORT_EXPRESSIONS[query.sortBy];
  return streamKeysetBatches<RawRow & { sort_key: string | null }, KeysetPosition>({
    readBatch: async (after, limit) =>
      rowsOf(
        await db.execute(
          exportStatement(query, {
            extra: sql`(${key})::text as sort_key`,
            after: after && afterPosition(query, after),
            limit,
          }),
        ),
      ),
    positionOf: (row) => ({ key: row.sort_key, id: row.id }),
    text: (rows, first) => chunkOf(query.format, rows, first),
    start: fileStart(query.format),
    end: fileEnd(query.format),
    batchSize,
    onError,
  });
}

/**
 * The file from a server-side cursor (DECLARE … CURSOR inside a transaction, FETCH
 * EXPORT_FETCH_SIZE at a time) into a spool file the client reads from: the transaction lasts as
 * long as the database takes, whatever the client's speed. A client that goes away stops it.
 */
export function streamCursorExport(
  db: Db,
  query: ApprovalExportQuery,
  onError: (error: unknown) => void,
): Readable {
  const spool = new Spool();
  const write = writerOf(spool.writable);
  const statement = exportStatement(query);

  void (async () => {
    let first = true;
    await db.transaction(async (tx) => {
      await tx.execute(sql`declare approval_export no scroll cursor for ${statement}`);
      await write(fileStart(query.format));
      for (;;) {
        const batch = await tx.execute(sql.raw(`fetch ${EXPORT_FETCH_SIZE} from approval_export`));
        const rows = rowsOf<RawRow>(batch);
        if (rows.length === 0) break;
        await write(chunkOf(query.format, rows, first));
        first = false;
        if (rows.length < EXPORT_FETCH_SIZE) break;
      }
      await tx.execute(sql`close approval_export`);
    });
    await write(fileEnd(query.format));
    await new Promise<void>((resolve, reject) =>
      spool.writable.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  })().catch((error: unknown) => {
    // The client went away (the spool's reader was destroyed): nothing to report.
    if (spool.readable.destroyed) return;
    onError(error);
    spool.writable.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return spool.readable;
}

const dialect = new PgDialect();

/**
 * The statement as one SQL text with its parameters written in as quoted literals (COPY takes no
 * bind parameters). Each value becomes the text node-postgres would bind, as an untyped quoted
 * literal (typed from its context, like an untyped parameter), quoted by pg's escapeLiteral.
 * Quoted literals and identifiers of the statement itself are copied as they are.
 */
export function inlineStatement(statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'null';
    let textValue: string;
    if (typeof value === 'string') textValue = value;
    else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
      textValue = String(value);
    else if (value instanceof Date) textValue = value.toISOString();
    else throw new Error(`an export parameter of type ${typeof value} cannot be written into COPY`);
    // The protocol ends a query at a NUL; such text is refused (400) before any SQL runs anyway.
    if (textValue.includes('\0')) throw new Error('an export parameter holds a NUL byte');
    return pg.escapeLiteral(textValue);
  };
  let result = '';
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char === "'" || char === '"') {
      let end = at + 1;
      for (;;) {
        end = text.indexOf(char, end);
        if (end < 0) throw new Error('unterminated quote in the export statement');
        if (text[end + 1] === char) end += 2;
        else break;
      }
      result += text.slice(at, end + 1);
      at = end + 1;
      continue;
    }
    const placeholder = char === '$' ? /^\$(\d+)/.exec(text.slice(at, at + 12)) : null;
    if (placeholder) {
      const index = Number(placeholder[1]) - 1;
      if (index < 0 || index >= params.length) throw new Error(`no parameter for ${placeholder[0]}`);
      result += literal(params[index]);
      at += placeholder[0].length;
      continue;
    }
    result += char;
    at += 1;
  }
  return result;
}

/** csv.ts's FORMULA_TRIGGER_AT_CELL_START as a PostgreSQL regular expression (AREs have the same lookarounds). */
const FORMULA_GUARD_PATTERN = String.raw`'(?<=(?:^|[,;|\t\r\n"]) *)(?=[=+@\t\r-])'`;

/**
 * csvField's formula guard in SQL, as the column `column`: a quote character before each formula
 * trigger at a cell start; an empty text becomes NULL (written as an empty field, not as "").
 */
const formulaGuard = (column: string) =>
  `regexp_replace(nullif(${column}, ''), ${FORMULA_GUARD_PATTERN}, '''', 'g') as ${column}`;

/** Quoted in every row, as csvField quotes every text (the formula guard's columns). */
const FORCE_QUOTED = 'company, manager, decided_by, source';

/**
 * The CSV file from `COPY (the export's SELECT) TO STDOUT WITH (FORMAT csv)`. PostgreSQL quotes
 * the free-text fields as csvField does (FORCE_QUOTE; quotes doubled; NULL stays an empty field)
 * and the query adds the formula guard to them. Its rows end with LF: CsvRowEndings makes them CRLF
 * and puts the header first. The bytes go into a spool file the client reads from, so the COPY and
 * its pooled connection last as long as PostgreSQL takes to write them, never as long as a slow
 * client takes to read them; a client that goes away ends the COPY (the connection is then closed).
 */
export function streamCopyCsv(
  pool: pg.Pool,
  query: ApprovalExportQuery,
  onError: (error: unknown) => void,
): Readable {
  const spool = new Spool();
  void (async () => {
    const text = `select id, ${formulaGuard('company')}, status, priority, bills, processed, amount,
        ${formulaGuard('manager')}, created, ${formulaGuard('decided_by')}, decided_at, source
      from (${inlineStatement(exportStatement(query))}) as export_rows`;
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      await client.query('begin');
      // JIT-compiling a million-row plan costs seconds and saves nothing here.
      await client.query('set local jit = off');
      await client.query(`set local statement_timeout = '${EXPORT_STATEMENT_TIMEOUT}'`);
      const copy = client.query(
        copyTo(`copy (${text}) to stdout with (format csv, force_quote (${FORCE_QUOTED}))`),
      );
      // pg-copy-streams may emit 'error' again after the pipeline has ended (connection closed).
      copy.on('error', () => {});
      await pipeline(copy, new CsvRowEndings(`${CSV_HEADER.join(',')}\r\n`), spool.writable);
      await client.query('commit');
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // After a failure (the client went away mid-COPY, or the database did) the connection is
      // closed instead of going back to the pool.
      client.release(failure);
    }
  })().catch((error: unknown) => {
    // The client went away (the spool's reader was destroyed): nothing to report.
    if (spool.readable.destroyed) return;
    onError(error);
    if (!spool.writable.destroyed)
      spool.writable.destroy(error instanceof Error ? error : new Error(String(error)));
    else if (!spool.readable.destroyed)
      spool.readable.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return spool.readable;
}

const LF = 0x0a;
const QUOTE = 0x22;
const CRLF = Buffer.from('\r\n');

/**
 * PostgreSQL ends CSV rows with LF; this file's rows end with CRLF (RFC 4180, and what the cursor
 * path writes). A LF outside quotes ends a row; one inside a quoted field (a line break in a name)
 * stays as it is. Inside quotes PostgreSQL doubles every quote, so the parity of the quotes seen so
 * far tells whether a byte is quoted, across chunk boundaries too. The header goes out with the
 * first bytes, so a COPY that fails at once has sent nothing and the client gets the error answer.
 */
export class CsvRowEndings extends Transform {
  private quoted = false;
  private started = false;

  constructor(private readonly header: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const parts: Buffer[] = [];
    if (!this.started) {
      this.started = true;
      parts.push(Buffer.from(this.header));
    }
    let start = 0;
    let quote = chunk.indexOf(QUOTE);
    let newline = chunk.indexOf(LF);
    while (newline >= 0) {
      if (quote >= 0 && quote < newline) {
        this.quoted = !this.quoted;
        quote = chunk.indexOf(QUOTE, quote + 1);
        continue;
      }
      if (!this.quoted) {
        parts.push(chunk.subarray(start, newline), CRLF);
        start = newline + 1;
      }
      newline = chunk.indexOf(LF, newline + 1);
    }
    for (; quote >= 0; quote = chunk.indexOf(QUOTE, quote + 1)) this.quoted = !this.quoted;
    if (start < chunk.length) parts.push(chunk.subarray(start));
    callback(null, Buffer.concat(parts));
  }

  override _flush(callback: TransformCallback): void {
    if (!this.started) this.push(Buffer.from(this.header));
    callback();
  }
}
