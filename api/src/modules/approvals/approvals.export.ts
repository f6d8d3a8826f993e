import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { ApprovalExportQuery } from 'shared-contracts';
import type { DatabaseHandle, Db } from '../../db/client';
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
 * Where a spreadsheet could start a cell that runs as a formula: a formula trigger (=, +, -, @,
 * tab, CR) at the start of the field, or after any character some spreadsheet splits cells on
 * (a semicolon-locale Excel reads `"Sock;=2+5;"` as the cells `"Sock`, `=2+5` and `"`, quotes or
 * not; others split on tabs, pipes or line breaks), with only spaces between (importers trim them).
 * csvField puts a quote character before each such trigger, so every cell any of these readings
 * makes starts as plain text. FORMULA_GUARD_PATTERN is the same expression for PostgreSQL.
 */
const FORMULA_TRIGGER_AT_CELL_START = /(?<=(?:^|[,;|\t\r\n"]) *)(?=[=+\-@\t\r])/g;

/**
 * A CSV field. Text is always quoted (quotes doubled) after the formula guard; an empty or missing
 * text is an empty field. Numbers are written bare, so spreadsheets keep them numeric.
 */
export function csvField(value: string | number | null): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number') return String(value);
  const safe = value.replace(FORMULA_TRIGGER_AT_CELL_START, "'");
  return `"${safe.replace(/"/g, '""')}"`;
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

/** The file's SELECT: the list's filters and sort, every column rendered as the file shows it. */
function exportStatement(query: ApprovalExportQuery): SQL {
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
  return where ? sql`${select} where ${where} order by ${order}` : sql`${select} order by ${order}`;
}

/**
 * Every approval matching the list's filters, in its sort, as a CSV or JSON file. On PostgreSQL the
 * CSV is written by PostgreSQL itself (COPY … TO STDOUT, streamCopyCsv): Node only passes the bytes
 * on. The JSON file, and both files on the embedded PGlite, are built row by row from a cursor
 * (streamCursorExport). Both CSV paths write the same bytes (a test compares them).
 */
export function streamApprovalExport(
  database: DatabaseHandle,
  query: ApprovalExportQuery,
  onError: (error: unknown) => void,
): Readable {
  return database.kind === 'postgres' && query.format === 'csv'
    ? streamCopyCsv(database.pool, query, onError)
    : streamCursorExport(database.db, query, onError);
}

/**
 * The file from a server-side cursor (DECLARE … CURSOR inside a transaction, FETCH
 * EXPORT_FETCH_SIZE at a time) into the returned stream, respecting its back-pressure. A client
 * that goes away ends the cursor's transaction.
 */
export function streamCursorExport(
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
  const statement = exportStatement(query);

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

/** FORMULA_TRIGGER_AT_CELL_START as a PostgreSQL regular expression (AREs have the same lookarounds). */
const FORMULA_GUARD_PATTERN = String.raw`'(?<=(?:^|[,;|\t\r\n"]) *)(?=[=+@\t\r-])'`;

/**
 * csvField's formula guard in SQL, as the column `column`: a quote character before each formula
 * trigger at a cell start; an empty text becomes NULL (written as an empty field, not as "").
 */
const formulaGuard = (column: string) =>
  `regexp_replace(nullif(${column}, ''), ${FORMULA_GUARD_PATTERN}, '''', 'g') as ${column}`;

/** Quoted in every row, as csvField quotes every text (the formula guard's columns). */
const FORCE_QUOTED = 'company, manager, decided_by';

/**
 * The CSV file from `COPY (the export's SELECT) TO STDOUT WITH (FORMAT csv)`. PostgreSQL quotes
 * the free-text fields as csvField does (FORCE_QUOTE; quotes doubled; NULL stays an empty field)
 * and the query adds the formula guard to them. Its rows end with LF: CsvRowEndings makes them CRLF and
 * puts the header first. Back-pressure reaches PostgreSQL through the socket; a client that goes
 * away closes this export's connection, which ends the COPY.
 */
export function streamCopyCsv(
  pool: pg.Pool,
  query: ApprovalExportQuery,
  onError: (error: unknown) => void,
): Readable {
  const out = new CsvRowEndings(`${CSV_HEADER.join(',')}\r\n`);
  void (async () => {
    const text = `select id, ${formulaGuard('company')}, status, priority, bills, processed, amount,
        ${formulaGuard('manager')}, created, ${formulaGuard('decided_by')}, decided_at
      from (${inlineStatement(exportStatement(query))}) as export_rows`;
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      await client.query('begin');
      // JIT-compiling a million-row plan costs seconds and saves nothing here.
      await client.query('set local jit = off');
      const copy = client.query(
        copyTo(`copy (${text}) to stdout with (format csv, force_quote (${FORCE_QUOTED}))`),
      );
      // pg-copy-streams may emit 'error' again after the pipeline has ended (connection closed).
      copy.on('error', () => {});
      await pipeline(copy, out);
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
    // The client went away: nothing to report (as on the cursor path).
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    onError(error);
    if (!out.destroyed) out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
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
