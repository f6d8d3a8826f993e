import { PassThrough, type Readable, type Writable } from 'node:stream';

// What every CSV export writes its cells with, and how it waits for a slow client.

/**
 * Where a spreadsheet could start a cell that runs as a formula: a formula trigger (=, +, -, @,
 * tab, CR) at the start of the field, or after any character some spreadsheet splits cells on
 * (a semicolon-locale Excel reads `"Sock;=2+5;"` as the cells `"Sock`, `=2+5` and `"`, quotes or
 * not; others split on tabs, pipes or line breaks), with only spaces between (importers trim them).
 * csvField puts a quote character before each such trigger, so every cell any of these readings
 * makes starts as plain text. FORMULA_GUARD_PATTERN (approvals.export.ts) is the same expression for PostgreSQL.
 */
export const FORMULA_TRIGGER_AT_CELL_START = /(?<=(?:^|[,;|\t\r\n"]) *)(?=[=+\-@\t\r])/g;

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

/** Writes to `out` and waits while it is full; throws once `out` is gone (the client left). */
export function writerOf(out: Writable): (chunk: string) => Promise<void> {
  return async (chunk) => {
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
}

/** How streamKeysetBatches reads and writes one export. */
export interface KeysetExport<Row, Position> {
  /** The rows after `after` (undefined: from the start), at most `limit`, in the file's order. */
  readBatch: (after: Position | undefined, limit: number) => Promise<Row[]>;
  /** Where the next batch starts: the last row's sort key and id. */
  positionOf: (row: Row) => Position;
  /** The text of some rows; `first` says whether they open the file (JSON needs no comma then). */
  text: (rows: Row[], first: boolean) => string;
  /** What opens and closes the file (a CSV header; JSON's brackets). */
  start: string;
  end?: string;
  batchSize: number;
  /** Called once with the failure that ended the file early (the client sees a cut file). */
  onError: (error: unknown) => void;
}

/**
 * A file written in keyset batches, each its own short query, the next read only once the client has
 * taken this one (back-pressure): no transaction, cursor or pooled connection is held while a slow
 * client reads, and on the embedded database (one query at a time) every other request waits for at
 * most one batch. The file's start goes out with the first rows, so a database that fails at once
 * sends nothing and the client gets the error answer.
 */
export function streamKeysetBatches<Row, Position>(options: KeysetExport<Row, Position>): Readable {
  const { readBatch, positionOf, text, start, end = '', batchSize, onError } = options;
  const out = new PassThrough();
  const write = writerOf(out);
  void (async () => {
    let after: Position | undefined;
    let first = true;
    for (;;) {
      const rows = await readBatch(after, batchSize);
      await write(`${first ? start : ''}${text(rows, first)}`);
      first = false;
      if (rows.length < batchSize) break;
      after = positionOf(rows[rows.length - 1]!);
    }
    await write(end);
    out.end();
  })().catch((error: unknown) => {
    if (!out.destroyed) {
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return out;
}
